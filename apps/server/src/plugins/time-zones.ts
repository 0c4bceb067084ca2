import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { databaseTimeZonesInstalled, useDatabaseTimeZones } from '@portal/contracts/fields';
import type { Queryable } from '../db/queryable.ts';

/** The zone names PostgreSQL knows (its tzdata, which may lag or lead the runtime's ICU). */
export async function loadDatabaseTimeZones(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>('SELECT name FROM pg_timezone_names');
  return rows.map((row) => row.name);
}

let loading: Promise<void> | undefined;

function load(pool: Queryable, log: FastifyInstance['log']): Promise<void> {
  loading ??= loadDatabaseTimeZones(pool)
    .then(useDatabaseTimeZones)
    .catch((error: unknown) => {
      log.warn({ err: error }, "the database's time zone names could not be read");
    })
    .finally(() => {
      loading = undefined;
    });
  return loading;
}

/** Whether a request names a zone to check: `timezone` in its query, or `time_zone` in its body. */
function namesTimeZone(request: FastifyRequest): boolean {
  const { query, body } = request as { query?: unknown; body?: unknown };
  return (typeof query === 'object' && query !== null && 'timezone' in query) || (typeof body === 'object' && body !== null && 'time_zone' in body);
}

/**
 * Every time zone a request names (PATCH /api/profile `time_zone`, the `timezone` query of the bookings list and
 * export, the team's figures and the console's audit log) is checked by the contracts' isTimeZone, which also asks
 * the database's pg_timezone_names, loaded once per process when the server is ready: a zone only Intl knows is a
 * 422 on its field, not a 500 when the SQL meets it. If the database could not answer then, a request that names a
 * zone loads them first (one that names none never waits on the database for them: a health check under a long
 * query must not); if it still cannot, the request goes on with Intl alone and meets the database's own outage answer.
 */
export const timeZonesPlugin = fp(
  async (app: FastifyInstance, options: { pool: Queryable }) => {
    app.addHook('onReady', async () => load(options.pool, app.log));
    app.addHook('preValidation', async (request) => {
      if (databaseTimeZonesInstalled() || !namesTimeZone(request)) return;
      await load(options.pool, request.log);
    });
  },
  { name: 'time-zones' },
);
