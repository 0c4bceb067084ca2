import { queryPage, type Queryable } from '../../db/queryable.ts';
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
export async function listAuditEvents(db: Queryable, filters: AuditEventFilters): Promise<{ rows: AuditEventRow[]; total: number }> {
  const conditions: string[] = [];
  const values: unknown[] = [];
  const add = (sql: (parameter: string) => string, value: unknown) => {
    values.push(value);
    conditions.push(sql(`$${values.length}`));
  };
  if (filters.actorType) add((p) => `actor_type = ${p}`, filters.actorType);
  if (filters.actorId) add((p) => `actor_id = ${p}`, filters.actorId);
  if (filters.action?.endsWith('.')) add((p) => `starts_with(action, ${p})`, filters.action);
  else if (filters.action) add((p) => `action = ${p}`, filters.action);
  if (filters.targetType) add((p) => `target_type = ${p}`, filters.targetType);
  if (filters.targetId) add((p) => `target_id = ${p}`, filters.targetId);
  if (filters.from) add((p) => `created_at >= ${p}`, filters.from);
  if (filters.to) add((p) => `created_at < ${p}`, filters.to);
  return queryPage<AuditEventRow>(db, {
    select: SELECT,
    from: 'audit_events',
    where: conditions.length > 0 ? conditions.join(' AND ') : 'true',
    values,
    orderBy: 'created_at DESC, id DESC',
    page: filters.page,
    perPage: filters.perPage,
  });
}

/** A partner's security events (sign-ins, failures, password and two-factor changes, ended sessions), newest first. */
export function listSecurityEvents(db: Queryable, userId: number, page: { page: number; perPage: number }) {
  return listAuditEvents(db, { targetType: 'user', targetId: String(userId), action: SECURITY_EVENT_PREFIX, ...page });
}
