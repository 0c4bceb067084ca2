import type { PartnerRole } from '@portal/contracts/partner-roles';
import type { Locale } from '@portal/contracts/preferences';
import type { Queryable } from '../../db/queryable.ts';
import type { PresentableUserRow } from './user-presenter.ts';

/** Queries of the auth area. Each takes the pool or a transaction's client (see db/queryable.ts). */

export type UserStatus = 'pending' | 'approved' | 'rejected' | 'suspended' | 'invited' | 'deactivated';

/** What sign-in needs to decide; never leaves the server. */
export interface CredentialRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  status: UserStatus;
  password_updated_check: boolean;
  two_factor_secret: string | null;
  two_factor_confirmed_at: Date | null;
  /** the language e-mails to this person are written in */
  locale: Locale;
}

const CREDENTIAL_COLUMNS = `id, email, first_name, last_name, password_hash, status, password_updated_check,
  two_factor_secret, two_factor_confirmed_at, locale`;

export async function findCredentialsByEmail(db: Queryable, email: string): Promise<CredentialRow | undefined> {
  const { rows } = await db.query<CredentialRow>(
    `SELECT ${CREDENTIAL_COLUMNS} FROM users WHERE lower(email) = lower($1)`,
    [email],
  );
  return rows[0];
}

export async function findCredentialsById(db: Queryable, userId: number): Promise<CredentialRow | undefined> {
  const { rows } = await db.query<CredentialRow>(`SELECT ${CREDENTIAL_COLUMNS} FROM users WHERE id = $1`, [userId]);
  return rows[0];
}

/** The user with everything GET /api/user shows; undefined when there is no such user or no profile. */
export async function findPresentableUser(db: Queryable, userId: number): Promise<PresentableUserRow | undefined> {
  const { rows } = await db.query<PresentableUserRow>(
    `SELECT u.id, u.first_name, u.last_name, u.email, u.phone, u.password_updated_check, u.first_login,
            u.two_factor_confirmed_at IS NOT NULL AS two_factor_enabled, u.locale, u.theme, u.time_zone,
            pt.name AS partner_type_name, pi.name AS partner_industry_name,
            ra.id AS referral_agent_id, ra.name AS referral_agent_name, ra.logo AS referral_agent_logo,
            rg.slug AS referral_group_slug, rg.name AS referral_group_name, p.organisation, p.role
       FROM users u
       JOIN partner_profiles p ON p.user_id = u.id
       JOIN partner_types pt ON pt.id = p.partner_type_id
       LEFT JOIN partner_industries pi ON pi.id = p.partner_industry_id
       JOIN referral_agents ra ON ra.id = p.referral_agent_id
       JOIN referral_groups rg ON rg.id = ra.referral_group_id
      WHERE u.id = $1`,
    [userId],
  );
  return rows[0];
}

export async function markFirstLoginDone(db: Queryable, userId: number): Promise<void> {
  await db.query('UPDATE users SET first_login = false, updated_at = now() WHERE id = $1 AND first_login', [userId]);
}

/**
 * Records `step` as the last accepted TOTP step, only if it is newer than the one stored: one atomic
 * statement, so two requests racing with the same code cannot both pass. False means a replay.
 */
