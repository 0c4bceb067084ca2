import type pg from 'pg';
import { taxProfileRequestSchema, type TaxProfileInput } from '@portal/contracts/tax-profile';
import { inTransaction } from '../../db/queryable.ts';
import { DEMO_AGENTS, DEMO_EMAILS } from '../../db/seeds/demo-identities.ts';
import { writeTaxProfile } from './repository.ts';

const DAY_MS = 86_400_000;

/**
 * The demo agents' tax profiles, as their members entered them: Harbor, a British company registered for VAT, and
 * Northwind, a German GmbH registered for VAT (both abroad from the Dubai business: their statements carry the
 * reverse-charge note); Bright Path, a free-zone company in the Emirates registered there (same country: no note).
 * Harbor's was entered by its finance member, the others by their owners.
 */
const PROFILES: { agent: string; by: 'owner' | 'finance'; daysAgo: number; profile: TaxProfileInput }[] = [
  {
    agent: DEMO_AGENTS.main,
    by: 'finance',
    daysAgo: 412,
    profile: {
      legal_name: 'Harbor Health Partners Ltd',
      address_line1: '14 Quayside Court',
      address_line2: 'Gunwharf Quays',
      city: 'Portsmouth',
      postal_code: 'PO1 3TZ',
      country: 'GB',
      tax_id: '09418273',
      vat_status: 'registered',
      vat_number: 'GB 284 6195 30',
    },
  },
  {
    agent: DEMO_AGENTS.second,
    by: 'owner',
    daysAgo: 388,
    profile: {
      legal_name: 'Northwind Care Network GmbH',
      address_line1: 'Hohe Bleichen 11',
      city: 'Hamburg',
      postal_code: '20354',
      country: 'DE',
      tax_id: '27/815/04392',
      vat_status: 'registered',
      vat_number: 'DE318472905',
    },
  },
  {
    agent: DEMO_AGENTS.affiliates,
    by: 'owner',
    daysAgo: 205,
    profile: {
      legal_name: 'Bright Path Affiliates FZE',
      address_line1: 'Business Centre, Block B, Office 318',
      address_line2: 'Sharjah Media City',
      city: 'Sharjah',
      country: 'AE',
      tax_id: 'License 2214587.01',
      vat_status: 'registered',
      vat_number: '100398274100003',
    },
  },
];

export async function seedDemoTaxProfiles(pool: pg.Pool): Promise<void> {
  const existing = await pool.query('SELECT 1 FROM partner_tax_profiles LIMIT 1');
  if (existing.rowCount) return;
  const now = Date.now();
  await inTransaction(pool, async (client) => {
    for (const entry of PROFILES) {
      const { rows } = await client.query<{ agent_id: number; user_id: number | null }>(
        `SELECT ra.id AS agent_id,
                (SELECT p.user_id FROM partner_profiles p JOIN users u ON u.id = p.user_id WHERE p.referral_agent_id = ra.id AND p.role = $2
                  ORDER BY (u.email = $3) DESC, p.user_id LIMIT 1) AS user_id
           FROM referral_agents ra WHERE ra.name = $1`,
        [entry.agent, entry.by, DEMO_EMAILS.finance],
      );
      const agent = rows[0];
      if (!agent) continue;
      await writeTaxProfile(client, agent.agent_id, taxProfileRequestSchema.parse(entry.profile), agent.user_id, new Date(now - entry.daysAgo * DAY_MS));
    }
  });
}
