import type { ConsoleRateOptions, ConsoleRateRow, ConsoleRatesQuery } from '@portal/contracts/console-commission-rates';
import { containsPattern, queryPage, type Queryable } from '../../db/queryable.ts';

/** The console's reads and writes of the rate card (console-routes.ts). */

const ROW_SELECT = `
  r.id, r.kind, r.basis_points, r.amount_minor, r.currency, r.base_description, r.base_description_ar, r.refund_window_days,
  to_char(r.valid_from, 'YYYY-MM-DD') AS valid_from, to_char(r.valid_to, 'YYYY-MM-DD') AS valid_to,
  CASE WHEN r.valid_to IS NOT NULL AND r.valid_to <= current_date THEN 'ended'
       WHEN r.valid_from > current_date THEN 'upcoming' ELSE 'current' END AS status,
  f.id AS facility_id, f.name AS facility_name, f.currency AS facility_currency,
  s.id AS service_id, s.name AS service_name, sp.id AS specialty_id, sp.name AS specialty_name,
  t.id AS tier_id, t.name AS tier_name, a.id AS agent_id, a.name AS agent_name,
  ct.id AS contract_id, ct.title AS contract_title, ct.version AS contract_version`;

const ROW_FROM = `commission_rates r
  LEFT JOIN facilities f ON f.id = r.facility_id
  LEFT JOIN services s ON s.id = r.service_id
  LEFT JOIN specialties sp ON sp.id = r.specialty_id
  LEFT JOIN partner_tiers t ON t.id = r.tier_id
  LEFT JOIN referral_agents a ON a.id = r.referral_agent_id
  LEFT JOIN agreements ct ON ct.id = r.agreement_id`;

interface RateRecord {
  id: number;
  kind: 'percentage' | 'flat';
  basis_points: number | null;
  amount_minor: string | number | null;
  currency: string | null;
  base_description: string;
  base_description_ar: string;
  refund_window_days: number;
  valid_from: string;
  valid_to: string | null;
  status: ConsoleRateRow['status'];
  facility_id: number | null;
  facility_name: string | null;
  facility_currency: string | null;
  service_id: number | null;
  service_name: string | null;
  specialty_id: number | null;
  specialty_name: string | null;
  tier_id: number | null;
  tier_name: string | null;
  agent_id: number | null;
  agent_name: string | null;
  contract_id: number | null;
  contract_title: string | null;
  contract_version: number | null;
}

function toRow(record: RateRecord): ConsoleRateRow {
  const pair = (id: number | null, name: string | null) => (id === null ? null : { id, name: name ?? '' });
  return {
    id: record.id,
    facility: record.facility_id === null ? null : { id: record.facility_id, name: record.facility_name ?? '', currency: record.facility_currency ?? '' },
    service: pair(record.service_id, record.service_name),
    specialty: pair(record.specialty_id, record.specialty_name),
    tier: pair(record.tier_id, record.tier_name),
    agent: pair(record.agent_id, record.agent_name),
    contract: record.contract_id === null ? null : { id: record.contract_id, title: record.contract_title ?? '', version: record.contract_version ?? 1 },
    kind: record.kind,
    basis_points: record.basis_points,
    amount_minor: record.amount_minor === null ? null : Number(record.amount_minor),
    currency: record.currency,
    base_description: record.base_description,
    base_description_ar: record.base_description_ar,
    refund_window_days: record.refund_window_days,
    valid_from: record.valid_from,
    valid_to: record.valid_to,
    status: record.status,
  };
}

const ORDER_BY: Record<ConsoleRatesQuery['sort'], string> = {
  valid_from: 'r.valid_from ASC, r.id ASC',
  '-valid_from': 'r.valid_from DESC, r.id DESC',
  facility: "lower(COALESCE(f.name, '')) ASC, r.id ASC",
  '-facility': "lower(COALESCE(f.name, '')) DESC, r.id DESC",
};

export async function listRates(db: Queryable, query: ConsoleRatesQuery): Promise<{ rows: ConsoleRateRow[]; total: number }> {
  const values: unknown[] = [];
  const clauses = ['true'];
  if (query.scope === 'card') clauses.push('r.referral_agent_id IS NULL');
  if (query.scope === 'contracts') clauses.push('r.referral_agent_id IS NOT NULL');
  if (query.search) {
    values.push(containsPattern(query.search));
    const at = `$${values.length}`;
    clauses.push(`(f.name ILIKE ${at} OR s.name ILIKE ${at} OR sp.name ILIKE ${at} OR a.name ILIKE ${at} OR r.base_description ILIKE ${at})`);
  }
  if (query.facility_id !== undefined) clauses.push(`r.facility_id = $${values.push(query.facility_id)}`);
  if (query.tier_id !== undefined) clauses.push(`r.tier_id = $${values.push(query.tier_id)}`);
  if (query.contract_id !== undefined) clauses.push(`r.agreement_id = $${values.push(query.contract_id)}`);
  if (query.status === 'ended') clauses.push('r.valid_to IS NOT NULL AND r.valid_to <= current_date');
  if (query.status === 'upcoming') clauses.push('r.valid_from > current_date');
  if (query.status === 'current') clauses.push('r.valid_from <= current_date AND (r.valid_to IS NULL OR r.valid_to > current_date)');
  const { rows, total } = await queryPage<RateRecord>(db, {
    select: ROW_SELECT,
    from: ROW_FROM,
    where: clauses.join(' AND '),
    values,
    orderBy: ORDER_BY[query.sort],
    page: query.page,
    perPage: query.per_page,
  });
  return { rows: rows.map(toRow), total };
}

