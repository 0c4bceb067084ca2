import type { Queryable } from '../../db/queryable.ts';
import type { AuditActorType } from './audit-log.ts';

/**
 * Reading the audit log: the console's viewer (every filter) and the profile's security events (one user's rows).
 * Rows are never changed, so reads need no locking and a page is stable once written.
 */

export interface AuditEventRow {
  id: number;
  actor_type: AuditActorType;
  actor_id: string | null;
  actor_role: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  before: unknown;
  after: unknown;
  reason: string | null;
  ip: string | null;
  user_agent: string | null;
  created_at: Date;
}

export interface AuditEventFilters {
  actorType?: AuditActorType | undefined;
  actorId?: string | undefined;
  /** An exact action ('partner.approved'), or an area's prefix ending in '.' ('auth.'). */
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  /** created_at >= from */
  from?: Date | undefined;
  /** created_at < to */
  to?: Date | undefined;
  page: number;
  perPage: number;
}

/** The partners' security events (the profile area shows a user's own): actions of the auth area on that user. */
export const SECURITY_EVENT_PREFIX = 'auth.';

const SELECT = `id::int AS id, actor_type, actor_id, actor_role, action, target_type, target_id, before, after, reason,
                host(ip) AS ip, user_agent, created_at`;

/** One page of audit rows matching every given filter, newest first, and how many match. */
export function listAuditEvents(db: Queryable, filters: AuditEventFilters): Promise<{ rows: AuditEventRow[]; total: number }> {
  return queryAuditEvents<AuditEventRow>(db, filters, SELECT, 'audit_events');
}

/** A row with the names of its actor and target, where the portal knows them (the console's viewer). */
export interface NamedAuditEventRow extends AuditEventRow {
  /** The operator's name, or the partner's first and last name, as they are today; null otherwise. */
  actor_name: string | null;
  /** The name of a target user (partner), operator or referral agent, as it is today; null otherwise. */
  target_name: string | null;
}

/** An id column compared with a text id: only a number that fits an integer can match (no cast error on 'root'). */
const integerId = (column: string) => `(CASE WHEN ${column} ~ '^[0-9]{1,9}$' THEN ${column}::int END)`;

/**
 * The viewer's joins: one primary-key lookup per row and kind, so a page costs what the unnamed one does. Ids are
 * text without foreign keys (the row outlives what it names), so a removed account simply has no name.
 */
const NAMED_FROM = `audit_events
  LEFT JOIN operators actor_operator ON audit_events.actor_type = 'operator' AND actor_operator.id = ${integerId('audit_events.actor_id')}
  LEFT JOIN users actor_user ON audit_events.actor_type = 'partner' AND actor_user.id = ${integerId('audit_events.actor_id')}
  LEFT JOIN users target_user ON audit_events.target_type = 'user' AND target_user.id = ${integerId('audit_events.target_id')}
  LEFT JOIN operators target_operator ON audit_events.target_type = 'operator' AND target_operator.id = ${integerId('audit_events.target_id')}
  LEFT JOIN referral_agents target_agent ON audit_events.target_type = 'referral_agent' AND target_agent.id = ${integerId('audit_events.target_id')}
  LEFT JOIN referral_groups target_group ON audit_events.target_type = 'referral_group' AND target_group.id = ${integerId('audit_events.target_id')}
  LEFT JOIN facilities target_facility ON audit_events.target_type = 'facility' AND target_facility.id = ${integerId('audit_events.target_id')}
  LEFT JOIN partner_tiers target_tier ON audit_events.target_type = 'partner_tier' AND target_tier.id = ${integerId('audit_events.target_id')}
  LEFT JOIN agreements target_agreement ON audit_events.target_type = 'agreement' AND target_agreement.id = ${integerId('audit_events.target_id')}`;

const NAMED_SELECT = `audit_events.id::int AS id, audit_events.actor_type, audit_events.actor_id, audit_events.actor_role,
  audit_events.action, audit_events.target_type, audit_events.target_id, audit_events.before, audit_events.after,
  audit_events.reason, host(audit_events.ip) AS ip, audit_events.user_agent, audit_events.created_at,
  COALESCE(actor_operator.name, actor_user.first_name || ' ' || actor_user.last_name) AS actor_name,
  COALESCE(target_user.first_name || ' ' || target_user.last_name, target_operator.name, target_agent.name, target_group.name,
           target_facility.name, target_tier.name, target_agreement.title) AS target_name`;

/**
 * listAuditEvents with the actor's and the target's names (operators, partners; referral agents and groups, facilities,
 * partner tiers, agreements), so a row reads 'Agreement Partner terms 2027' rather than 'agreement 4'.
 */
export function listNamedAuditEvents(db: Queryable, filters: AuditEventFilters): Promise<{ rows: NamedAuditEventRow[]; total: number }> {
  return queryAuditEvents<NamedAuditEventRow>(db, filters, NAMED_SELECT, NAMED_FROM);
}

async function queryAuditEvents<Row extends AuditEventRow>(
  db: Queryable,
  filters: AuditEventFilters,
  select: string,
  from: string,
): Promise<{ rows: Row[]; total: number }> {
  const conditions: string[] = [];
  const values: unknown[] = [];
  const add = (sql: (parameter: string) => string, value: unknown) => {
    values.push(value);
    conditions.push(sql(`$${values.length}`));
  };
  // Qualified: the named variant joins tables with columns of the same names.
  if (filters.actorType) add((p) => `audit_events.actor_type = ${p}`, filters.actorType);
  if (filters.actorId) add((p) => `audit_events.actor_id = ${p}`, filters.actorId);
  if (filters.action?.endsWith('.')) add((p) => `starts_with(audit_events.action, ${p})`, filters.action);
  else if (filters.action) add((p) => `audit_events.action = ${p}`, filters.action);
  if (filters.targetType) add((p) => `audit_events.target_type = ${p}`, filters.targetType);
  if (filters.targetId) add((p) => `audit_events.target_id = ${p}`, filters.targetId);
  if (filters.from) add((p) => `audit_events.created_at >= ${p}`, filters.from);
  if (filters.to) add((p) => `audit_events.created_at < ${p}`, filters.to);
  const where = conditions.length > 0 ? conditions.join(' AND ') : 'true';
  // The count needs no join: every join is a LEFT JOIN on a primary key, which neither adds nor drops a row.
  const count = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM audit_events WHERE ${where}`, values);
  const total = count.rows[0]?.total ?? 0;
  if ((filters.page - 1) * filters.perPage >= total) return { rows: [], total };
  const limit = values.length + 1;
  const { rows } = await db.query<Row>(
    `SELECT ${select} FROM ${from} WHERE ${where} ORDER BY audit_events.created_at DESC, audit_events.id DESC LIMIT $${limit} OFFSET $${limit + 1}`,
    [...values, filters.perPage, (filters.page - 1) * filters.perPage],
  );
  return { rows, total };
}

/** A partner's security events (sign-ins, failures, password and two-factor changes, ended sessions), newest first. */
export function listSecurityEvents(db: Queryable, userId: number, page: { page: number; perPage: number }) {
  return listAuditEvents(db, { targetType: 'user', targetId: String(userId), action: SECURITY_EVENT_PREFIX, ...page });
}
