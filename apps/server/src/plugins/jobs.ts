import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJobQueue, type JobQueue } from '../lib/jobs/job-queue.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Background jobs (lib/jobs/job-queue.ts): modules define their jobs and schedules while they register. */
    jobs: JobQueue;
  }
}

/**
 * `app.jobs`. Modules call `app.jobs.define(…)` and `app.jobs.schedule(…)` in their register function; the queue
 * starts once every module is registered (onReady: `app.listen` or `app.ready`), with this process's workers unless
 * JOB_WORKERS=false, and stops, letting running jobs finish, when the app closes. Until it has started (the database
 * unreachable at boot), `send` fails like any other write would. Every process of a cluster runs
 * workers; the queue makes sure each job runs once.
 */
export const jobsPlugin = fp(
  async (app: FastifyInstance) => {
    const jobs = createJobQueue({ pool: app.database.pool, log: app.log });
    app.decorate('jobs', jobs);
    let retry: NodeJS.Timeout | undefined;
    let closing = false;
    // The server starts even when the database is away for a moment (health answers 503 meanwhile): the queue then
    // keeps trying in the background, every few seconds, up to a minute apart.
    const start = async (attempt: number): Promise<void> => {
      try {
        await jobs.start({ workers: app.config.jobWorkers });
      } catch (error) {
        if (closing) return;
        const seconds = Math.min(60, 5 * 2 ** attempt);
        app.log.error({ err: error, retryInSeconds: seconds }, 'the job queue could not start');
        retry = setTimeout(() => void start(attempt + 1), seconds * 1000);
        retry.unref();
      }
    };
    app.addHook('onReady', async () => start(0));
    app.addHook('onClose', async () => {
      closing = true;
      clearTimeout(retry);
      // Running jobs get the drain's time to finish (SHUTDOWN_TIMEOUT_SECONDS; main.ts).
      await jobs.stop({ timeoutMs: app.config.shutdownTimeoutMs });
    });
  },
  { name: 'jobs' },
);