export async function findRate(db: Queryable, id: number, lock = false): Promise<ConsoleRateRow | undefined> {
  const { rows } = await db.query<RateRecord>(`SELECT ${ROW_SELECT} FROM ${ROW_FROM} WHERE r.id = $1${lock ? ' FOR UPDATE OF r' : ''}`, [id]);
  return rows[0] ? toRow(rows[0]) : undefined;
}

/** Rows for the same facility, service, specialty, tier and agent whose validity overlaps [from, to). */
export async function overlappingRates(
  db: Queryable,
  key: { facilityId: number | null; serviceId: number | null; specialtyId: number | null; tierId: number | null; referralAgentId: number | null },
  from: string,
  to: string | null,
  exceptId: number | null = null,
): Promise<{ id: number; valid_from: string; valid_to: string | null }[]> {
  const { rows } = await db.query<{ id: number; valid_from: string; valid_to: string | null }>(
    `SELECT id, to_char(valid_from, 'YYYY-MM-DD') AS valid_from, to_char(valid_to, 'YYYY-MM-DD') AS valid_to
       FROM commission_rates
      WHERE facility_id IS NOT DISTINCT FROM $1 AND service_id IS NOT DISTINCT FROM $2 AND specialty_id IS NOT DISTINCT FROM $3
        AND tier_id IS NOT DISTINCT FROM $4 AND referral_agent_id IS NOT DISTINCT FROM $5
        AND ($7::int IS NULL OR id <> $7)
        AND daterange(valid_from, valid_to, '[)') && daterange($6::date, $8::date, '[)')
      ORDER BY valid_from`,
    [key.facilityId, key.serviceId, key.specialtyId, key.tierId, key.referralAgentId, from, exceptId, to],
  );
  return rows;
}

/** One lock for all writes to the card, so two overlapping rows cannot be added at the same moment. */
export async function lockRateCard(db: Queryable): Promise<void> {
  await db.query("SELECT pg_advisory_xact_lock(hashtext('commission_rates'))");
}

export async function endRate(db: Queryable, id: number, validTo: string): Promise<void> {
  await db.query('UPDATE commission_rates SET valid_to = $2, updated_at = now() WHERE id = $1', [id, validTo]);
}

export async function rateOptions(db: Queryable): Promise<ConsoleRateOptions> {
  const [facilities, specialties, services, tiers, contracts] = await Promise.all([
    db.query<{ id: number; name: string; currency: string }>('SELECT id, name, currency FROM facilities ORDER BY lower(name), id'),
    db.query<{ id: number; name: string }>('SELECT id, name FROM specialties ORDER BY lower(name), id'),
    db.query<{ id: number; name: string; specialty_id: number | null }>('SELECT id, name, specialty_id FROM services ORDER BY lower(name), id'),
    db.query<{ id: number; name: string }>('SELECT id, name FROM partner_tiers ORDER BY rank'),
    db.query<ConsoleRateOptions['contracts'][number]>(
      `SELECT g.id, g.title, g.version, g.status, json_build_object('id', a.id, 'name', a.name) AS agent
         FROM agreements g JOIN referral_agents a ON a.id = g.referral_agent_id
        WHERE g.kind = 'individual' AND g.status <> 'withdrawn'
        ORDER BY lower(a.name), g.key, g.version DESC`,
    ),
  ]);
  return { facilities: facilities.rows, specialties: specialties.rows, services: services.rows, tiers: tiers.rows, contracts: contracts.rows };
}

export async function facilityCurrency(db: Queryable, facilityId: number): Promise<string | undefined> {
  const { rows } = await db.query<{ currency: string }>('SELECT currency FROM facilities WHERE id = $1', [facilityId]);
  return rows[0]?.currency;
}

export async function exists(db: Queryable, table: 'services' | 'specialties' | 'partner_tiers', id: number): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM ${table} WHERE id = $1`, [id]);
  return rows.length > 0;
}

/** An individual contract a negotiated row can belong to (a draft or published one, not withdrawn), with its agent. */
export async function findContract(db: Queryable, id: number): Promise<{ id: number; referral_agent_id: number } | undefined> {
  const { rows } = await db.query<{ id: number; referral_agent_id: number }>(
    "SELECT id, referral_agent_id FROM agreements WHERE id = $1 AND kind = 'individual' AND status <> 'withdrawn'",
    [id],
  );
  return rows[0];
}

/** The individual contracts by key (the import names them so): each key's latest version that is not withdrawn. */
export async function contractsByKey(db: Queryable): Promise<Map<string, { id: number; referral_agent_id: number }>> {
  const { rows } = await db.query<{ key: string; id: number; referral_agent_id: number }>(
    `SELECT DISTINCT ON (key) key, id, referral_agent_id FROM agreements
      WHERE kind = 'individual' AND status <> 'withdrawn' ORDER BY key, version DESC`,
  );
  return new Map(rows.map((row) => [row.key, { id: row.id, referral_agent_id: row.referral_agent_id }]));
}
