import type { CommissionFilters, CommissionStructureQuery, EffectiveRateRow, RateScope, RateValue } from '@portal/contracts/commission-rates';
import { containsPattern, queryPage, type Queryable } from '../../db/queryable.ts';

/**
 * The rate card's SQL (docs/commission-rates.md). One rule picks the rate of a facility × service for an agent on a
 * day, in one place (`RESOLVED_RATES`), used by the partner's table, the resolver the earnings ledger calls, the tier
 * page's preview of another tier and the upcoming changes:
 *
 * 1. candidates: rows in force on the day (valid_from ≤ day < valid_to) whose every set column matches: the
 *    facility, the service or the service's specialty, the agent's tier, and the agent (an individual contract's row,
 *    only while that contract is published); a flat amount for all facilities applies only to facilities billing in
 *    its currency (amounts are never converted);
 * 2. the most specific wins, compared column by column in this order: the agent's own row, then facility, then
 *    service, then specialty, then tier; then the latest valid_from; then the newest row (highest id).
 */

/**
 * The agent's tier on a day: the last change of its history that took effect on or before that day (UTC), whatever
 * happened after, so a booking is priced by the tier it was made under however late it is priced (issue 31). A
 * demotion notice announces a change and makes none. An agent whose tier has no history at all (set before history
 * was kept) has its current tier.
 */
function tierOn(agent: string, day: string): string {
  return `(SELECT CASE WHEN EXISTS (SELECT 1 FROM agent_tier_history hh WHERE hh.referral_agent_id = ${agent})
                 THEN (SELECT h.to_tier_id FROM agent_tier_history h
                        WHERE h.referral_agent_id = ${agent} AND h.kind <> 'demotion_notice'
                          AND h.effective_at < ((${day}) + 1)::timestamp AT TIME ZONE 'UTC'
                        ORDER BY h.effective_at DESC, h.id DESC LIMIT 1)
                 ELSE (SELECT tier_id FROM agent_tiers WHERE referral_agent_id = ${agent}) END)`;
}

/**
 * The rule, over the facility × service rows `details` keeps: `agent` the agent, `day` the pricing day (a date
 * expression), `tier` the tier it prices as (the agent's on the day, `tierOn`, or another the tier page previews).
 */
function resolvedRates(agent: string, day: string, tier: string, details = 'true', detailsFrom = 'facility_service_details d'): string {
  return `
  SELECT d.facility_id, f.name AS facility_name, f.country, f.currency AS facility_currency,
         d.service_id, s.name AS service_name, sp.id AS specialty_id, sp.name AS specialty_name,
         r.id AS rate_id, r.kind, r.basis_points, r.amount_minor, r.currency AS rate_currency, r.referral_agent_id,
         r.base_description, r.base_description_ar, r.refund_window_days,
         to_char(r.valid_from, 'YYYY-MM-DD') AS valid_from, to_char(r.valid_to, 'YYYY-MM-DD') AS valid_to,
         t.id AS tier_id, t.name AS tier_name, t.name_ar AS tier_name_ar,
         rf.name AS scope_facility, rs.name AS scope_service, rsp.name AS scope_specialty
    FROM ${detailsFrom}
    JOIN facilities f ON f.id = d.facility_id
    JOIN services s ON s.id = d.service_id
    LEFT JOIN specialties sp ON sp.id = COALESCE(d.specialty_id, s.specialty_id)
    JOIN LATERAL (
      SELECT c.*
        FROM commission_rates c
        LEFT JOIN agreements contract ON contract.id = c.agreement_id
       WHERE (c.facility_id IS NULL OR c.facility_id = d.facility_id)
         AND (c.service_id IS NULL OR c.service_id = d.service_id)
         AND (c.specialty_id IS NULL OR c.specialty_id = sp.id)
         AND (c.tier_id IS NULL OR c.tier_id = ${tier})
         AND (c.referral_agent_id IS NULL OR (c.referral_agent_id = ${agent} AND contract.status = 'published'))
         AND c.valid_from <= ${day} AND (c.valid_to IS NULL OR c.valid_to > ${day})
         AND (c.kind = 'percentage' OR c.facility_id IS NOT NULL OR c.currency = f.currency)
       ORDER BY (c.referral_agent_id IS NOT NULL) DESC, (c.facility_id IS NOT NULL) DESC, (c.service_id IS NOT NULL) DESC,
                (c.specialty_id IS NOT NULL) DESC, (c.tier_id IS NOT NULL) DESC, c.valid_from DESC, c.id DESC
       LIMIT 1
    ) r ON true
    LEFT JOIN partner_tiers t ON t.id = r.tier_id
    LEFT JOIN facilities rf ON rf.id = r.facility_id
    LEFT JOIN services rs ON rs.id = r.service_id
    LEFT JOIN specialties rsp ON rsp.id = r.specialty_id
   WHERE ${details}`;
}

