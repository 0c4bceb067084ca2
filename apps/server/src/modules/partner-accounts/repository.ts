import { SIGN_IN_HISTORY_LENGTH, type PartnerAccountDetail, type PartnerAccountRow, type PartnerAccountStatus, type SignInEvent } from '@portal/contracts/console-partners';
import { containsPattern, queryPage, type Queryable } from '../../db/queryable.ts';

/** Partner accounts as operators see them: every referral agent's, read by the console only (no scoping by agent). */

const ISO = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const SORT_COLUMNS = {
  name: "lower(u.first_name || ' ' || u.last_name)",
  organisation: "lower(coalesce(p.organisation, ''))",
  created_at: 'u.created_at',
} as const;

/** The audit actions the sign-in history shows: sign-ins, failed ones, and sessions ended. */
const SIGN_IN_ACTIONS = ['auth.sign_in', 'auth.sign_in_failed', 'auth.session_ended', 'partner.sessions_ended'];

export async function listPartnerAccounts(
  db: Queryable,
  query: { search?: string | undefined; status?: PartnerAccountStatus | undefined; sort: string; page: number; per_page: number },
): Promise<{ rows: PartnerAccountRow[]; total: number }> {
  const values: unknown[] = [];
  const conditions = ['true'];
  if (query.search) {
    values.push(containsPattern(query.search));
    const p = `$${values.length}`;
    conditions.push(`(u.first_name || ' ' || u.last_name ILIKE ${p} OR u.email ILIKE ${p} OR coalesce(p.organisation, '') ILIKE ${p} OR ra.name ILIKE ${p})`);
  }
  if (query.status) {
    values.push(query.status);
    conditions.push(`u.status = $${values.length}`);
  }
  const descending = query.sort.startsWith('-');
  const column = SORT_COLUMNS[query.sort.replace(/^-/, '') as keyof typeof SORT_COLUMNS];
  return queryPage<PartnerAccountRow>(db, {
    select: `u.id, u.first_name, u.last_name, u.email, p.organisation, u.status, ra.name AS referral_agent, ${ISO('u.created_at')} AS created_at,
             (SELECT ${ISO('max(a.created_at)')} FROM audit_events a
               WHERE a.target_type = 'user' AND a.target_id = u.id::text AND a.action = 'auth.sign_in') AS last_sign_in_at`,
    from: 'users u JOIN partner_profiles p ON p.user_id = u.id JOIN referral_agents ra ON ra.id = p.referral_agent_id',
    where: conditions.join(' AND '),
    values,
    orderBy: `${column} ${descending ? 'DESC' : 'ASC'}, u.id ${descending ? 'DESC' : 'ASC'}`,
    page: query.page,
    perPage: query.per_page,
  });
}

type DetailRow = Omit<PartnerAccountDetail, 'referral_agent' | 'referral_group' | 'sign_in_history'> & {
  referral_agent_id: number;
  referral_agent_name: string;
  referral_group_slug: string;
  referral_group_name: string;
};

export async function findPartnerAccount(db: Queryable, userId: number): Promise<PartnerAccountDetail | undefined> {
  const { rows } = await db.query<DetailRow>(
    `SELECT u.id, u.first_name, u.last_name, u.email, u.phone, p.organisation, u.status,
            pt.name AS partner_type, pi.name AS partner_industry,
            ra.id AS referral_agent_id, ra.name AS referral_agent_name, rg.slug AS referral_group_slug, rg.name AS referral_group_name,
            (u.two_factor_confirmed_at IS NOT NULL) AS two_factor_enabled,
            (SELECT count(*)::int FROM sessions s WHERE s.user_id = u.id AND s.expires_at > now()) AS active_sessions,
            ${ISO('u.created_at')} AS created_at, ${ISO('u.approved_at')} AS approved_at
       FROM users u
       JOIN partner_profiles p ON p.user_id = u.id
       JOIN referral_agents ra ON ra.id = p.referral_agent_id
       JOIN referral_groups rg ON rg.id = ra.referral_group_id
       LEFT JOIN partner_types pt ON pt.id = p.partner_type_id
       LEFT JOIN partner_industries pi ON pi.id = p.partner_industry_id
      WHERE u.id = $1`,
    [userId],
  );
  const row = rows[0];
  if (!row) return undefined;
  const { referral_agent_id, referral_agent_name, referral_group_slug, referral_group_name, ...rest } = row;
  return {
    ...rest,
    referral_agent: { id: referral_agent_id, name: referral_agent_name },
    referral_group: { slug: referral_group_slug, name: referral_group_name },
    sign_in_history: await signInHistory(db, userId),
  };
}

/** The latest sign-ins, failed sign-ins and ended sessions of an account, from the audit log, newest first. */
async function signInHistory(db: Queryable, userId: number, limit = SIGN_IN_HISTORY_LENGTH): Promise<SignInEvent[]> {
  const { rows } = await db.query<SignInEvent>(
    `SELECT action, coalesce(after->>'method', after->>'reason') AS method, host(ip) AS ip, user_agent, ${ISO('created_at')} AS at
       FROM audit_events
      WHERE target_type = 'user' AND target_id = $1 AND action = ANY($2::text[])
      ORDER BY created_at DESC, id DESC
      LIMIT $3`,
    [String(userId), SIGN_IN_ACTIONS, limit],
  );
  return rows;
}

/** The account's e-mail and status, locked for the change that follows (in its transaction). */
export async function lockPartnerAccount(db: Queryable, userId: number): Promise<{ id: number; email: string; status: PartnerAccountStatus } | undefined> {
  const { rows } = await db.query<{ id: number; email: string; status: PartnerAccountStatus }>(
    'SELECT u.id, u.email, u.status FROM users u JOIN partner_profiles p ON p.user_id = u.id WHERE u.id = $1 FOR UPDATE OF u',
    [userId],
  );
  return rows[0];
}

export async function setPartnerStatus(db: Queryable, userId: number, status: PartnerAccountStatus): Promise<void> {
  await db.query('UPDATE users SET status = $2, updated_at = now() WHERE id = $1', [userId, status]);
}

/** Ends every session of the account; answers how many there were. */
export async function deletePartnerSessions(db: Queryable, userId: number): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM sessions WHERE user_id = $1', [userId]);
  return rowCount ?? 0;
}
