import cluster, { type Worker } from 'node:cluster';
import type { Config } from './config.ts';

/** Workers in a row that die before they listen, after the first boot, before the primary gives up. */
const MAX_FAILED_BOOTS = 5;
/** How long workers get beyond their own drain deadline (SHUTDOWN_TIMEOUT_SECONDS) before they are killed. */
const STOP_MARGIN_MS = 5_000;

/**
 * WEB_CONCURRENCY above 1: this process forks that many HTTP workers sharing one port (node:cluster; the
 * primary accepts connections and hands them round-robin to the workers), and does nothing else. One Node
 * process runs JavaScript on one core; on the 2-core bench machine two workers served the bookings list
 * 10-30 % faster than one process (docs/decisions-bookings.md, Throughput). Everything the workers share
 * already lives outside them: sessions and rate limits in PostgreSQL, realtime fan-out in Redis (config.ts
 * refuses more than one worker without both).
 *
 * - The first worker boots alone (it migrates, and seeds demo data when asked); the others are forked once it
 *   listens, so two processes never seed the same empty database.
 * - A worker that dies after the boot is replaced after half a second, at most one a second. A server that
 *   cannot start (bad database URL, port taken) exits 1, as a single process would: when the first worker dies
 *   before listening, or when MAX_FAILED_BOOTS replacements in a row do.
 * - SIGTERM/SIGINT are passed on; each worker closes its server and database. The primary exits 0 when all have
 *   closed cleanly, 1 when one failed or had to be killed (STOP_MARGIN_MS after their drain's deadline, or at a
 *   second signal).
 */
export function runClusterPrimary(config: Config): void {
  const say = (line: string) => process.stdout.write(`[primary ${process.pid}] ${line}\n`);
  const complain = (line: string) => process.stderr.write(`[primary ${process.pid}] ${line}\n`);
  /** our own record: node:cluster may still list a worker in its 'exit' event */
  const live = new Set<Worker>();
  const listening = new WeakSet<Worker>();
  let booted = false;
  let failedBoots = 0;
  let stopping = false;
  let lastReplacement = 0;

  const fork = (): void => {
    if (stopping) return;
    const worker = cluster.fork();
    live.add(worker);
    say(`worker ${worker.process.pid} started`);
    worker.on('error', (error: Error) => complain(`worker ${worker.process.pid}: ${error.message}`));
    worker.on('listening', () => {
      if (listening.has(worker)) return;
      listening.add(worker);
      failedBoots = 0;
      say(`worker ${worker.process.pid} listening`);
      if (booted || stopping) return;
      booted = true;
      for (let index = 1; index < config.webConcurrency; index += 1) fork();
    });
  };

  const killAll = (signal: NodeJS.Signals) => {
    for (const worker of live) worker.process.kill(signal);
  };

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      complain(`${signal} again: killing the workers`);
      killAll('SIGKILL');
      process.exit(1);
    }
    stopping = true;
    say(`${signal}: stopping ${live.size} workers`);
    if (live.size === 0) process.exit(process.exitCode ?? 0);
    killAll('SIGTERM');
    const stopTimeoutMs = config.shutdownTimeoutMs + STOP_MARGIN_MS;
    setTimeout(() => {
      complain(`workers still running after ${stopTimeoutMs / 1000} s: killing them`);
      killAll('SIGKILL');
      process.exit(1);
    }, stopTimeoutMs).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  cluster.on('exit', (worker, code, signal) => {
    live.delete(worker);
    if (stopping) {
      if (code !== 0 && signal !== 'SIGTERM' && signal !== 'SIGINT') process.exitCode = 1;
      if (live.size === 0) process.exit(process.exitCode ?? 0);
      return;
    }
    const why = signal ?? `code ${code}`;
    const failedBoot = !listening.has(worker);
    if (failedBoot) failedBoots += 1;
    // Decided half a second later: when Ctrl+C reaches the whole process group, a worker's exit can come
    // before our own SIGINT, and that is a stop, not a crash.
    setTimeout(() => {
      if (stopping) return;
      if (failedBoot && (!booted || failedBoots >= MAX_FAILED_BOOTS)) {
        complain(
          booted
            ? `${failedBoots} workers in a row exited before listening (${why}); stopping`
            : `the first worker exited during boot (${why}); stopping`,
        );
        stopping = true;
        killAll('SIGTERM');
        process.exit(1);
      }
      say(`worker ${worker.process.pid} exited (${why}); starting another`);
      const wait = Math.max(0, lastReplacement + 1_000 - Date.now());
      lastReplacement = Date.now() + wait;
      setTimeout(fork, wait);
    }, 500);
  });

  say(`starting ${config.webConcurrency} workers on port ${config.port}`);
  fork();
}
