import type { TaxProfile, TaxProfileRequest } from '@portal/contracts/tax-profile';
import type { Queryable } from '../../db/queryable.ts';

/** The tax profile's SQL (table partner_tax_profiles, migration 0030_finance_controls.sql). */

interface TaxProfileRow {
  legal_name: string;
  address_line1: string;
  address_line2: string | null;
  city: string;
  postal_code: string | null;
  country: string;
  tax_id: string | null;
  vat_status: TaxProfile['vat_status'];
  vat_number: string | null;
  updated_at: Date;
  updated_by: string | null;
}

function toProfile(row: TaxProfileRow): TaxProfile {
  return { ...row, updated_at: row.updated_at.toISOString() };
}

/** Agent `agentId`'s profile with the name of the member who last changed it, or null when it has none. */
export async function findTaxProfile(db: Queryable, agentId: number, options: { forUpdate?: boolean } = {}): Promise<TaxProfile | null> {
  const { rows } = await db.query<TaxProfileRow>(
    `SELECT t.legal_name, t.address_line1, t.address_line2, t.city, t.postal_code, t.country, t.tax_id, t.vat_status, t.vat_number, t.updated_at,
            nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') AS updated_by
       FROM partner_tax_profiles t LEFT JOIN users u ON u.id = t.updated_by_user_id
      WHERE t.referral_agent_id = $1${options.forUpdate ? ' FOR UPDATE OF t' : ''}`,
    [agentId],
  );
  return rows[0] ? toProfile(rows[0]) : null;
}

/** Writes the whole profile of `agentId` (created on the first save), as changed by member `userId` (null: a seed). */
export async function writeTaxProfile(db: Queryable, agentId: number, profile: TaxProfileRequest, userId: number | null, at: Date = new Date()): Promise<void> {
  await db.query(
    `INSERT INTO partner_tax_profiles (referral_agent_id, legal_name, address_line1, address_line2, city, postal_code, country, tax_id, vat_status, vat_number, updated_at, updated_by_user_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     ON CONFLICT (referral_agent_id) DO UPDATE SET legal_name = excluded.legal_name, address_line1 = excluded.address_line1, address_line2 = excluded.address_line2,
       city = excluded.city, postal_code = excluded.postal_code, country = excluded.country, tax_id = excluded.tax_id, vat_status = excluded.vat_status,
       vat_number = excluded.vat_number, updated_at = excluded.updated_at, updated_by_user_id = excluded.updated_by_user_id`,
    [agentId, profile.legal_name, profile.address_line1, profile.address_line2, profile.city, profile.postal_code, profile.country, profile.tax_id, profile.vat_status, profile.vat_number, at, userId],
  );
}
