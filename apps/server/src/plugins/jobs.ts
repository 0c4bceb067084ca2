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
 * JOB_WORKERS=false, and stops, letting running jobs finish, when the app closes. Every process of a cluster runs
 * workers; the queue makes sure each job runs once.
 */
export const jobsPlugin = fp(
  async (app: FastifyInstance) => {
    const jobs = createJobQueue({ pool: app.database.pool, log: app.log });
    app.decorate('jobs', jobs);
    app.addHook('onReady', async () => {
      await jobs.start({ workers: app.config.jobWorkers });
    });
    app.addHook('onClose', async () => jobs.stop());
  },
  { name: 'jobs' },
);
