import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUDIT_OPERATORS_URL, auditEventsEndpoint, auditOperatorOptionsSchema, type AuditActorKind, type AuditEvent, type AuditEventListQuery } from '@portal/contracts/console-audit';
import { operatorListRoute, operatorRoute } from '../../kit/operator-routes.ts';
import { listNamedAuditEvents, type NamedAuditEventRow } from '../../lib/audit/audit-events.ts';
import { startOfDayIn } from './zoned-day.ts';

/**
 * The audit log viewer's endpoints (audit.read). Reading is not itself recorded in the audit log (it changes
 * nothing, and the log would fill with its own readings); who may read it, and why the values stay as stored, is in
 * docs/console-audit-and-jobs.md.
 */
export async function auditLogRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const pool = app.database.pool;

  operatorListRoute(app, {
    endpoint: auditEventsEndpoint,
    permission: 'audit.read',
    tags: ['audit-log'],
    summary: 'The audit log, newest first: filter by actor, action (or an area prefix such as partner.), target and dates',
    list: async (operator, query, request) => {
      // Not an audit row (reading changes nothing), but traced: who read which filtered view (the URL holds the filters).
      request.log.info({ operatorId: operator.id, operatorRole: operator.role }, 'audit log read');
      const { rows, total } = await listNamedAuditEvents(pool, filtersOf(query));
      return { rows: rows.map(toAuditEvent), total };
    },
  });

  app.get(
    AUDIT_OPERATORS_URL,
    operatorRoute(app, {
      permission: 'audit.read',
      tags: ['audit-log'],
      summary: 'Every operator (id, name, role), for the viewer’s actor filter',
      response: { 200: auditOperatorOptionsSchema },
    }),
    async () => (await pool.query<{ id: number; name: string; role: string }>('SELECT id, name, role FROM operators ORDER BY lower(name), id')).rows,
  );
}

function filtersOf(query: AuditEventListQuery) {
  const zone = query.timezone ?? 'UTC';
  return {
    actorType: query.actor_type,
    actorId: query.actor_id,
    action: query.action,
    targetType: query.target_type,
    targetId: query.target_id,
    from: query.from ? startOfDayIn(query.from, zone) : undefined,
    // The whole last day: before the next day's start.
    to: query.to ? startOfDayIn(query.to, zone, 1) : undefined,
    page: query.page,
    perPage: query.per_page,
  };
}

function toAuditEvent(row: NamedAuditEventRow): AuditEvent {
  return {
    id: row.id,
    at: row.created_at.toISOString(),
    actor: { type: row.actor_type as AuditActorKind, id: row.actor_id, role: row.actor_role, name: row.actor_name },
    action: row.action,
    target: row.target_type && row.target_id ? { type: row.target_type, id: row.target_id, name: row.target_name } : null,
    before: row.before ?? null,
    after: row.after ?? null,
    reason: row.reason,
    ip: row.ip,
    user_agent: row.user_agent,
  };
}
