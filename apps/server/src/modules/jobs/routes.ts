import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import cronParser from 'cron-parser';
import { messageSchema } from '@portal/contracts/errors';
import { failedJobsEndpoint, JOBS_URL, jobsOverviewSchema, retryJobParamsSchema, retryJobResultSchema, type JobSchedule } from '@portal/contracts/console-jobs';
import { inTransaction } from '../../db/queryable.ts';
import { operatorListRoute, operatorRoute } from '../../kit/operator-routes.ts';
import { recordAudit } from '../../lib/audit/audit-log.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { JOB_MESSAGES } from './messages.ts';

/**
 * The Background jobs page's endpoints (jobs.manage): reads of app.jobs (lib/jobs/job-queue.ts), and the one write,
 * a retry, which puts the failed job back in its queue and records its audit row in one transaction.
 */
export async function jobRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const pool = app.database.pool;

  app.get(
    JOBS_URL,
    operatorRoute(app, {
      permission: 'jobs.manage',
      tags: ['jobs'],
      summary: 'Each queue’s jobs by state, and the scheduled jobs with their next run',
      response: { 200: jobsOverviewSchema },
    }),
    async () => {
      const [queues, schedules] = [await app.jobs.queueSummaries(), await app.jobs.schedules()];
      const now = new Date();
      return {
        queues,
        schedules: schedules
          .map((entry): JobSchedule => ({ name: entry.name, cron: entry.cron, time_zone: entry.timeZone, next_run_at: nextRun(entry.cron, entry.timeZone, now) }))
          .sort((a, b) => a.name.localeCompare(b.name)),
      };
    },
  );

  operatorListRoute(app, {
    endpoint: failedJobsEndpoint,
    permission: 'jobs.manage',
    tags: ['jobs'],
    summary: 'The failed list (dead letters), newest failure first; filter by queue',
    list: async (_operator, query) => {
      const { rows, total } = await app.jobs.failedJobs({ ...(query.name ? { name: query.name } : {}), page: query.page, perPage: query.per_page });
      return {
        total,
        rows: rows.map((row) => ({
          ...row,
          created_at: row.created_at.toISOString(),
          failed_at: row.failed_at ? row.failed_at.toISOString() : null,
        })),
      };
    },
  });

  app.post(
    `${JOBS_URL}/:name/failed/:id/retry`,
    operatorRoute(app, {
      permission: 'jobs.manage',
      tags: ['jobs'],
      summary: 'Retry a failed job: one more attempt, recorded in the audit log',
      description: 'A job that is not failed (queued, running, done, or retried already) answers 409; an unknown one 404.',
      params: retryJobParamsSchema,
      response: { 200: retryJobResultSchema, 404: messageSchema, 409: messageSchema },
    }),
    async (request) => {
      const { name, id } = request.params;
      return inTransaction(pool, async (client) => {
        // Locked until the commit: two operators pressing Retry at once retry it once, and the second gets a 409.
        const job = await app.jobs.findJob(name, id, { db: client, lock: true });
        if (!job) throw new NotFoundError(JOB_MESSAGES.noSuchJob);
        if (job.state !== 'failed' || !(await app.jobs.retryFailedJob(name, id, { db: client }))) throw new ConflictError(JOB_MESSAGES.notFailed);
        await recordAudit(client, request.auditActor, {
          action: 'job.retried',
          target: { type: 'job', id },
          before: { queue: name, state: 'failed' },
          after: { queue: name, state: 'retrying' },
        });
        return { id, name, state: 'retrying' as const };
      });
    },
  );
}

/** The schedule's next tick after `now`, or null when the expression cannot be read. */
function nextRun(cron: string, timeZone: string, now: Date): string | null {
  try {
    return cronParser.parseExpression(cron, { currentDate: now, tz: timeZone }).next().toDate().toISOString();
  } catch {
    return null;
  }
}