export async function acceptTotpStep(db: Queryable, userId: number, step: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE users SET two_factor_last_step = $2
      WHERE id = $1 AND (two_factor_last_step IS NULL OR two_factor_last_step < $2)`,
    [userId, step],
  );
  return rowCount === 1;
}

/** Marks an unused recovery code used; false when there is no such unused code. Atomic like above. */
export async function useRecoveryCode(db: Queryable, userId: number, codeHash: string): Promise<boolean> {
  const { rowCount } = await db.query(
    // Under READ COMMITTED a racing second UPDATE re-checks `used_at IS NULL` after the first commits.
    'UPDATE two_factor_recovery_codes SET used_at = now() WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL',
    [userId, codeHash],
  );
  return rowCount === 1;
}

export async function setTwoFactor(db: Queryable, userId: number, encryptedSecret: string | null): Promise<void> {
  await db.query(
    `UPDATE users SET two_factor_secret = $2,
            two_factor_confirmed_at = CASE WHEN $2::text IS NULL THEN NULL ELSE now() END,
            two_factor_last_step = NULL, updated_at = now()
      WHERE id = $1`,
    [userId, encryptedSecret],
  );
}

export async function replaceRecoveryCodes(db: Queryable, userId: number, codeHashes: string[]): Promise<void> {
  await db.query('DELETE FROM two_factor_recovery_codes WHERE user_id = $1', [userId]);
  if (codeHashes.length === 0) return;
  await db.query(
    'INSERT INTO two_factor_recovery_codes (user_id, code_hash) SELECT $1, unnest($2::text[])',
    [userId, codeHashes],
  );
}

/** A new password: the hash, when it changed, and the forced-update flag lifted. */
export async function updatePasswordHash(db: Queryable, userId: number, passwordHash: string): Promise<void> {
  await db.query(
    `UPDATE users SET password_hash = $2, password_changed_at = now(), password_updated_check = true, updated_at = now()
      WHERE id = $1`,
    [userId, passwordHash],
  );
}

/** Sessions half-way through a two-factor sign-in of this user (they have no user_id yet). */
export async function deletePendingTwoFactorSessions(db: Queryable, userId: number): Promise<void> {
  await db.query(`DELETE FROM sessions WHERE user_id IS NULL AND data->>'login.id' = $1::text`, [userId]);
}

// ---- password reset tokens: one row per e-mail address (lower case), the token's sha256 ----

export async function saveResetToken(db: Queryable, email: string, tokenHash: string): Promise<void> {
  await db.query(
    `INSERT INTO password_reset_tokens (email, token_hash, created_at) VALUES (lower($1), $2, now())
     ON CONFLICT (email) DO UPDATE SET token_hash = excluded.token_hash, created_at = excluded.created_at`,
    [email, tokenHash],
  );
}

export async function resetTokenIsValid(db: Queryable, email: string, tokenHash: string, maxAgeMinutes: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `SELECT 1 FROM password_reset_tokens
      WHERE email = lower($1) AND token_hash = $2 AND created_at > now() - make_interval(mins => $3::integer)`,
    [email, tokenHash, maxAgeMinutes],
  );
  return rowCount === 1;
}

/**
 * Deletes the e-mail's token when it matches and is younger than `maxAgeMinutes`; true when it did.
 * Deleting is the check, so a token cannot be used twice even by two requests at once.
 */
export async function consumeResetToken(db: Queryable, email: string, tokenHash: string, maxAgeMinutes: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `DELETE FROM password_reset_tokens
      WHERE email = lower($1) AND token_hash = $2 AND created_at > now() - make_interval(mins => $3::integer)`,
    [email, tokenHash, maxAgeMinutes],
  );
  return rowCount === 1;
}

// ---- one-time sign-in links (/authenticate) ----

export type LoginLinkPurpose = 'approval' | 'invitation';

export async function insertLoginLink(
  db: Queryable,
  link: { userId: number; tokenHash: string; purpose: LoginLinkPurpose; expiresInHours: number },
): Promise<Date> {
  const { rows } = await db.query<{ expires_at: Date }>(
    `INSERT INTO login_links (user_id, token_hash, purpose, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(hours => $4::integer)) RETURNING expires_at`,
    [link.userId, link.tokenHash, link.purpose, link.expiresInHours],
  );
  return rows[0]!.expires_at;
}

/** Marks a valid, unused, unexpired link used and returns its user; undefined otherwise. Atomic. */
export async function consumeLoginLink(db: Queryable, tokenHash: string): Promise<{ user_id: number; purpose: string } | undefined> {
  const { rows } = await db.query<{ user_id: number; purpose: string }>(
    `UPDATE login_links SET used_at = now()
      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
      RETURNING user_id, purpose`,
    [tokenHash],
  );
  return rows[0];
}

/** True when the token is a live, unspent invitation link of an account still invited (modules/team). */
export async function isPendingInvitation(db: Queryable, tokenHash: string): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM login_links l JOIN users u ON u.id = l.user_id
      WHERE l.token_hash = $1 AND l.purpose = 'invitation' AND l.used_at IS NULL AND l.expires_at > now() AND u.status = 'invited'`,
    [tokenHash],
  );
  return rows.length > 0;
}

/**
 * An invited team member who spent their invitation's link becomes an approved account with the password they chose
 * (so up to date: no /update-password after); false if not invited.
 */
