import { createHash } from 'node:crypto';
import PgBoss from 'pg-boss';
import type pg from 'pg';
import { queryPage, type Queryable } from '../../db/queryable.ts';
import { maskSecrets } from '../audit/audit-log.ts';

/**
 * Background jobs on PostgreSQL (docs/services.md, Background jobs; the choice of pg-boss: docs/decisions.md). Every
 * statement goes through the portal's own pool, so the embedded database's one connection serves the queue too and
 * a second process (a cluster worker, `npm run admin`) shares it. Jobs are fetched with FOR UPDATE SKIP LOCKED: with
 * any number of processes, each job runs once at a time. A handler that throws is retried with exponential backoff;
 * after its last attempt the job stays in the failed list, where an operator can retry it.
 */

export interface JobContext {
  id: string;
  name: string;
  /** The job's key when it was sent with one (see SendOptions.key). */
  key: string | null;
  /** 1 on the first run, 2 on the first retry, … */
  attempt: number;
}

export interface JobDefinition<Data extends object = Record<string, unknown>> {
  /** The queue's name, area first: 'mail.send', 'earnings.approve-commissions'. */
  name: string;
  /**
   * Does the work. Throwing fails this attempt (retried while attempts remain). It may run more than once for one
   * job (a retry after a crash between the work and its completion), so make it idempotent: `job.id` and `job.key`
   * are stable across attempts.
   */
  handle(data: Data, job: JobContext): Promise<void>;
  /** Retries after the first attempt (default 5). */
  retryLimit?: number;
  /** Seconds before the first retry (default 30); with backoff each next one waits about twice as long, jittered. */
  retryDelaySeconds?: number;
  /** Exponential backoff between retries (default true); false: every retry waits retryDelaySeconds. */
  retryBackoff?: boolean;
  /** A run taking longer than this fails and is retried (default 15 minutes). */
  expireInSeconds?: number;
  /** How often an idle worker of this process looks for work (default 2 s). */
  pollingIntervalSeconds?: number;
  /**
   * What the failed list shows an operator of a job's data. Default: the data with secret-looking keys masked
   * (lib/audit maskSecrets). Mail, for one, shows the recipient and subject, never the body and its links.
   */
  describe?(data: Data): Record<string, unknown>;
}

export interface SendOptions {
  /**
   * Makes the job idempotent: a second send with the same name and key, while the first job is queued, running,
   * retrying, failed, or completed within JOB_KEY_RETENTION_SECONDS, adds nothing (send answers null).
   */
  key?: string;
  /**
   * The client of a transaction: the job is inserted with one statement on it, and exists only if the transaction
   * commits (a change and the e-mail it causes commit together). Default: the pool, committed at once.
   */
  db?: Queryable;
  /** Not before this time. */
  startAfter?: Date;
}

export interface ScheduleDefinition {
  /** A defined job's name: at each tick one job of it is sent (once, whatever the number of processes). */
  name: string;
  /** Five-field cron expression: '0 3 * * *' is 03:00 every day. */
  cron: string;
  data?: Record<string, unknown>;
  /** IANA time zone the expression is read in (default UTC). */
  timeZone?: string;
}

export interface FailedJob {
  id: string;
  name: string;
  key: string | null;
  /** describe(data) of its definition: what an operator may see. */
  summary: Record<string, unknown>;
  attempts: number;
  /** The last error's message. */
  error: string | null;
  created_at: Date;
  failed_at: Date | null;
}

/** A job's state in words of the console (pg-boss: created, retry, active, completed, cancelled, failed). */
export type JobState = 'queued' | 'retrying' | 'active' | 'completed' | 'cancelled' | 'failed';

const JOB_STATE_OF: Record<string, JobState> = {
  created: 'queued',
  retry: 'retrying',
  active: 'active',
  completed: 'completed',
  cancelled: 'cancelled',
  failed: 'failed',
};