/** $1 the agent, $2 the day (YYYY-MM-DD), $3 a tier to price as instead of the agent's own (null: the agent's). */
const RESOLVED_RATES = resolvedRates('$1', '$2::date', `COALESCE($3::int, ${tierOn('$1', '$2::date')})`);

interface ResolvedRecord {
  facility_id: number;
  facility_name: string;
  country: string;
  facility_currency: string;
  service_id: number;
  service_name: string;
  specialty_id: number | null;
  specialty_name: string | null;
  rate_id: number;
  kind: 'percentage' | 'flat';
  basis_points: number | null;
  amount_minor: string | null;
  rate_currency: string | null;
  referral_agent_id: number | null;
  base_description: string;
  base_description_ar: string;
  refund_window_days: number;
  valid_from: string;
  valid_to: string | null;
  tier_id: number | null;
  tier_name: string | null;
  tier_name_ar: string | null;
  scope_facility: string | null;
  scope_service: string | null;
  scope_specialty: string | null;
}

function rateOf(record: ResolvedRecord): RateValue {
  return {
    kind: record.kind,
    basis_points: record.basis_points,
    amount_minor: record.amount_minor === null ? null : Number(record.amount_minor),
    currency: record.rate_currency ?? record.facility_currency,
  };
}

export interface ResolvedRate extends EffectiveRateRow {
  rate_id: number;
  /** What the matching row of the card is for (null: all), to say what a change covers. */
  scope: RateScope;
}

function toRow(record: ResolvedRecord): ResolvedRate {
  return {
    id: `${record.facility_id}-${record.service_id}`,
    rate_id: record.rate_id,
    scope: { facility: record.scope_facility, service: record.scope_service, specialty: record.scope_specialty, tier: record.tier_name === null ? null : { name: record.tier_name, name_ar: record.tier_name_ar ?? '' } },
    facility_id: record.facility_id,
    facility_name: record.facility_name,
    country: record.country,
    service_id: record.service_id,
    service_name: record.service_name,
    specialty_id: record.specialty_id,
    specialty_name: record.specialty_name,
    rate: rateOf(record),
    tier: record.tier_id === null ? null : { id: record.tier_id, name: record.tier_name ?? '', name_ar: record.tier_name_ar ?? '' },
    individual: record.referral_agent_id !== null,
    base_description: record.base_description,
    base_description_ar: record.base_description_ar,
    refund_window_days: record.refund_window_days,
    valid_from: record.valid_from,
    valid_to: record.valid_to,
  };
}

/** Sorting by the rate compares like with like: percentages first (by size), then flat amounts by currency and size. */
const ORDER_BY: Record<CommissionStructureQuery['sort'], string> = {
  facility: 'lower(facility_name) ASC, lower(service_name) ASC, facility_id, service_id',
  '-facility': 'lower(facility_name) DESC, lower(service_name) ASC, facility_id, service_id',
  service: 'lower(service_name) ASC, lower(facility_name) ASC, facility_id, service_id',
  '-service': 'lower(service_name) DESC, lower(facility_name) ASC, facility_id, service_id',
  country: 'country ASC, lower(facility_name) ASC, lower(service_name) ASC, facility_id, service_id',
  '-country': 'country DESC, lower(facility_name) ASC, lower(service_name) ASC, facility_id, service_id',
  rate: "kind DESC, basis_points ASC NULLS LAST, COALESCE(rate_currency, facility_currency), amount_minor ASC NULLS LAST, lower(facility_name), facility_id, service_id",
  '-rate': "kind DESC, basis_points DESC NULLS LAST, COALESCE(rate_currency, facility_currency), amount_minor DESC NULLS LAST, lower(facility_name), facility_id, service_id",
};

