import { randomInt } from 'node:crypto';
import type pg from 'pg';
import type { PartnerRole } from '@portal/contracts/partner-roles';
import { REFERRAL_CODE_ALPHABET, REFERRAL_CODE_GRACE_DAYS, REFERRAL_CODE_LENGTH } from '@portal/contracts/referral-details';
import { inTransaction, type Queryable } from '../../db/queryable.ts';

/** Referral codes and the per-member figures: the area's SQL (docs/referral-details.md). */

const ISO = (column: string) => `to_char((${column}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** 8 characters drawn with the operating system's CSPRNG (crypto.randomInt, no modulo bias). */
export function generateReferralCode(): string {
  let code = '';
  for (let index = 0; index < REFERRAL_CODE_LENGTH; index += 1) code += REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)];
  return code;
}

export interface CodeRow {
  code: string;
  created_at: string;
}

export interface RetiredCodeRow {
  code: string;
  retired_at: string;
  works_until: string;
}

export async function currentCode(db: Queryable, userId: number): Promise<CodeRow | undefined> {
  const { rows } = await db.query<CodeRow>(
    `SELECT code, ${ISO('created_at')} AS created_at FROM referral_codes WHERE user_id = $1 AND retired_at IS NULL`,
    [userId],
  );
  return rows[0];
}

/** The person's retired codes that still resolve, newest first. */
export async function retiredCodes(db: Queryable, userId: number): Promise<RetiredCodeRow[]> {
  const { rows } = await db.query<RetiredCodeRow>(
    `SELECT code, ${ISO('retired_at')} AS retired_at, ${ISO(`retired_at + make_interval(days => ${REFERRAL_CODE_GRACE_DAYS})`)} AS works_until
       FROM referral_codes
      WHERE user_id = $1 AND retired_at IS NOT NULL AND retired_at > now() - make_interval(days => ${REFERRAL_CODE_GRACE_DAYS})
      ORDER BY retired_at DESC, id DESC
      LIMIT 20`,
    [userId],
  );
  return rows;
}

/**
 * Inserts a new current code for `userId`: a fresh random code, drawn again on the (astronomically rare) clash with
 * any code ever given. Answers undefined when the person already has a current code (two first visits at once).
 */
async function insertCode(db: Queryable, userId: number): Promise<CodeRow | undefined> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const { rows } = await db.query<CodeRow & { clash: boolean }>(
      `WITH candidate AS (SELECT $2::text AS code WHERE NOT EXISTS (SELECT 1 FROM referral_codes WHERE code = $2))
       INSERT INTO referral_codes (user_id, code)
       SELECT $1, code FROM candidate
       ON CONFLICT (user_id) WHERE retired_at IS NULL DO NOTHING
       RETURNING code, ${ISO('created_at')} AS created_at`,
      [userId, generateReferralCode()],
    );
    if (rows[0]) return rows[0];
    // Nothing inserted: either the person has a current code now, or the candidate clashed; tell them apart.
    const existing = await currentCode(db, userId);
    if (existing) return undefined;
  }
  throw new Error('Could not draw a free referral code in 5 attempts.');
}

/**
 * Serialises every change of one person's codes (a first visit making the code, a regeneration by them or by an
 * operator) until the end of the caller's transaction. Without it a first visit could insert the first code between a
 * regeneration's retire and insert, and the regeneration would find a current code it did not make (a 500).
 */
async function lockCodesOf(db: Queryable, userId: number): Promise<void> {
  await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`referral_codes.user:${userId}`]);
}

/**
 * The person's current code, made now when they have none (their first visit). Reading an existing code takes no
 * lock; making one does, in a transaction of its own (lockCodesOf), so it waits for a regeneration under way and then
 * answers the code that regeneration made.
 */
export async function ensureCode(pool: pg.Pool, userId: number): Promise<CodeRow> {
  const existing = await currentCode(pool, userId);
  if (existing) return existing;
  return inTransaction(pool, async (client) => {
    await lockCodesOf(client, userId);
    const made = await currentCode(client, userId);
    if (made) return made;
    const inserted = await insertCode(client, userId);
    if (!inserted) throw new Error('A current referral code appeared while holding its lock.');
    return inserted;
  });
}

/**
 * Retires the current code (if any) and gives the person a new one; run in a transaction. Answers the retired code
 * (null when there was none) and the new one.
 */
export async function regenerateCode(db: Queryable, userId: number): Promise<{ before: string | null; after: CodeRow }> {
  // A double click: the second waits and retires the first's new code; a first visit waits, then reads the new code.
  await lockCodesOf(db, userId);
  const { rows } = await db.query<{ code: string }>(
    'UPDATE referral_codes SET retired_at = now() WHERE user_id = $1 AND retired_at IS NULL RETURNING code',
    [userId],
  );
  const after = await insertCode(db, userId);
  if (!after) throw new Error('A current referral code appeared during its regeneration.');
  return { before: rows[0]?.code ?? null, after };
}

/**
 * The current and still-working retired codes' owner, agent, state and the owner's current code (the same code
 * unless it was regenerated away from); null for any other code.
 */
export interface ResolvedCodeRow {
  code: string;
  current_code: string;
  user_id: number;
  referral_agent_id: number;
  agent_name: string;
  retired: boolean;
}

export async function resolveCode(db: Queryable, code: string): Promise<ResolvedCodeRow | null> {
  const { rows } = await db.query<ResolvedCodeRow>(
    `SELECT rc.code, coalesce(cur.code, rc.code) AS current_code, rc.user_id, pp.referral_agent_id, ra.name AS agent_name,
            rc.retired_at IS NOT NULL AS retired
       FROM referral_codes rc
       JOIN users u ON u.id = rc.user_id
       JOIN partner_profiles pp ON pp.user_id = rc.user_id
       JOIN referral_agents ra ON ra.id = pp.referral_agent_id
       LEFT JOIN referral_codes cur ON cur.user_id = rc.user_id AND cur.retired_at IS NULL
      WHERE rc.code = $1
        AND (rc.retired_at IS NULL OR rc.retired_at > now() - make_interval(days => ${REFERRAL_CODE_GRACE_DAYS}))
        AND u.status = 'approved'`,
    [code],
  );
  return rows[0] ?? null;
}

export interface AgentIdentityRow {
  id: number;
  name: string;
  logo: string | null;
  group_slug: string;
  group_name: string;
}

export async function agentIdentity(db: Queryable, referralAgentId: number): Promise<AgentIdentityRow | undefined> {
  const { rows } = await db.query<AgentIdentityRow>(
    `SELECT ra.id, ra.name, ra.logo, rg.slug AS group_slug, rg.name AS group_name
       FROM referral_agents ra JOIN referral_groups rg ON rg.id = ra.referral_group_id
      WHERE ra.id = $1`,
    [referralAgentId],
  );
  return rows[0];
}

/** 'active' (users.status 'approved'), or a former member: deactivated by an owner, suspended by an operator. */
export type MemberFiguresStatus = 'active' | 'deactivated' | 'suspended';

export interface MemberFiguresRow {
  user_id: number;
  first_name: string;
  last_name: string;
  role: PartnerRole;
  status: MemberFiguresStatus;
  referred_this: number;
  completed_this: number;
  referred_last: number;
  completed_last: number;
}

/**
 * Each member of `referralAgentId` with the bookings they referred: made (created_at) this month and last month, and
 * completed with the appointment (date_time) in each month, months in `timeZone`. Scoped inside the query: the
 * agent's members and the agent's bookings only (b.referral_agent_id leads the index the ranges use).
 *
 * Members are the team module's active ones (users.status 'approved'). A deactivated or suspended member is listed
 * only when they have a figure in the two months (their past referrals stay theirs), with their status; invited
 * people (not members yet) and any other status never are.
 */
export async function memberFigures(
  db: Queryable,
  referralAgentId: number,
  timeZone: string,
): Promise<{ rows: MemberFiguresRow[]; thisMonth: string; lastMonth: string }> {
  const { rows } = await db.query<MemberFiguresRow>(
    `WITH bounds AS (
       SELECT date_trunc('month', now() AT TIME ZONE $2::text) AS local_this)
     , range AS (
       SELECT (local_this - interval '1 month') AT TIME ZONE $2::text AS last_start,
              local_this AT TIME ZONE $2::text AS this_start,
              (local_this + interval '1 month') AT TIME ZONE $2::text AS next_start
         FROM bounds)
     , counts AS (
       SELECT b.referred_by_user_id AS user_id,
              count(*) FILTER (WHERE b.created_at >= r.this_start AND b.created_at < r.next_start)::int AS referred_this,
              count(*) FILTER (WHERE b.created_at >= r.last_start AND b.created_at < r.this_start)::int AS referred_last,
              count(*) FILTER (WHERE b.status = 'completed' AND b.date_time >= r.this_start AND b.date_time < r.next_start)::int AS completed_this,
              count(*) FILTER (WHERE b.status = 'completed' AND b.date_time >= r.last_start AND b.date_time < r.this_start)::int AS completed_last
         FROM bookings b, range r
        WHERE b.referral_agent_id = $1
          AND b.referred_by_user_id IS NOT NULL
          AND ((b.created_at >= r.last_start AND b.created_at < r.next_start) OR (b.date_time >= r.last_start AND b.date_time < r.next_start))
        GROUP BY b.referred_by_user_id)
     SELECT u.id AS user_id, u.first_name, u.last_name, pp.role,
            CASE u.status WHEN 'approved' THEN 'active' ELSE u.status END AS status,
            coalesce(c.referred_this, 0) AS referred_this, coalesce(c.completed_this, 0) AS completed_this,
            coalesce(c.referred_last, 0) AS referred_last, coalesce(c.completed_last, 0) AS completed_last
       FROM partner_profiles pp
       JOIN users u ON u.id = pp.user_id
       LEFT JOIN counts c ON c.user_id = pp.user_id
      WHERE pp.referral_agent_id = $1
        AND (u.status = 'approved'
             OR (u.status IN ('deactivated', 'suspended')
                 AND c.referred_this + c.completed_this + c.referred_last + c.completed_last > 0))
      ORDER BY lower(u.first_name), lower(u.last_name), u.id
      LIMIT 500`,
    [referralAgentId, timeZone],
  );
  const months = await db.query<{ this_month: string; last_month: string }>(
    `SELECT to_char(date_trunc('month', now() AT TIME ZONE $1::text), 'YYYY-MM') AS this_month,
            to_char(date_trunc('month', now() AT TIME ZONE $1::text) - interval '1 month', 'YYYY-MM') AS last_month`,
    [timeZone],
  );
  return { rows, thisMonth: months.rows[0]!.this_month, lastMonth: months.rows[0]!.last_month };
}

/** The console's partner: their user id exists as a partner (not an operator id of another table). */
export async function partnerExists(db: Queryable, userId: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM partner_profiles WHERE user_id = $1', [userId]);
  return rows.length > 0;
}

/** Every partner without a current code (the demo seed gives each one). */
export async function partnersWithoutCode(db: Queryable): Promise<number[]> {
  const { rows } = await db.query<{ user_id: number }>(
    `SELECT pp.user_id FROM partner_profiles pp
      WHERE NOT EXISTS (SELECT 1 FROM referral_codes rc WHERE rc.user_id = pp.user_id AND rc.retired_at IS NULL)
      ORDER BY pp.user_id`,
  );
  return rows.map((row) => row.user_id);
}