/** A job id as pg-boss makes them; anything else cannot be one (and would be a cast error in SQL). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface QueueSummary {
  name: string;
  queued: number;
  retrying: number;
  active: number;
  completed: number;
  failed: number;
}

export interface JobLogger {
  info(object: Record<string, unknown>, message: string): void;
  warn(object: Record<string, unknown>, message: string): void;
  error(object: Record<string, unknown>, message: string): void;
}

export interface JobQueue {
  /** Declares a job and its handler. Before start(). */
  define<Data extends object>(definition: JobDefinition<Data>): void;
  /** Declares a scheduled (cron) job of a defined name. Before start(); registered (or updated) by start(). */
  schedule(definition: ScheduleDefinition): void;
  /**
   * Installs or upgrades the queue's tables (under an advisory lock: processes may start together), creates the
   * queues, registers the schedules, and with `workers` (the default) starts this process's workers, the cron clock
   * and the maintenance (expiry of stuck jobs, archiving). Without workers, jobs run only through drain().
   * `schedules` (default true): make the stored schedules this code's (register its, remove the others); a process
   * that is not the portal (`npm run admin`) passes false, or it would remove the portal's.
   */
  start(options?: { workers?: boolean; schedules?: boolean }): Promise<void>;
  /** Stops the workers, letting running jobs finish (up to `timeoutMs`, default 20 s). */
  stop(options?: { timeoutMs?: number }): Promise<void>;
  /** Whether start() has succeeded and stop() not yet been called: the queue takes jobs (the readiness check). */
  readonly started: boolean;
  /** Adds a job; answers its id, or null when `key` matched an existing job. */
  send<Data extends object>(name: string, data: Data, options?: SendOptions): Promise<string | null>;
  /**
   * Runs every due job of the given queues (default: all defined ones) in this process until none is left, and waits
   * for the ones this process's workers are running. Answers how many it ran. Tests wait on it instead of a sleep;
   * the admin command runs the e-mail it just queued with it.
   */
  drain(options?: { names?: string[] }): Promise<number>;
  /** The failed list (the dead letters): jobs whose every attempt failed, newest failure first. */
  failedJobs(options: { name?: string; page: number; perPage: number }): Promise<{ rows: FailedJob[]; total: number }>;
  /**
   * Puts a failed job back in its queue (one more attempt); false when it is not failed (any more). With `db` (a
   * transaction's client) the change commits with that transaction, as the console's retry and its audit row do.
   */
  retryFailedJob(name: string, id: string, options?: { db?: Queryable }): Promise<boolean>;
  /**
   * One job of a defined queue and its state, or null when there is none (or it was archived). With `lock` and a
   * transaction's `db` the row stays locked until that transaction ends, so a check and the change that follows it
   * see the same state.
   */
  findJob(name: string, id: string, options?: { db?: Queryable; lock?: boolean }): Promise<{ id: string; name: string; state: JobState } | null>;
  /** Each defined queue's jobs by state. */
  queueSummaries(): Promise<QueueSummary[]>;
  /** The registered schedules. */
  schedules(): Promise<Required<ScheduleDefinition>[]>;
  /** The names of the defined jobs. */
  readonly names: readonly string[];
}

/** How long a completed job's key keeps a second send out (pg-boss archives completed jobs after this). */
export const JOB_KEY_RETENTION_SECONDS = 24 * 60 * 60;
/** How long failed jobs stay in the failed list before they are archived. */
export const FAILED_JOB_RETENTION_SECONDS = 30 * 24 * 60 * 60;
/** The PostgreSQL schema of the queue's tables (pg-boss's own, installed and upgraded by it). */
export const JOB_SCHEMA = 'pgboss';
const STOP_TIMEOUT_MS = 20_000;

function adapter(db: Queryable): PgBoss.Db {
  return { executeSql: (text, values) => db.query(text, values) };
}

/**
 * The job's id when it has a key: a UUID made from the name and key, so the second insert of one key conflicts on
 * the job's primary key and adds nothing (pg-boss inserts ON CONFLICT DO NOTHING). Queue policies (pg-boss `short`,
 * `stately`) deduplicate only while a job waits, and a job that already ran would run again.
 */