type Filters = Pick<CommissionStructureQuery, 'search' | 'facility_id' | 'specialty_id' | 'service_id' | 'country'>;

function whereOf(filters: Filters, values: unknown[]): string {
  const clauses = ['true'];
  if (filters.search) {
    values.push(containsPattern(filters.search));
    const at = `$${values.length}`;
    clauses.push(`(facility_name ILIKE ${at} OR service_name ILIKE ${at} OR specialty_name ILIKE ${at})`);
  }
  if (filters.facility_id !== undefined) clauses.push(`facility_id = $${values.push(filters.facility_id)}`);
  if (filters.specialty_id !== undefined) clauses.push(`specialty_id = $${values.push(filters.specialty_id)}`);
  if (filters.service_id !== undefined) clauses.push(`service_id = $${values.push(filters.service_id)}`);
  if (filters.country !== undefined) clauses.push(`country = $${values.push(filters.country)}`);
  return clauses.join(' AND ');
}

/** The agent's effective rates on `day`, filtered, sorted and paged: the partner's table. */
export async function findEffectiveRatesPage(
  db: Queryable,
  referralAgentId: number,
  day: string,
  query: CommissionStructureQuery,
): Promise<{ rows: EffectiveRateRow[]; total: number }> {
  const values: unknown[] = [referralAgentId, day, null];
  const where = whereOf(query, values);
  const { rows, total } = await queryPage<ResolvedRecord>(db, {
    select: '*',
    from: `(${RESOLVED_RATES}) AS rates`,
    where,
    values,
    orderBy: ORDER_BY[query.sort],
    page: query.page,
    perPage: query.per_page,
  });
  return { rows: rows.map((record) => stripRateId(toRow(record))), total };
}

function stripRateId(row: ResolvedRate): EffectiveRateRow {
  const { rate_id: _rateId, scope: _scope, ...rest } = row;
  return rest;
}

/** Every rate of the agent on `day` that the filters keep, in the query's order: the export (a few hundred rows). */
export async function findAllEffectiveRates(db: Queryable, referralAgentId: number, day: string, query: Filters & Pick<CommissionStructureQuery, 'sort'>): Promise<EffectiveRateRow[]> {
  const values: unknown[] = [referralAgentId, day, null];
  const where = whereOf(query, values);
  const { rows } = await db.query<ResolvedRecord>(`SELECT * FROM (${RESOLVED_RATES}) AS rates WHERE ${where} ORDER BY ${ORDER_BY[query.sort]}`, values);
  return rows.map((record) => stripRateId(toRow(record)));
}

/** The agent's name and logo, for the export's heading. */
/** Every effective rate of the agent on `day` (as `tierId` would price it, when given), in the table's default order. */
export async function effectiveRates(db: Queryable, options: { referralAgentId: number; day: string; tierId?: number | null }): Promise<ResolvedRate[]> {
  const { rows } = await db.query<ResolvedRecord>(`SELECT * FROM (${RESOLVED_RATES}) AS rates ORDER BY ${ORDER_BY.facility}`, [
    options.referralAgentId,
    options.day,
    options.tierId ?? null,
  ]);
  return rows.map(toRow);
}

/** The one rate that prices a booking of `facilityId` × `serviceId` for the agent on `day`, or undefined (no commission). */
export async function resolveRate(
  db: Queryable,
  options: { referralAgentId: number; facilityId: number; serviceId: number; day: string },
): Promise<ResolvedRate | undefined> {
  return (await resolveRates(db, [options]))[0];
}

