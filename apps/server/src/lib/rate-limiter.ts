import type { Queryable } from '../db/queryable.ts';

/**
 * A fixed-window attempt counter in the database (table rate_limits), so that every server process
 * behind a load balancer shares the same counts. Laravel's RateLimiter semantics, as Fortify uses them:
 * `tooManyAttempts` before the work, `hit` on a failure, `clear` on a success, `availableIn` for
 * Retry-After. Time is the database's clock throughout, never a process's.
 */
export class RateLimiter {
  constructor(private readonly db: Queryable) {}

  /** True when `key` already has `maxAttempts` hits in its current window. */
  async tooManyAttempts(key: string, maxAttempts: number): Promise<boolean> {
    const { rows } = await this.db.query<{ hits: number }>(
      'SELECT hits FROM rate_limits WHERE key = $1 AND reset_at > now()',
      [key],
    );
    return (rows[0]?.hits ?? 0) >= maxAttempts;
  }

  /**
   * Counts one attempt and returns the count in the window. One atomic upsert: a window that has
   * run out starts again at 1 with a new reset time; a running one keeps its reset time.
   */
  async hit(key: string, decaySeconds: number): Promise<number> {
    const { rows } = await this.db.query<{ hits: number }>(
      `INSERT INTO rate_limits (key, hits, reset_at)
       VALUES ($1, 1, now() + make_interval(secs => $2::double precision))
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.hits + 1 END,
         reset_at = CASE WHEN rate_limits.reset_at <= now() THEN excluded.reset_at ELSE rate_limits.reset_at END
       RETURNING hits`,
      [key, decaySeconds],
    );
    return rows[0]?.hits ?? 1;
  }

  /** Whole seconds until the window of `key` ends (0 when there is none). */
  async availableIn(key: string): Promise<number> {
    const { rows } = await this.db.query<{ seconds: number }>(
      `SELECT GREATEST(0, CEIL(EXTRACT(EPOCH FROM (reset_at - now()))))::integer AS seconds
         FROM rate_limits WHERE key = $1`,
      [key],
    );
    return rows[0]?.seconds ?? 0;
  }

  async clear(key: string): Promise<void> {
    await this.db.query('DELETE FROM rate_limits WHERE key = $1', [key]);
  }
}
