import { z } from 'zod';
import { CONSOLE_API_PREFIX } from './console-session.ts';
import { textField } from './fields.ts';
import { listEndpoint, listQuerySchema, queryField } from './list-query.ts';

/**
 * The console's Background jobs page (issue 14, jobs.manage): each queue's jobs by state, the failed list (the dead
 * letters: jobs whose every attempt failed) with Retry, and the scheduled (cron) jobs. A retry is an operator's write:
 * it records an audit row ('job.retried') in the transaction that puts the job back in its queue.
 */

export const JOBS_URL = `${CONSOLE_API_PREFIX}/jobs`;

/** A queue's name: area first, dotted, lower case with dashes ('mail.send', 'earnings.approve-commission'). */
export const JOB_NAME_PATTERN = /^[a-z][a-z0-9_-]*(\.[a-z][a-z0-9_-]*)*$/;
/** pg-boss's job ids are UUIDs. */
export const JOB_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function jobNameField() {
  return textField('queue', { max: 100 }).refine((value) => JOB_NAME_PATTERN.test(value), 'The queue field must be a queue name, such as mail.send.');
}

export const JOB_STATES = ['queued', 'active', 'retrying', 'failed', 'completed'] as const;
export type JobState = (typeof JOB_STATES)[number];

export const queueSummarySchema = z.object({
  name: z.string(),
  queued: z.number().int(),
  active: z.number().int(),
  retrying: z.number().int(),
  failed: z.number().int(),
  /** Completed in the last 24 hours (older ones are archived). */
  completed: z.number().int(),
});
export type QueueSummary = z.infer<typeof queueSummarySchema>;

export const jobScheduleSchema = z.object({
  name: z.string(),
  /** Five fields: '0 3 * * *' */
  cron: z.string(),
  /** IANA zone the expression is read in. */
  time_zone: z.string(),
  /** The next time the clock sends it, ISO 8601; null when it cannot be worked out. */
  next_run_at: z.string().nullable(),
});
export type JobSchedule = z.infer<typeof jobScheduleSchema>;

/** GET /api/console/jobs: the queues and the schedules. */
export const jobsOverviewSchema = z.object({
  queues: z.array(queueSummarySchema),
  schedules: z.array(jobScheduleSchema),
});
export type JobsOverview = z.infer<typeof jobsOverviewSchema>;

export const failedJobListQuerySchema = listQuerySchema({
  filters: { name: queryField(jobNameField()) },
  defaultPageSize: 10,
});

export const failedJobSchema = z.object({
  id: z.string(),
  name: z.string(),
  key: z.string().nullable(),
  /** What the job's definition lets an operator see of its data (secrets masked; mail: recipient and subject). */
  summary: z.record(z.string(), z.unknown()),
  /** Attempts made, the first included. */
  attempts: z.number().int(),
  /** The last attempt's error message. */
  error: z.string().nullable(),
  /** ISO 8601 */
  created_at: z.string(),
  failed_at: z.string().nullable(),
});
export type FailedJob = z.infer<typeof failedJobSchema>;

/** GET /api/console/jobs/failed: the dead letters, newest failure first. */
export const failedJobsEndpoint = listEndpoint(`${JOBS_URL}/failed`, failedJobListQuerySchema, failedJobSchema);

export const retryJobParamsSchema = z.object({
  name: jobNameField(),
  id: z.string().refine((value) => JOB_ID_PATTERN.test(value), 'The id field must be a job id.'),
});

/** POST /api/console/jobs/:name/failed/:id/retry: back in its queue, for one more attempt. */
export function retryJobUrl(name: string, id: string): string {
  return `${JOBS_URL}/${encodeURIComponent(name)}/failed/${encodeURIComponent(id)}/retry`;
}

export const retryJobResultSchema = z.object({ id: z.string(), name: z.string(), state: z.literal('retrying') });
export type RetryJobResult = z.infer<typeof retryJobResultSchema>;