/** What prices one booking: its agent, facility × service and pricing day (YYYY-MM-DD). */
export interface RateRequest {
  referralAgentId: number;
  facilityId: number;
  serviceId: number;
  day: string;
}

/**
 * The rate of each request (undefined where none applies), in the requests' order, in one query: how the ledger
 * prices a batch of completions (issue 31). The same rule as `resolveRate`, per request.
 */
export async function resolveRates(db: Queryable, requests: readonly RateRequest[]): Promise<(ResolvedRate | undefined)[]> {
  if (requests.length === 0) return [];
  const { rows } = await db.query<ResolvedRecord & { ord: string }>(
    `SELECT q.ord, rates.*
       FROM (SELECT q.*, ${tierOn('q.agent_id', 'q.day')} AS tier_id
               FROM unnest($1::int[], $2::int[], $3::int[], $4::date[]) WITH ORDINALITY AS q(agent_id, facility_id, service_id, day, ord)) AS q
      CROSS JOIN LATERAL (${resolvedRates(
        'q.agent_id',
        'q.day',
        'q.tier_id',
        'true',
        // The request's one facility × service row, found first by its unique index (OFFSET 0 keeps the planner from
        // flattening it): otherwise, with a table's statistics not yet gathered (a bulk import), the card's row was
        // resolved for every service of the facility and filtered afterwards, a hundred times the work (issue 31's bench).
        '(SELECT * FROM facility_service_details dd WHERE dd.facility_id = q.facility_id AND dd.service_id = q.service_id OFFSET 0) d',
      )}) AS rates`,
    [requests.map((r) => r.referralAgentId), requests.map((r) => r.facilityId), requests.map((r) => r.serviceId), requests.map((r) => r.day)],
  );
  const answers: (ResolvedRate | undefined)[] = requests.map(() => undefined);
  for (const row of rows) answers[Number(row.ord) - 1] = toRow(row);
  return answers;
}

/**
 * The days after `day` (up to `horizonDays` ahead) on which a row that could apply to the agent starts or ends: the only
 * days its rates can change on.
 */
export async function changeDays(db: Queryable, referralAgentId: number, day: string, horizonDays: number): Promise<string[]> {
  const { rows } = await db.query<{ day: string }>(
    `SELECT DISTINCT to_char(change_day, 'YYYY-MM-DD') AS day FROM (
       SELECT valid_from AS change_day, referral_agent_id FROM commission_rates
       UNION ALL
       SELECT valid_to, referral_agent_id FROM commission_rates WHERE valid_to IS NOT NULL
     ) changes
     WHERE change_day > $2::date AND change_day <= $2::date + $3::int
       AND (referral_agent_id IS NULL OR referral_agent_id = $1)
     ORDER BY day`,
    [referralAgentId, day, horizonDays],
  );
  return rows.map((row) => row.day);
}

/** The filters' choices: the facilities, specialties, services and countries of the agent's own rates. */
export async function filterChoices(db: Queryable, referralAgentId: number, day: string): Promise<CommissionFilters> {
  const rates = await effectiveRates(db, { referralAgentId, day });
  const facilities = new Map<number, { id: number; name: string; country: string }>();
  const specialties = new Map<number, { id: number; name: string }>();
  const services = new Map<number, { id: number; name: string; specialty_id: number | null }>();
  for (const rate of rates) {
    facilities.set(rate.facility_id, { id: rate.facility_id, name: rate.facility_name, country: rate.country });
    if (rate.specialty_id !== null) specialties.set(rate.specialty_id, { id: rate.specialty_id, name: rate.specialty_name ?? '' });
    services.set(rate.service_id, { id: rate.service_id, name: rate.service_name, specialty_id: rate.specialty_id });
  }
  const byName = <T extends { name: string }>(items: Iterable<T>) => [...items].sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return {
    facilities: byName(facilities.values()),
    specialties: byName(specialties.values()),
    services: byName(services.values()),
    countries: [...new Set(rates.map((rate) => rate.country))].sort(),
  };
}

