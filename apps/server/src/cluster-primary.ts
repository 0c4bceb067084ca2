import cluster, { type Worker } from 'node:cluster';
import type { Config } from './config.ts';

/**
 * WEB_CONCURRENCY above 1: this process forks that many HTTP workers sharing one port (node:cluster; the
 * primary accepts connections and hands them round-robin to the workers), and does nothing else. One Node
 * process runs JavaScript on one core; on the 2-core bench machine two workers served the bookings list
 * 10-30 % faster than one process (docs/decisions-bookings.md, Throughput). Everything the workers share
 * already lives outside them: sessions and rate limits in PostgreSQL, realtime fan-out in Redis (config.ts
 * refuses more than one worker without both).
 *
 * - The first worker boots alone (it migrates, and seeds demo data when asked); the others follow once it
 *   listens, so two processes never seed the same empty database.
 * - A worker that dies after the boot is replaced (after half a second, at most one a second). One that dies before
 *   any worker has listened means the server cannot start (bad database URL, port taken): the primary stops
 *   the others and exits 1, as a single process would.
 * - SIGTERM/SIGINT are passed on; each worker closes its server and database, and the primary exits 0 when
 *   all have (or kills what is left after 20 s).
 */
export function runClusterPrimary(config: Config): void {
  const say = (line: string) => process.stdout.write(`[primary ${process.pid}] ${line}\n`);
  let listened = false;
  let stopping = false;
  let lastReplacement = 0;

  const fork = (): Worker => {
    const worker = cluster.fork();
    worker.on('listening', () => {
      say(`worker ${worker.process.pid} listening`);
      if (listened) return;
      listened = true;
      for (let index = 1; index < config.webConcurrency; index += 1) fork();
    });
    return worker;
  };

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    if (!listened) {
      process.stderr.write(`[primary ${process.pid}] the first worker exited during boot (${signal ?? code}); stopping\n`);
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
      process.exit(1);
    }
    say(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    // (Not at once: when Ctrl+C reaches the whole process group, a worker's exit can come before our SIGINT.)
    const wait = Math.max(500, lastReplacement + 1_000 - Date.now());
    lastReplacement = Date.now() + wait;
    setTimeout(() => {
      if (!stopping) fork();
    }, wait);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    say(`${signal}: stopping ${Object.keys(cluster.workers ?? {}).length} workers`);
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(0);
    for (const worker of workers) worker?.process.kill('SIGTERM');
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(0);
    }, 20_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  say(`starting ${config.webConcurrency} workers on port ${config.port}`);
  fork();
}
