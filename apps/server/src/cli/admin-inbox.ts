import { randomBytes } from 'node:crypto';
import { watch, type FSWatcher } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

/**
 * A drop folder through which the admin command hands a command to the running portal when it cannot open
 * the database itself: the embedded database belongs to one process at a time (db/embedded-lock.ts), and
 * while the portal runs that process is the portal. Sending a live notification from the command is
 * exactly the case where the portal is running.
 *
 * The command writes `{argv}` to `$DATA_DIR/admin-inbox/<id>.json` (written aside, then renamed, so the
 * portal never reads half a file); the portal runs it with its own database and realtime service and
 * writes `<id>.result`; the command prints that and removes it. Trust is the file system's: whoever can
 * write into DATA_DIR can read and change the embedded database files anyway, and the folder is 0700.
 * No network endpoint is involved. With DATABASE_URL every process opens the database itself and this
 * folder is not used.
 */

export const ADMIN_INBOX_DIR = 'admin-inbox';
/** A job older than this is stale (its command gave up waiting): dropped, not run. */
const JOB_MAX_AGE_MS = 60_000;
const POLL_MS = 1000;

const jobSchema = z.object({
  argv: z.array(z.string().max(10_000)).min(1).max(50),
  submitted_at: z.number(),
});
const resultSchema = z.object({ exit_code: z.number().int(), output: z.array(z.string()) });
export type InboxResult = z.infer<typeof resultSchema>;

export function adminInboxPath(dataDir: string): string {
  return path.join(dataDir, ADMIN_INBOX_DIR);
}

async function writeAtomically(file: string, contents: string): Promise<void> {
  const temporary = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temporary, contents, { mode: 0o600 });
  await rename(temporary, file);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The command's side: hands `argv` to the running portal and waits for its answer. */
export async function submitToAdminInbox(
  dataDir: string,
  argv: string[],
  { timeoutMs = 20_000 }: { timeoutMs?: number } = {},
): Promise<InboxResult> {
  const directory = adminInboxPath(dataDir);
  await mkdir(directory, { recursive: true, mode: 0o700 });
  const id = `${Date.now()}-${randomBytes(6).toString('hex')}`;
  const jobFile = path.join(directory, `${id}.json`);
  const resultFile = path.join(directory, `${id}.result`);
  await writeAtomically(jobFile, JSON.stringify({ argv, submitted_at: Date.now() }));

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    await sleep(100);
    let text: string;
    try {
      text = await readFile(resultFile, 'utf8');
    } catch {
      continue;
    }
    await rm(resultFile, { force: true });
    return resultSchema.parse(JSON.parse(text));
  }
  await rm(jobFile, { force: true });
  throw new Error(
    `The running portal did not take the command within ${Math.round(timeoutMs / 1000)} s. ` +
      'Is the process that holds the embedded database this portal (started from this DATA_DIR)?',
  );
}

export interface AdminInbox {
  close(): Promise<void>;
}

interface InboxLogger {
  info(object: object, message?: string): void;
  warn(object: object, message?: string): void;
  error(object: object, message?: string): void;
}

/**
 * The portal's side: runs every job that lands in the folder, one at a time, through `execute`, which
 * decides what is allowed (it answers an unknown command with an error, like the command line does).
 */
export async function startAdminInbox(options: {
  dataDir: string;
  execute(argv: string[], out: (line: string) => void): Promise<number>;
  logger: InboxLogger;
}): Promise<AdminInbox> {
  const directory = adminInboxPath(options.dataDir);
  await mkdir(directory, { recursive: true, mode: 0o700 });
  let closed = false;
  let running: Promise<void> = Promise.resolve();
  let again = false;
  let busy = false;

  async function runJob(name: string): Promise<void> {
    const jobFile = path.join(directory, name);
    const id = name.slice(0, -'.json'.length);
    let job: z.infer<typeof jobSchema>;
    try {
      job = jobSchema.parse(JSON.parse(await readFile(jobFile, 'utf8')));
    } catch (error) {
      // Gone already (the command gave up), or not a job of ours: drop it.
      await rm(jobFile, { force: true });
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        options.logger.warn({ file: name }, 'admin inbox: unreadable job dropped');
      }
      return;
    }
    await rm(jobFile, { force: true });
    if (Date.now() - job.submitted_at > JOB_MAX_AGE_MS) {
      options.logger.warn({ file: name }, 'admin inbox: stale job dropped');
      return;
    }
    const output: string[] = [];
    let exitCode: number;
    try {
      exitCode = await options.execute(job.argv, (line) => output.push(line));
    } catch (error) {
      options.logger.error({ err: error }, 'admin inbox: command failed');
      output.push(`Error: ${(error as Error).message}`);
      exitCode = 1;
    }
    options.logger.info({ command: job.argv[0], exitCode }, 'admin inbox: command run');
    await writeAtomically(path.join(directory, `${id}.result`), JSON.stringify({ exit_code: exitCode, output }));
  }

  /** Runs every job in the folder; a wake-up that arrives meanwhile makes it look once more. */
  async function drain(): Promise<void> {
    do {
      again = false;
      const names = (await readdir(directory).catch(() => [] as string[])).filter((name) => name.endsWith('.json')).sort();
      for (const name of names) {
        if (closed) return;
        await runJob(name);
      }
    } while (again && !closed);
  }

  const schedule = () => {
    if (closed) return;
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    running = drain()
      .catch((error: unknown) => options.logger.error({ err: error }, 'admin inbox failed'))
      .finally(() => {
        busy = false;
      });
  };

  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(directory, () => schedule());
    watcher.on('error', () => {});
  } catch {
    // Some file systems cannot be watched; the poll below still finds the jobs.
  }
  // fs.watch misses events on some file systems (network mounts, containers): poll as well.
  const poll = setInterval(schedule, POLL_MS);
  poll.unref();
  schedule();

  return {
    async close() {
      closed = true;
      clearInterval(poll);
      watcher?.close();
      await running;
    },
  };
}