export function jobIdForKey(name: string, key: string): string {
  const hex = createHash('sha256').update(`${name}\u0000${key}`).digest('hex');
  // Version 8 (custom) and the RFC 4122 variant bits: a well-formed UUID PostgreSQL accepts.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function createJobQueue(deps: { pool: pg.Pool; log: JobLogger }): JobQueue {
  const { pool, log } = deps;
  const definitions = new Map<string, JobDefinition<object>>();
  const scheduled = new Map<string, ScheduleDefinition>();
  const running = new Set<Promise<void>>();
  const workerIds = new Map<string, string>();
  let boss: PgBoss | undefined;
  let workers = false;

  function started(): PgBoss {
    if (!boss) throw new Error('The job queue is not started.');
    return boss;
  }

  function definition(name: string): JobDefinition<object> {
    const found = definitions.get(name);
    if (!found) throw new Error(`No job is defined with the name '${name}'.`);
    return found;
  }

  function keyOf(job: PgBoss.JobWithMetadata): string | null {
    return job.singletonKey ?? null;
  }

  /** Runs one fetched job's handler, tracked so that drain() and stop() can wait for it. */
  function run(job: PgBoss.JobWithMetadata<object>): Promise<void> {
    const handled = definition(job.name).handle(job.data, { id: job.id, name: job.name, key: keyOf(job), attempt: job.retryCount + 1 });
    const tracked = handled.then(
      () => {},
      () => {},
    );
    const entry = tracked.finally(() => running.delete(entry));
    running.add(entry);
    return handled;
  }

  return {
    get names() {
      return [...definitions.keys()];
    },

    get started() {
      return boss !== undefined;
    },

    define(job) {
      if (boss) throw new Error(`Define '${job.name}' before the job queue starts.`);
      if (definitions.has(job.name)) throw new Error(`The job '${job.name}' is defined twice.`);
      definitions.set(job.name, job as unknown as JobDefinition<object>);
    },

    schedule(entry) {
      if (boss) throw new Error(`Schedule '${entry.name}' before the job queue starts.`);
      scheduled.set(entry.name, entry);
    },

    async start(options = {}) {
      if (boss) return;
      workers = options.workers ?? true;
      for (const entry of scheduled.values()) definition(entry.name);
      const instance = new PgBoss({
        db: adapter(pool),
        schema: JOB_SCHEMA,
        // The clock and the maintenance run only where workers do; a process without them only sends.
        supervise: workers,
        schedule: workers,
        archiveCompletedAfterSeconds: JOB_KEY_RETENTION_SECONDS,
        archiveFailedAfterSeconds: FAILED_JOB_RETENTION_SECONDS,
        deleteAfterDays: 30,
      });
      instance.on('error', (error: unknown) => log.error({ err: error }, 'job queue error'));
      await instance.start();
      for (const job of definitions.values()) {
        const queueOptions = {
          name: job.name,
          retryLimit: job.retryLimit ?? 5,
          retryDelay: job.retryDelaySeconds ?? 30,
          retryBackoff: job.retryBackoff ?? true,
          expireInSeconds: job.expireInSeconds ?? 15 * 60,
        };
        await instance.createQueue(job.name, queueOptions);
        // A queue made by an earlier version keeps its options otherwise.
        await instance.updateQueue(job.name, queueOptions);
      }
      if (options.schedules ?? true) {
        for (const entry of scheduled.values()) {
          await instance.schedule(entry.name, entry.cron, entry.data ?? {}, { tz: entry.timeZone ?? 'UTC' });
        }
        // A schedule this code no longer declares would keep sending jobs nobody handles.
        for (const existing of await instance.getSchedules()) {
          if (!scheduled.has(existing.name)) await instance.unschedule(existing.name);
        }
      }
      boss = instance;
      if (!workers) return;
      for (const job of definitions.values()) {
        const id = await instance.work<object>(
          job.name,
          { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: job.pollingIntervalSeconds ?? 2 },
          async ([fetched]) => {
            if (!fetched) return;
            try {
              await run(fetched);
            } catch (error) {
              log.warn({ err: error, job: fetched.name, id: fetched.id, attempt: fetched.retryCount + 1 }, 'job failed');
              throw error;
            }
          },
        );
        workerIds.set(job.name, id);
      }
    },

    async stop(options = {}) {
      if (!boss) return;
      const instance = boss;
      boss = undefined;
      await instance.stop({ graceful: true, wait: true, close: false, timeout: options.timeoutMs ?? STOP_TIMEOUT_MS });
      await Promise.all([...running]);
    },

    async send(name, data, options = {}) {
      definition(name);
      const instance = started();
      const id = await instance.send(name, data, {
        ...(options.key === undefined ? {} : { id: jobIdForKey(name, options.key), singletonKey: options.key }),
        ...(options.db ? { db: adapter(options.db) } : {}),
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      });
      // Committed already: this process's worker need not wait for its next poll.
      const worker = workerIds.get(name);
      if (id && !options.db && worker) instance.notifyWorker(worker);
      return id;
    },

    async drain(options = {}) {
      const instance = started();
      const names = options.names ?? [...definitions.keys()];
      let ran = 0;
      for (;;) {
        let fetched = 0;
        for (const name of names) {
          definition(name);
          const jobs = (await instance.fetch<object>(name, { batchSize: 10, includeMetadata: true })) ?? [];
          for (const job of jobs) {
            fetched += 1;
            ran += 1;
            try {
              await run(job);
              await instance.complete(name, job.id);
            } catch (error) {
              log.warn({ err: error, job: name, id: job.id, attempt: job.retryCount + 1 }, 'job failed');
              await instance.fail(name, job.id, { message: errorMessage(error) });
            }
          }
        }
        const busy = running.size > 0;
        await Promise.all([...running]);
        if (fetched === 0 && !busy) return ran;
      }
    },

    async failedJobs(options) {
      const values: unknown[] = [];
      let where = "state = 'failed'";
      if (options.name) {
        values.push(options.name);
        where += ' AND name = $1';
      }
      const page = await queryPage<{
        id: string;
        name: string;
        singleton_key: string | null;
        data: object;
        retry_count: number;
        output: { message?: string } | null;
        created_on: Date;
        completed_on: Date | null;
      }>(pool, {
        select: 'id::text AS id, name, singleton_key, data, retry_count, output, created_on, completed_on',
        from: `${JOB_SCHEMA}.job`,
        where,
        values,
        orderBy: 'completed_on DESC NULLS LAST, id',
        page: options.page,
        perPage: options.perPage,
      });
      return {
        total: page.total,
        rows: page.rows.map((row) => {
          const describe = definitions.get(row.name)?.describe;
          return {
            id: row.id,
            name: row.name,
            key: row.singleton_key,
            summary: describe ? describe(row.data) : (maskSecrets(row.data) as Record<string, unknown>),
            attempts: row.retry_count + 1,
            error: typeof row.output?.message === 'string' ? row.output.message : null,
            created_at: row.created_on,
            failed_at: row.completed_on,
          };
        }),
      };
    },

    async retryFailedJob(name, id, options = {}) {
      definition(name);
      if (!UUID.test(id)) return false;
      // pg-boss answers { affected } at run time (its types say `updated`).
      const result = (await started().retry(name, id, options.db ? { db: adapter(options.db) } : {})) as unknown as { affected?: number };
      return result.affected === 1;
    },

    async findJob(name, id, options = {}) {
      if (!definitions.has(name) || !UUID.test(id)) return null;
      const { rows } = await (options.db ?? pool).query<{ id: string; name: string; state: string }>(
        `SELECT id::text AS id, name, state::text AS state FROM ${JOB_SCHEMA}.job WHERE name = $1 AND id = $2::uuid${options.lock ? ' FOR UPDATE' : ''}`,
        [name, id],
      );
      const row = rows[0];
      return row ? { id: row.id, name: row.name, state: JOB_STATE_OF[row.state] ?? 'queued' } : null;
    },

    async queueSummaries() {
      const { rows } = await pool.query<{ name: string; state: string; size: number }>(
        `SELECT name, state::text AS state, count(*)::int AS size FROM ${JOB_SCHEMA}.job WHERE name = ANY($1) GROUP BY name, state`,
        [[...definitions.keys()]],
      );
      return [...definitions.keys()].sort().map((name) => {
        const count = (state: string) => rows.find((row) => row.name === name && row.state === state)?.size ?? 0;
        return { name, queued: count('created'), retrying: count('retry'), active: count('active'), completed: count('completed'), failed: count('failed') };
      });
    },

    async schedules() {
      const rows = await started().getSchedules();
      // Each row also holds its `timezone` (missing from pg-boss's types).
      return (rows as (PgBoss.Schedule & { timezone: string })[]).map((row) => ({
        name: row.name,
        cron: row.cron,
        data: (row.data ?? {}) as Record<string, unknown>,
        timeZone: row.timezone,
      }));
    },
  };
}

/**
 * Installs (or upgrades) the queue's tables without starting anything: the test template does it once, so that
 * each test app's start finds them in place.
 */
export async function installJobQueueSchema(pool: pg.Pool): Promise<void> {
  const instance = new PgBoss({ db: adapter(pool), schema: JOB_SCHEMA, supervise: false, schedule: false });
  await instance.start();
  await instance.stop({ graceful: false, wait: true, close: false });
}