/** A rate row as the demo seed and the tests write it. */
export interface NewRate {
  facilityId?: number | null;
  serviceId?: number | null;
  specialtyId?: number | null;
  tierId?: number | null;
  referralAgentId?: number | null;
  agreementId?: number | null;
  kind: 'percentage' | 'flat';
  basisPoints?: number | null;
  amountMinor?: number | null;
  currency?: string | null;
  baseDescription: string;
  baseDescriptionAr: string;
  refundWindowDays: number;
  validFrom: string;
  validTo?: string | null;
}

export async function insertRate(db: Queryable, rate: NewRate): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO commission_rates (facility_id, service_id, specialty_id, tier_id, referral_agent_id, agreement_id, kind, basis_points,
                                   amount_minor, currency, base_description, base_description_ar, refund_window_days, valid_from, valid_to)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id`,
    [
      rate.facilityId ?? null,
      rate.serviceId ?? null,
      rate.specialtyId ?? null,
      rate.tierId ?? null,
      rate.referralAgentId ?? null,
      rate.agreementId ?? null,
      rate.kind,
      rate.basisPoints ?? null,
      rate.amountMinor ?? null,
      rate.currency ?? null,
      rate.baseDescription,
      rate.baseDescriptionAr,
      rate.refundWindowDays,
      rate.validFrom,
      rate.validTo ?? null,
    ],
  );
  return rows[0]!.id;
}

/** A row of a rate schedule in words: what it is for, what it pays, its refund window (agreements show them). */
export interface ScheduleRow {
  scope: RateScope;
  rate: RateValue;
  refund_window_days: number;
}

/** The rate card's general rows in force on `day` (an agreement's schedule, as published). */
export async function cardSchedule(db: Queryable, day: string): Promise<ScheduleRow[]> {
  const { rows } = await db.query<{ row: ScheduleRow }>(
    `SELECT json_build_object(
              'scope', json_build_object('facility', f.name, 'service', s.name, 'specialty', sp.name,
                                         'tier', CASE WHEN t.id IS NULL THEN NULL ELSE json_build_object('name', t.name, 'name_ar', t.name_ar) END),
              'rate', json_build_object('kind', r.kind, 'basis_points', r.basis_points, 'amount_minor', r.amount_minor, 'currency', COALESCE(r.currency, f.currency, 'USD')),
              'refund_window_days', r.refund_window_days) AS row
       FROM commission_rates r
       LEFT JOIN facilities f ON f.id = r.facility_id
       LEFT JOIN services s ON s.id = r.service_id
       LEFT JOIN specialties sp ON sp.id = r.specialty_id
       LEFT JOIN partner_tiers t ON t.id = r.tier_id
      WHERE r.referral_agent_id IS NULL AND r.valid_from <= $1::date AND (r.valid_to IS NULL OR r.valid_to > $1::date)
      ORDER BY f.name NULLS FIRST, sp.name NULLS FIRST, s.name NULLS FIRST, t.rank NULLS FIRST, r.id`,
    [day],
  );
  return rows.map((row) => row.row);
}

/** An individual contract's negotiated rows of the rate card, in words. */
export async function contractRates(db: Queryable, agreementId: number): Promise<ScheduleRow[]> {
  const { rows } = await db.query<{ row: ScheduleRow }>(
    `SELECT json_build_object(
              'scope', json_build_object('facility', f.name, 'service', s.name, 'specialty', sp.name, 'tier', NULL),
              'rate', json_build_object('kind', r.kind, 'basis_points', r.basis_points, 'amount_minor', r.amount_minor, 'currency', COALESCE(r.currency, f.currency, 'USD')),
              'refund_window_days', r.refund_window_days) AS row
       FROM commission_rates r
       LEFT JOIN facilities f ON f.id = r.facility_id
       LEFT JOIN services s ON s.id = r.service_id
       LEFT JOIN specialties sp ON sp.id = r.specialty_id
      WHERE r.agreement_id = $1
      ORDER BY f.name NULLS FIRST, s.name NULLS FIRST, r.id`,
    [agreementId],
  );
  return rows.map((row) => row.row);
}
