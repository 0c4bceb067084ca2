import type { OperatorRole } from '@portal/contracts/operator-permissions';
import type { Queryable } from '../../db/queryable.ts';

/** The operators' accounts and their two-factor rows (migration 0006_operators.sql). */

export interface OperatorRow {
  id: number;
  email: string;
  name: string;
  password_hash: string;
  role: OperatorRole;
  status: 'active' | 'disabled';
  two_factor_secret: string | null;
  two_factor_confirmed_at: Date | null;
}

const COLUMNS = 'id, email, name, password_hash, role, status, two_factor_secret, two_factor_confirmed_at';

export async function findOperatorByEmail(db: Queryable, email: string): Promise<OperatorRow | undefined> {
  const { rows } = await db.query<OperatorRow>(`SELECT ${COLUMNS} FROM operators WHERE lower(email) = lower($1)`, [email.trim()]);
  return rows[0];
}

export async function findOperatorById(db: Queryable, id: number): Promise<OperatorRow | undefined> {
  const { rows } = await db.query<OperatorRow>(`SELECT ${COLUMNS} FROM operators WHERE id = $1`, [id]);
  return rows[0];
}

export interface NewOperator {
  email: string;
  name: string;
  passwordHash: string;
  role: OperatorRole;
}

/** Inserts an operator; undefined when the e-mail address is taken (case-insensitively). */
export async function insertOperator(db: Queryable, operator: NewOperator): Promise<number | undefined> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO operators (email, name, password_hash, role) VALUES ($1, $2, $3, $4)
     ON CONFLICT ((lower(email))) DO NOTHING RETURNING id`,
    [operator.email.trim(), operator.name, operator.passwordHash, operator.role],
  );
  return rows[0]?.id;
}

/** Two-factor confirmed with `encryptedSecret`; `step` is the time step of the code that confirmed it (used up). */
export async function confirmOperatorTwoFactor(db: Queryable, operatorId: number, encryptedSecret: string, step: number | null): Promise<void> {
  await db.query(
    `UPDATE operators SET two_factor_secret = $2, two_factor_confirmed_at = now(), two_factor_last_step = $3, updated_at = now()
      WHERE id = $1`,
    [operatorId, encryptedSecret, step],
  );
}

export async function replaceOperatorRecoveryCodes(db: Queryable, operatorId: number, codeHashes: string[]): Promise<void> {
  await db.query('DELETE FROM operator_recovery_codes WHERE operator_id = $1', [operatorId]);
  if (codeHashes.length === 0) return;
  await db.query('INSERT INTO operator_recovery_codes (operator_id, code_hash) SELECT $1, unnest($2::text[])', [operatorId, codeHashes]);
}

/** Accepts a TOTP time step once: true when it is newer than the last accepted one (atomic, so a replay loses). */
export async function acceptOperatorTotpStep(db: Queryable, operatorId: number, step: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE operators SET two_factor_last_step = $2 WHERE id = $1 AND (two_factor_last_step IS NULL OR two_factor_last_step < $2)`,
    [operatorId, step],
  );
  return rowCount === 1;
}

/** Spends an unused recovery code; false when there is none with that hash. */
export async function useOperatorRecoveryCode(db: Queryable, operatorId: number, codeHash: string): Promise<boolean> {
  const { rowCount } = await db.query(
    'UPDATE operator_recovery_codes SET used_at = now() WHERE operator_id = $1 AND code_hash = $2 AND used_at IS NULL',
    [operatorId, codeHash],
  );
  return rowCount === 1;
}

export async function markOperatorSignedIn(db: Queryable, operatorId: number): Promise<void> {
  await db.query('UPDATE operators SET last_sign_in_at = now() WHERE id = $1', [operatorId]);
}
