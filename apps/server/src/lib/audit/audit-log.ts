import type { Queryable } from '../../db/queryable.ts';

/**
 * The audit log's writer (docs/services.md, Audit log). An area records a change by calling `recordAudit` with the
 * client of the transaction that makes the change (`inTransaction` in db/queryable.ts): the row then commits or
 * rolls back with the change, so a write that fails leaves no row and one that succeeds leaves exactly one. It adds
 * one INSERT to that transaction and nothing else (no read of its own: the area passes the before and after values
 * it already has). The table refuses UPDATE and DELETE (migration 0005_audit_events.sql).
 */

export const AUDIT_ACTOR_TYPES = ['operator', 'partner', 'cli', 'system'] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];

/** Who acted, and from where. */
export interface AuditActor {
  type: AuditActorType;
  /** The operator's or partner's user id, the CLI's operating-system user, a job's name; null when unknown. */
  id?: string | number | null;
  /** The operator's role (admin, finance, content, support) when the change was made. */
  role?: string | null;
  ip?: string | null;
  userAgent?: string | null;
}

/** What happened, to which record. */
export interface AuditEvent {
  /** Dotted and lower case, area first: 'partner.approved', 'auth.sign_in_failed', 'booking.status_changed'. */
  action: string;
  target?: { type: string; id: string | number } | null;
  /** The values before and after the change (only what changed is enough); secrets are masked here. */
  before?: unknown;
  after?: unknown;
  /** The operator's stated reason (a rejection, a refund), when the action asks for one. */
  reason?: string | null;
}

/** The value every masked field gets. */
export const MASKED = '[masked]';

/**
 * Keys whose values never reach the audit log: passwords and their hashes, tokens, TOTP secrets, recovery codes,
 * keys, cookies, signatures. A key matches when, lower-cased without '_' and '-', it contains one of these
 * ('password_hash', 'twoFactorSecret', 'api-key', 'recovery_codes').
 */
const SECRET_KEY_PARTS = ['password', 'passphrase', 'secret', 'token', 'recoverycode', 'totp', 'apikey', 'privatekey', 'authorization', 'cookie', 'hash', 'signature', 'credential'];

function isSecretKey(key: string): boolean {
  const plain = key.toLowerCase().replace(/[-_]/g, '');
  return SECRET_KEY_PARTS.some((part) => plain.includes(part));
}

/** A copy of `value` with the values of secret-looking keys replaced by MASKED, at any depth. */
export function maskSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskSecrets);
  if (value instanceof Date) return value.toISOString();
  if (value === null || typeof value !== 'object') return value;
  const masked: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    masked[key] = isSecretKey(key) && inner !== null && inner !== undefined ? MASKED : maskSecrets(inner);
  }
  return masked;
}

const ACTION = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$/;
const USER_AGENT_LIMIT = 300;

function json(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(maskSecrets(value));
}

/** The text of an id, or null. */
function idText(id: string | number | null | undefined): string | null {
  return id === undefined || id === null ? null : String(id);
}

const INSERT_SQL = `INSERT INTO audit_events (actor_type, actor_id, actor_role, action, target_type, target_id, before, after, reason, ip, user_agent)
                    VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9, $10::inet, $11)`;

/**
 * Records one audit row on `db`: one INSERT statement. Pass the client of the transaction of the change it records
 * (inTransaction's client); with the pool it commits on its own, which suits only events that are not a change of
 * data (a failed sign-in).
 */
/** The operator an audit actor names, for the columns that keep who acted (sent_by, verified_by…); null otherwise. */
export function operatorIdOf(actor: AuditActor): number | null {
  return actor.type === 'operator' && typeof actor.id === 'number' ? actor.id : null;
}

export async function recordAudit(db: Queryable, actor: AuditActor, event: AuditEvent): Promise<void> {
  // A mistyped action fails before the statement, loudly, rather than as a CHECK violation that rolls the change back
  // in production only.
  if (!ACTION.test(event.action)) throw new Error(`Audit action '${event.action}' must be dotted lower case, e.g. 'partner.approved'.`);
  await db.query(INSERT_SQL, [
    actor.type,
    idText(actor.id),
    actor.role ?? null,
    event.action,
    event.target?.type ?? null,
    idText(event.target?.id),
    json(event.before),
    json(event.after),
    event.reason ?? null,
    actor.ip ?? null,
    actor.userAgent ? actor.userAgent.slice(0, USER_AGENT_LIMIT) : null,
  ]);
}

/** Where a request came from, for AuditActor: its IP (behind TRUST_PROXY, the client's) and user agent. */
export function requestOrigin(request: { ip: string; headers: Record<string, string | string[] | undefined> }): Pick<AuditActor, 'ip' | 'userAgent'> {
  const agent = request.headers['user-agent'];
  return { ip: request.ip || null, userAgent: typeof agent === 'string' ? agent : null };
}
