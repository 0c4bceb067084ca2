import type { PartnerTier, TierCriterion, TierHistoryEntry, TierHistoryKind, TierPeriod } from '@portal/contracts/partner-tiers';
import type { ConsoleAgentTierRow, ConsoleAgentTiersQuery } from '@portal/contracts/console-partner-tiers';
import { containsPattern, queryPage, type Queryable } from '../../db/queryable.ts';
import type { Period } from './periods.ts';

/** The tiers' SQL (docs/partner-tiers.md): definitions, each agent's tier and history, and what the criteria measure. */

interface TierRecord {
  id: number;
  slug: string;
  name: string;
  name_ar: string;
  rank: number;
  benefits: string;
  benefits_ar: string;
  evaluation_period: TierPeriod;
  criteria: (Omit<TierCriterion, 'threshold_minor'> & { threshold_minor: string | number | null })[] | null;
}

/** Every tier, lowest rank first, with its criteria. */
export async function listTiers(db: Queryable): Promise<PartnerTier[]> {
  const { rows } = await db.query<TierRecord>(
    `SELECT t.id, t.slug, t.name, t.name_ar, t.rank, t.benefits, t.benefits_ar, t.evaluation_period,
            (SELECT json_agg(json_build_object('kind', c.kind, 'threshold_count', c.threshold_count, 'threshold_minor', c.threshold_minor,
                                               'currency', c.currency, 'certificate_programme', c.certificate_programme) ORDER BY c.kind)
               FROM partner_tier_criteria c WHERE c.tier_id = t.id) AS criteria
       FROM partner_tiers t ORDER BY t.rank`,
  );
  return rows.map((row) => ({
    ...row,
    criteria: (row.criteria ?? []).map((criterion) => ({ ...criterion, threshold_minor: criterion.threshold_minor === null ? null : Number(criterion.threshold_minor) })),
  }));
}

export interface AgentTierState {
  referral_agent_id: number;
  tier_id: number;
  since: Date;
  frozen: boolean;
  frozen_reason: string | null;
  demotion_tier_id: number | null;
  demotion_noticed_at: Date | null;
  demotion_effective_at: Date | null;
  evaluated_at: Date | null;
}

/** The agent's tier now; `lock` holds the row for the transaction (the job and an operator never interleave). */
export async function findAgentTier(db: Queryable, referralAgentId: number, lock = false): Promise<AgentTierState | undefined> {
  const { rows } = await db.query<AgentTierState>(
    `SELECT referral_agent_id, tier_id, since, frozen, frozen_reason, demotion_tier_id, demotion_noticed_at, demotion_effective_at, evaluated_at
       FROM agent_tiers WHERE referral_agent_id = $1${lock ? ' FOR UPDATE' : ''}`,
    [referralAgentId],
  );
  return rows[0];
}

/** Serialises every change of one agent's tier, including its first row (which FOR UPDATE cannot lock yet). */
export async function lockAgent(db: Queryable, referralAgentId: number): Promise<void> {
  await db.query("SELECT pg_advisory_xact_lock(hashtext('agent_tiers'), $1)", [referralAgentId]);
}

export async function insertAgentTier(db: Queryable, referralAgentId: number, tierId: number, since: Date): Promise<void> {
  await db.query('INSERT INTO agent_tiers (referral_agent_id, tier_id, since, evaluated_at) VALUES ($1, $2, $3, $3)', [referralAgentId, tierId, since]);
}

/** Writes the agent's state as given (the evaluation and the console compute it; this only stores it). */
export async function updateAgentTier(db: Queryable, state: AgentTierState): Promise<void> {
  await db.query(
    `UPDATE agent_tiers SET tier_id = $2, since = $3, frozen = $4, frozen_reason = $5, demotion_tier_id = $6, demotion_noticed_at = $7,
            demotion_effective_at = $8, evaluated_at = $9
      WHERE referral_agent_id = $1`,
    [state.referral_agent_id, state.tier_id, state.since, state.frozen, state.frozen_reason, state.demotion_tier_id, state.demotion_noticed_at, state.demotion_effective_at, state.evaluated_at],
  );
}

export interface NewHistoryEntry {
  referralAgentId: number;
  fromTierId: number | null;
  toTierId: number;
  kind: TierHistoryKind;
  automatic: boolean;
  reason?: string | null;
  operatorId?: number | null;
  effectiveAt: Date;
  createdAt: Date;
}

