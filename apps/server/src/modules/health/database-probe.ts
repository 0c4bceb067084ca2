import type pg from 'pg';

/**
 * Checks the database in the background so /api/health answers at once. The embedded database runs
 * one statement at a time: a health query would wait behind every queued request and make a busy
 * but healthy server look dead. The probe's last answer is at most `intervalMs` old.
 */
export interface DatabaseProbe {
  healthy(): boolean;
  stop(): void;
}

export async function startDatabaseProbe(
  pool: pg.Pool,
  { intervalMs = 2000, timeoutMs = 5000 }: { intervalMs?: number; timeoutMs?: number } = {},
): Promise<DatabaseProbe> {
  let lastSuccessAt = 0;
  let lastFailureAt = 0;
  let inFlightSince = 0;
  let stopped = false;

  async function check(): Promise<void> {
    if (inFlightSince) return;
    inFlightSince = Date.now();
    const timer = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), timeoutMs).unref());
    try {
      await Promise.race([pool.query('SELECT 1'), timer]);
      lastSuccessAt = Date.now();
    } catch {
      lastFailureAt = Date.now();
    } finally {
      inFlightSince = 0;
    }
  }

  await check();
  const interval = setInterval(() => {
    if (!stopped) void check();
  }, intervalMs);
  interval.unref();

  return {
    healthy() {
      if (lastFailureAt > lastSuccessAt) return false;
      // A probe still waiting (the queue is busy) is not a failure until it times out.
      return Date.now() - lastSuccessAt < intervalMs + timeoutMs || (inFlightSince > 0 && Date.now() - inFlightSince < timeoutMs);
    },
    stop() {
      stopped = true;
      clearInterval(interval);
    },
  };
}