export async function activateInvitedUser(db: Queryable, userId: number, passwordHash: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE users SET status = 'approved', approved_at = now(), password_hash = $2, password_updated_check = true,
            password_changed_at = now(), updated_at = now()
      WHERE id = $1 AND status = 'invited'`,
    [userId, passwordHash],
  );
  return rowCount === 1;
}

// ---- registration ----

export interface OptionRow {
  id: number;
  name: string;
}

export async function listPartnerTypes(db: Queryable): Promise<OptionRow[]> {
  return (await db.query<OptionRow>('SELECT id, name FROM partner_types ORDER BY name, id')).rows;
}

export async function listPartnerIndustries(db: Queryable): Promise<OptionRow[]> {
  return (await db.query<OptionRow>('SELECT id, name FROM partner_industries ORDER BY name, id')).rows;
}

export async function partnerTypeExists(db: Queryable, id: number): Promise<boolean> {
  return ((await db.query('SELECT 1 FROM partner_types WHERE id = $1', [id])).rowCount ?? 0) > 0;
}

export async function partnerIndustryExists(db: Queryable, id: number): Promise<boolean> {
  return ((await db.query('SELECT 1 FROM partner_industries WHERE id = $1', [id])).rowCount ?? 0) > 0;
}

export async function emailTaken(db: Queryable, email: string): Promise<boolean> {
  return ((await db.query('SELECT 1 FROM users WHERE lower(email) = lower($1)', [email])).rowCount ?? 0) > 0;
}

/** The id of the referral group `slug`, created with `name` when missing. */
export async function ensureReferralGroup(db: Queryable, slug: string, name: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO referral_groups (slug, name) VALUES ($1, $2)
     ON CONFLICT (slug) DO UPDATE SET slug = excluded.slug RETURNING id`,
    [slug, name],
  );
  return rows[0]!.id;
}

export async function insertReferralAgent(db: Queryable, agent: { name: string; logo: string | null; referralGroupId: number }): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    'INSERT INTO referral_agents (name, logo, referral_group_id) VALUES ($1, $2, $3) RETURNING id',
    [agent.name, agent.logo, agent.referralGroupId],
  );
  return rows[0]!.id;
}

export interface NewUser {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  passwordHash: string;
  status: UserStatus;
  passwordUpdatedCheck?: boolean;
  firstLogin?: boolean;
  /** the language the person registered in; English when not given */
  locale?: Locale;
}

export async function insertUser(db: Queryable, user: NewUser): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO users (first_name, last_name, email, phone, password_hash, status, password_updated_check, first_login, approved_at, locale)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, CASE WHEN $6 = 'approved' THEN now() END, $9) RETURNING id`,
    [
      user.firstName,
      user.lastName,
      user.email,
      user.phone,
      user.passwordHash,
      user.status,
      user.passwordUpdatedCheck ?? true,
      user.firstLogin ?? true,
      user.locale ?? 'en',
    ],
  );
  return rows[0]!.id;
}

export async function insertPartnerProfile(
  db: Queryable,
  profile: {
    userId: number;
    partnerTypeId: number;
    partnerIndustryId: number | null;
    referralAgentId: number;
    organisation: string | null;
    /** Inside the agent; a registration founds its agent, so its partner is the owner (the default). */
    role?: PartnerRole;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO partner_profiles (user_id, partner_type_id, partner_industry_id, referral_agent_id, organisation, role)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [profile.userId, profile.partnerTypeId, profile.partnerIndustryId, profile.referralAgentId, profile.organisation, profile.role ?? 'owner'],
  );
}

// ---- approval (operator CLI) ----

export interface PendingUserRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  organisation: string | null;
  partner_type_name: string | null;
  created_at: Date;
}

export async function listPendingUsers(db: Queryable): Promise<PendingUserRow[]> {
  const { rows } = await db.query<PendingUserRow>(
    `SELECT u.id, u.email, u.first_name, u.last_name, u.phone, p.organisation, pt.name AS partner_type_name, u.created_at
       FROM users u
       LEFT JOIN partner_profiles p ON p.user_id = u.id
       LEFT JOIN partner_types pt ON pt.id = p.partner_type_id
      WHERE u.status = 'pending'
      ORDER BY u.created_at, u.id`,
  );
  return rows;
}

export async function setUserStatus(db: Queryable, userId: number, status: UserStatus): Promise<void> {
  await db.query(
    `UPDATE users SET status = $2,
            approved_at = CASE WHEN $2 = 'approved' THEN now() ELSE NULL END, updated_at = now()
      WHERE id = $1`,
    [userId, status],
  );
}
