/**
 * The SQL of a session and its user, shared by the session plugin (which reads it on every request) and by a route
 * that reads the session inside its own statement (the bookings list: modules/bookings/README.md). It lives here,
 * below both, so that no repository imports a plugin.
 */

/** Who may use the partner area: an approved account. */
export const APPROVED_STATUS = 'approved';

/**
 * The auth guard's rule, the only definition of it: an approved account may sign in; it may use the partner area
 * once its password is up to date, too (spec §2: `password_updated_check`).
 */
export function partnerAccess(user: { status: string; passwordUpdatedCheck: boolean }): 'allowed' | 'not_approved' | 'password_update_required' {
  if (user.status !== APPROVED_STATUS) return 'not_approved';
  return user.passwordUpdatedCheck ? 'allowed' : 'password_update_required';
}

/** partnerAccess(user) === 'allowed', as SQL over the `users` row aliased `users` (a test checks they agree). */
export function partnerAccessSql(users: string): string {
  return `(${users}.status = '${APPROVED_STATUS}' AND ${users}.password_updated_check)`;
}

/** The columns of sessionWithUserSql. */
export interface SessionWithUserRow {
  session_id: string;
  user_id: number | null;
  csrf_token: string;
  data: Record<string, unknown> | null;
  remember: boolean;
  /** epoch milliseconds (a float8, so reading it parses no Date) */
  session_created_ms: number;
  last_activity_ms: number;
  // the signed-in user's guard fields, read in the same statement (null for a guest session)
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  user_status: string | null;
  password_updated_check: boolean | null;
  referral_agent_id: number | null;
  /** the member's role inside the agent (partner_profiles.role), null for a guest session */
  partner_role: string | null;
  /** the user's saved language (users.locale), null for a guest session */
  locale: string | null;
  /** referral_agent_id when the auth guard would let the user through, else null */
  guarded_agent_id: number | null;
}

/**
 * The live session with the given stored id ($n: the sha256 of the cookie's token) and its user's guard fields,
 * as a FROM item aliased `alias`. One definition, used by the session plugin and by a route that reads the
 * session inside its own statement; every column of SessionWithUserRow is prefixed `alias.`.
 * `guarded_agent_id` is the partner's referral agent only when the auth guard would let the user through
 * (approved, password up to date): a statement that scopes by it reads nothing for anyone else.
 */
export function sessionWithUserSql(parameter: string, alias: string): string {
  return `(SELECT s.id AS session_id, s.user_id, s.csrf_token, s.data, s.remember,
                 (extract(epoch FROM s.created_at) * 1000)::float8 AS session_created_ms,
                 (extract(epoch FROM s.last_activity_at) * 1000)::float8 AS last_activity_ms,
                 u.email, u.first_name, u.last_name, u.status AS user_status, u.password_updated_check, p.referral_agent_id, p.role AS partner_role, u.locale,
                 CASE WHEN ${partnerAccessSql('u')} THEN p.referral_agent_id END AS guarded_agent_id
            FROM sessions s
            LEFT JOIN users u ON u.id = s.user_id
            LEFT JOIN partner_profiles p ON p.user_id = u.id
           WHERE s.id = ${parameter} AND s.expires_at > now()
           LIMIT 1) AS ${alias}`;
}