export async function insertHistory(db: Queryable, entry: NewHistoryEntry): Promise<void> {
  await db.query(
    `INSERT INTO agent_tier_history (referral_agent_id, from_tier_id, to_tier_id, kind, automatic, reason, operator_id, effective_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [entry.referralAgentId, entry.fromTierId, entry.toTierId, entry.kind, entry.automatic, entry.reason ?? null, entry.operatorId ?? null, entry.effectiveAt, entry.createdAt],
  );
}

/** The agent's tier history, newest first. */
export async function listHistory(db: Queryable, referralAgentId: number, limit = 50): Promise<TierHistoryEntry[]> {
  const { rows } = await db.query<{
    id: string;
    kind: TierHistoryKind;
    automatic: boolean;
    reason: string | null;
    effective_at: Date;
    created_at: Date;
    from_id: number | null;
    from_name: string | null;
    from_name_ar: string | null;
    to_id: number;
    to_name: string;
    to_name_ar: string;
  }>(
    `SELECT h.id, h.kind, h.automatic, h.reason, h.effective_at, h.created_at,
            f.id AS from_id, f.name AS from_name, f.name_ar AS from_name_ar, t.id AS to_id, t.name AS to_name, t.name_ar AS to_name_ar
       FROM agent_tier_history h
       JOIN partner_tiers t ON t.id = h.to_tier_id
       LEFT JOIN partner_tiers f ON f.id = h.from_tier_id
      WHERE h.referral_agent_id = $1
      ORDER BY h.created_at DESC, h.id DESC
      LIMIT $2`,
    [referralAgentId, limit],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    kind: row.kind,
    automatic: row.automatic,
    reason: row.reason,
    from: row.from_id === null ? null : { id: row.from_id, name: row.from_name ?? '', name_ar: row.from_name_ar ?? '' },
    to: { id: row.to_id, name: row.to_name, name_ar: row.to_name_ar },
    effective_at: row.effective_at.toISOString(),
    created_at: row.created_at.toISOString(),
  }));
}

/** Every referral agent, for the nightly evaluation. */
export async function allAgentIds(db: Queryable): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM referral_agents ORDER BY id');
  return rows.map((row) => row.id);
}

/** The agent's completed bookings whose treatment falls in the period: a count and a sum per billing currency. */
export async function completedBookings(db: Queryable, referralAgentId: number, period: Period): Promise<{ currency: string; count: number; amount: string }[]> {
  const { rows } = await db.query<{ currency: string; count: number; amount: string }>(
    `SELECT currency, count(*)::int AS count, sum(amount)::text AS amount
       FROM bookings
      WHERE referral_agent_id = $1 AND status = 'completed' AND date_time >= $2 AND date_time < $3
      GROUP BY currency`,
    [referralAgentId, period.start, period.end],
  );
  return rows;
}

/** The latest operator exchange rate of each currency into `reference` on or before `day`, and that rate's date. */
export async function exchangeRates(db: Queryable, reference: string, day: string): Promise<Map<string, { rate: number; asOf: string }>> {
  const { rows } = await db.query<{ currency: string; rate: string; as_of: string }>(
    `SELECT DISTINCT ON (currency) currency, rate::text AS rate, to_char(as_of, 'YYYY-MM-DD') AS as_of
       FROM exchange_rates WHERE reference = $1 AND as_of <= $2::date
      ORDER BY currency, as_of DESC`,
    [reference, day],
  );
  return new Map(rows.map((row) => [row.currency, { rate: Number(row.rate), asOf: row.as_of }]));
}

// ——— The console ———

export async function tierAgentCounts(db: Queryable): Promise<Map<number, number>> {
  const { rows } = await db.query<{ tier_id: number; agents: number }>('SELECT tier_id, count(*)::int AS agents FROM agent_tiers GROUP BY tier_id');
  return new Map(rows.map((row) => [row.tier_id, row.agents]));
}

export interface TierWrite {
  name: string;
  name_ar: string;
  benefits: string;
  benefits_ar: string;
  evaluation_period: TierPeriod;
  criteria: TierCriterion[];
}

function slugOf(name: string): string {
  return (
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 32) || 'tier'
  );
}

async function replaceCriteria(db: Queryable, tierId: number, criteria: TierCriterion[]): Promise<void> {
  await db.query('DELETE FROM partner_tier_criteria WHERE tier_id = $1', [tierId]);
  for (const criterion of criteria) {
    await db.query(
      `INSERT INTO partner_tier_criteria (tier_id, kind, threshold_count, threshold_minor, currency, certificate_programme) VALUES ($1, $2, $3, $4, $5, $6)`,
      [tierId, criterion.kind, criterion.threshold_count, criterion.threshold_minor, criterion.currency, criterion.certificate_programme],
    );
  }
}

/** A new tier, ranked above every other; its slug from its name (made unique with the rank). */
export async function insertTier(db: Queryable, tier: TierWrite): Promise<number> {
  await db.query("SELECT pg_advisory_xact_lock(hashtext('partner_tiers'))");
  const { rows: ranks } = await db.query<{ rank: number }>('SELECT COALESCE(max(rank), 0) + 1 AS rank FROM partner_tiers');
  const rank = ranks[0]!.rank;
  const base = slugOf(tier.name);
  const { rows: taken } = await db.query('SELECT 1 FROM partner_tiers WHERE slug = $1', [base]);
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO partner_tiers (slug, name, name_ar, rank, benefits, benefits_ar, evaluation_period) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [taken.length > 0 ? `${base}-${rank}` : base, tier.name, tier.name_ar, rank, tier.benefits, tier.benefits_ar, tier.evaluation_period],
  );
  await replaceCriteria(db, rows[0]!.id, tier.criteria);
  return rows[0]!.id;
}

export async function updateTier(db: Queryable, id: number, tier: TierWrite): Promise<void> {
  await db.query(
    `UPDATE partner_tiers SET name = $2, name_ar = $3, benefits = $4, benefits_ar = $5, evaluation_period = $6, updated_at = now() WHERE id = $1`,
    [id, tier.name, tier.name_ar, tier.benefits, tier.benefits_ar, tier.evaluation_period],
  );
  await replaceCriteria(db, id, tier.criteria);
}

interface AgentTierRecord {
  id: number;
  name: string;
  group_name: string;
  tier_id: number | null;
  tier_name: string | null;
  tier_name_ar: string | null;
  since: Date | null;
  frozen: boolean | null;
  frozen_reason: string | null;
  demotion_tier_id: number | null;
  demotion_name: string | null;
  demotion_name_ar: string | null;
  demotion_effective_at: Date | null;
  evaluated_at: Date | null;
}

const AGENT_SELECT = `a.id, a.name, g.name AS group_name, t.id AS tier_id, t.name AS tier_name, t.name_ar AS tier_name_ar, s.since, s.frozen,
  s.frozen_reason, d.id AS demotion_tier_id, d.name AS demotion_name, d.name_ar AS demotion_name_ar, s.demotion_effective_at, s.evaluated_at`;
const AGENT_FROM = `referral_agents a
  JOIN referral_groups g ON g.id = a.referral_group_id
  LEFT JOIN agent_tiers s ON s.referral_agent_id = a.id
  LEFT JOIN partner_tiers t ON t.id = s.tier_id
  LEFT JOIN partner_tiers d ON d.id = s.demotion_tier_id`;

function toAgentRow(record: AgentTierRecord): ConsoleAgentTierRow {
  return {
    id: record.id,
    name: record.name,
    group: record.group_name,
    tier: record.tier_id === null ? null : { id: record.tier_id, name: record.tier_name ?? '', name_ar: record.tier_name_ar ?? '' },
    since: record.since?.toISOString() ?? null,
    frozen: record.frozen ?? false,
    frozen_reason: record.frozen_reason,
    demotion:
      record.demotion_tier_id === null || record.demotion_effective_at === null
        ? null
        : { to: { id: record.demotion_tier_id, name: record.demotion_name ?? '', name_ar: record.demotion_name_ar ?? '' }, effective_at: record.demotion_effective_at.toISOString() },
    evaluated_at: record.evaluated_at?.toISOString() ?? null,
  };
}

const AGENT_ORDER: Record<ConsoleAgentTiersQuery['sort'], string> = {
  name: 'lower(a.name) ASC, a.id ASC',
  '-name': 'lower(a.name) DESC, a.id DESC',
  tier: 't.rank ASC NULLS FIRST, lower(a.name) ASC, a.id ASC',
  '-tier': 't.rank DESC NULLS LAST, lower(a.name) ASC, a.id ASC',
};

export async function listAgentTiers(db: Queryable, query: ConsoleAgentTiersQuery): Promise<{ rows: ConsoleAgentTierRow[]; total: number }> {
  const values: unknown[] = [];
  const clauses = ['true'];
  if (query.search) clauses.push(`a.name ILIKE $${values.push(containsPattern(query.search))}`);
  if (query.tier_id !== undefined) clauses.push(`s.tier_id = $${values.push(query.tier_id)}`);
  if (query.state === 'frozen') clauses.push('s.frozen');
  if (query.state === 'notice') clauses.push('s.demotion_tier_id IS NOT NULL');
  const { rows, total } = await queryPage<AgentTierRecord>(db, {
    select: AGENT_SELECT,
    from: AGENT_FROM,
    where: clauses.join(' AND '),
    values,
    orderBy: AGENT_ORDER[query.sort],
    page: query.page,
    perPage: query.per_page,
  });
  return { rows: rows.map(toAgentRow), total };
}

export async function findAgentTierRow(db: Queryable, referralAgentId: number): Promise<ConsoleAgentTierRow | undefined> {
  const { rows } = await db.query<AgentTierRecord>(`SELECT ${AGENT_SELECT} FROM ${AGENT_FROM} WHERE a.id = $1`, [referralAgentId]);
  return rows[0] ? toAgentRow(rows[0]) : undefined;
}
