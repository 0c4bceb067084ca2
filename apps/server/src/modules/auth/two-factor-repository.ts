import type { Queryable } from '../../db/queryable.ts';

/**
 * The two-factor columns of users as the profile's Security tab changes them (issue 17): a secret waits unconfirmed
 * (`two_factor_secret` set, `two_factor_confirmed_at` null, Fortify's way) until its first code is entered. Sign-in
 * asks for a code only when both are set (service.ts hasTwoFactor), so a pending secret changes nothing.
 */

export interface TwoFactorState {
  two_factor_secret: string | null;
  two_factor_confirmed_at: Date | null;
}

export async function findTwoFactorState(db: Queryable, userId: number): Promise<TwoFactorState | undefined> {
  const { rows } = await db.query<TwoFactorState>('SELECT two_factor_secret, two_factor_confirmed_at FROM users WHERE id = $1', [userId]);
  return rows[0];
}

/** Keeps a new sealed secret waiting for its first code; refused (false) when two-factor is already on. */
export async function storePendingSecret(db: Queryable, userId: number, encryptedSecret: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE users SET two_factor_secret = $2, two_factor_confirmed_at = NULL, two_factor_last_step = NULL, updated_at = now()
      WHERE id = $1 AND two_factor_confirmed_at IS NULL`,
    [userId, encryptedSecret],
  );
  return rowCount === 1;
}

/** Turns the waiting secret on, accepting `step` as used; false when there is no waiting secret or it changed. */
export async function confirmPendingSecret(db: Queryable, userId: number, encryptedSecret: string, step: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE users SET two_factor_confirmed_at = now(), two_factor_last_step = $3, updated_at = now()
      WHERE id = $1 AND two_factor_secret = $2 AND two_factor_confirmed_at IS NULL`,
    [userId, encryptedSecret, step],
  );
  return rowCount === 1;
}

export async function countUnusedRecoveryCodes(db: Queryable, userId: number): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM two_factor_recovery_codes WHERE user_id = $1 AND used_at IS NULL',
    [userId],
  );
  return rows[0]?.count ?? 0;
}
