import type { OperatorAccount, OperatorAccountStatus } from '@portal/contracts/console-operators';
import type { OperatorRole } from '@portal/contracts/operator-permissions';
import { containsPattern, queryPage, type Queryable } from '../../db/queryable.ts';

/** The operator accounts as the Operators page manages them, and their invitations (migration 0012_operator_invitations.sql). */

const ISO = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The status the page shows: disabled wins; an operator whose invitation waits is invited. */
const STATUS = "CASE WHEN o.status = 'disabled' THEN 'disabled' WHEN i.operator_id IS NOT NULL THEN 'invited' ELSE 'active' END";

const ACCOUNT_COLUMNS = `o.id, o.name, o.email, o.role, ${STATUS} AS status,
  (o.two_factor_confirmed_at IS NOT NULL AND o.two_factor_secret IS NOT NULL) AS two_factor_enrolled,
  ${ISO('o.last_sign_in_at')} AS last_sign_in_at, ${ISO('i.expires_at')} AS invitation_expires_at, ${ISO('o.created_at')} AS created_at`;
const ACCOUNT_FROM = 'operators o LEFT JOIN operator_invitations i ON i.operator_id = o.id';

const SORT_COLUMNS = {
  name: 'lower(o.name)',
  email: 'lower(o.email)',
  role: 'o.role',
  last_sign_in_at: 'o.last_sign_in_at',
  created_at: 'o.created_at',
} as const;

export async function listOperatorAccounts(
  db: Queryable,
  query: { search?: string | undefined; role?: OperatorRole | undefined; status?: OperatorAccountStatus | undefined; sort: string; page: number; per_page: number },
): Promise<{ rows: OperatorAccount[]; total: number }> {
  const values: unknown[] = [];
  const conditions = ['true'];
  if (query.search) {
    values.push(containsPattern(query.search));
    conditions.push(`(o.name ILIKE $${values.length} OR o.email ILIKE $${values.length})`);
  }
  if (query.role) {
    values.push(query.role);
    conditions.push(`o.role = $${values.length}`);
  }
  if (query.status) {
    values.push(query.status);
    conditions.push(`${STATUS} = $${values.length}`);
  }
  const descending = query.sort.startsWith('-');
  const column = SORT_COLUMNS[query.sort.replace(/^-/, '') as keyof typeof SORT_COLUMNS];
  // Never signed in sorts last either way.
  return queryPage<OperatorAccount>(db, {
    select: ACCOUNT_COLUMNS,
    from: ACCOUNT_FROM,
    where: conditions.join(' AND '),
    values,
    orderBy: `${column} ${descending ? 'DESC' : 'ASC'} NULLS LAST, o.id ${descending ? 'DESC' : 'ASC'}`,
    page: query.page,
    perPage: query.per_page,
  });
}

export async function findOperatorAccount(db: Queryable, id: number): Promise<OperatorAccount | undefined> {
  const { rows } = await db.query<OperatorAccount>(`SELECT ${ACCOUNT_COLUMNS} FROM ${ACCOUNT_FROM} WHERE o.id = $1`, [id]);
  return rows[0];
}

/**
 * Locks every admin (in id order) and then the operator `id`, for a change that the last-admin rule may refuse: the
 * same order in every such transaction, so two admins disabling each other at once wait rather than deadlock, and
 * the second sees the first's change. Answers the operator (its page status included) or undefined.
 */
export async function lockOperatorForChange(db: Queryable, id: number): Promise<OperatorAccount | undefined> {
  await db.query("SELECT id FROM operators WHERE role = 'admin' ORDER BY id FOR UPDATE");
  await db.query('SELECT id FROM operators WHERE id = $1 FOR UPDATE', [id]);
  return findOperatorAccount(db, id);
}

/** Admins who can sign in (active, invitation accepted), other than `exceptId`; call after lockOperatorForChange. */
export async function countOtherActiveAdmins(db: Queryable, exceptId: number): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM operators o
      WHERE o.role = 'admin' AND o.status = 'active' AND o.id <> $1
        AND NOT EXISTS (SELECT 1 FROM operator_invitations i WHERE i.operator_id = o.id)`,
    [exceptId],
  );
  return rows[0]?.count ?? 0;
}

export async function setOperatorRole(db: Queryable, id: number, role: OperatorRole): Promise<void> {
  await db.query('UPDATE operators SET role = $2, updated_at = now() WHERE id = $1', [id, role]);
}

export async function setOperatorStatus(db: Queryable, id: number, status: 'active' | 'disabled'): Promise<void> {
  await db.query('UPDATE operators SET status = $2, updated_at = now() WHERE id = $1', [id, status]);
}

/** Forgets the enrolled app and the recovery codes: the next sign-in enrols again. */
export async function clearOperatorTwoFactor(db: Queryable, id: number): Promise<void> {
  await db.query(
    'UPDATE operators SET two_factor_secret = NULL, two_factor_confirmed_at = NULL, two_factor_last_step = NULL, updated_at = now() WHERE id = $1',
    [id],
  );
  await db.query('DELETE FROM operator_recovery_codes WHERE operator_id = $1', [id]);
}

/** Ends every session of the operator (their next request is a 401); answers how many there were. */
export async function deleteOperatorSessions(db: Queryable, id: number): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM operator_sessions WHERE operator_id = $1', [id]);
  return rowCount ?? 0;
}

/** The operator's invitation: a new one replaces the one waiting (whose link stops working). */
export async function saveInvitation(db: Queryable, operatorId: number, tokenHash: string, expiresInHours: number): Promise<Date> {
  const { rows } = await db.query<{ expires_at: Date }>(
    `INSERT INTO operator_invitations (operator_id, token_hash, expires_at) VALUES ($1, $2, now() + make_interval(hours => $3))
     ON CONFLICT (operator_id) DO UPDATE SET token_hash = EXCLUDED.token_hash, expires_at = EXCLUDED.expires_at, created_at = now()
     RETURNING expires_at`,
    [operatorId, tokenHash, expiresInHours],
  );
  return rows[0]!.expires_at;
}

export interface InvitationRow {
  operator_id: number;
  name: string;
  email: string;
  role: OperatorRole;
}

/** The operator a live invitation token invites (not expired, operator not disabled); `lock` for the acceptance. */
export async function findInvitation(db: Queryable, tokenHash: string, options: { lock?: boolean } = {}): Promise<InvitationRow | undefined> {
  const { rows } = await db.query<InvitationRow>(
    `SELECT i.operator_id, o.name, o.email, o.role
       FROM operator_invitations i JOIN operators o ON o.id = i.operator_id
      WHERE i.token_hash = $1 AND i.expires_at > now() AND o.status = 'active'
      ${options.lock ? 'FOR UPDATE OF i, o' : ''}`,
    [tokenHash],
  );
  return rows[0];
}

export async function deleteInvitation(db: Queryable, operatorId: number): Promise<void> {
  await db.query('DELETE FROM operator_invitations WHERE operator_id = $1', [operatorId]);
}

export async function setOperatorPassword(db: Queryable, id: number, passwordHash: string): Promise<void> {
  await db.query('UPDATE operators SET password_hash = $2, updated_at = now() WHERE id = $1', [id, passwordHash]);
}
