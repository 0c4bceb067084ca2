import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CONSOLE_OVERVIEW_URL, consoleOverviewSchema, OVERVIEW_ITEMS, OVERVIEW_PERMISSIONS, type OverviewItem } from '@portal/contracts/console-overview';
import { operatorCan } from '@portal/contracts/operator-permissions';
import type { Queryable } from '../../db/queryable.ts';
import { operatorRoute } from '../../kit/operator-routes.ts';
import { defineModule } from '../../kit/portal-module.ts';
import { currentOperator } from '../../plugins/operator-session.ts';
import { countExceptions } from '../exceptions/public.ts';

/** One count of waiting work, read only when the operator's role may see it. */
type Counter = (db: Queryable) => Promise<number>;

async function countOf(db: Queryable, sql: string): Promise<number> {
  const { rows } = await db.query<{ count: number }>(sql);
  return rows[0]?.count ?? 0;
}

/**
 * The console's Overview (issue 34, docs/console-exceptions.md "Overview"): one request for the counts of work waiting,
 * each with the same condition as the filtered list it links to (applications pending, feedback new, jobs failed,
 * payouts in draft, exceptions open). A count the role may not see is not computed, so it cannot leak.
 */
export default defineModule({
  name: 'console-overview',
  after: ['exceptions', 'jobs'],
  async register(fastify) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const pool = app.database.pool;
    const counters: Record<OverviewItem, Counter> = {
      applications: (db) => countOf(db, `SELECT count(*)::int AS count FROM users u JOIN partner_profiles p ON p.user_id = u.id WHERE u.status = 'pending'`),
      feedback: (db) => countOf(db, `SELECT count(*)::int AS count FROM feedback_threads WHERE status = 'new'`),
      failed_jobs: async () => (await app.jobs.failedJobs({ page: 1, perPage: 1 })).total,
      payouts_due: (db) => countOf(db, `SELECT count(*)::int AS count FROM payouts WHERE status = 'draft'`),
      exceptions: async (db) => (await countExceptions(db)).total,
    };

    app.get(
      CONSOLE_OVERVIEW_URL,
      operatorRoute(app, { permission: 'console.use', tags: ['console'], summary: 'How much work is waiting: the counts the role may see, each the size of a filtered list', response: { 200: consoleOverviewSchema } }),
      async (request) => {
        const { role } = currentOperator(request);
        const items = OVERVIEW_ITEMS.filter((item) => operatorCan(role, OVERVIEW_PERMISSIONS[item]));
        const counts = await Promise.all(items.map((item) => counters[item](pool)));
        return { waiting: items.map((item, index) => ({ item, count: counts[index] ?? 0 })) };
      },
    );
  },
});
