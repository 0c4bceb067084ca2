import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { openTestDatabase } from '../test/test-app.ts';
import { RateLimiter } from './rate-limiter.ts';

describe('RateLimiter (database-backed)', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let limiter: RateLimiter;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    await migrate(database.pool);
    limiter = new RateLimiter(database.pool);
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it('counts hits in a window and reports when the maximum is reached', async () => {
    expect(await limiter.tooManyAttempts('a', 3)).toBe(false);
    expect(await limiter.hit('a', 60)).toBe(1);
    expect(await limiter.hit('a', 60)).toBe(2);
    expect(await limiter.tooManyAttempts('a', 3)).toBe(false);
    expect(await limiter.hit('a', 60)).toBe(3);
    expect(await limiter.tooManyAttempts('a', 3)).toBe(true);
    expect(await limiter.tooManyAttempts('other', 3)).toBe(false);
  });

  it('tells how long until the window ends, and keeps the window start on later hits', async () => {
    await limiter.hit('b', 60);
    const first = await limiter.availableIn('b');
    expect(first).toBeGreaterThan(55);
    expect(first).toBeLessThanOrEqual(60);
    await database.pool.query(`UPDATE rate_limits SET reset_at = now() + interval '20 seconds' WHERE key = 'b'`);
    await limiter.hit('b', 60);
    expect(await limiter.availableIn('b')).toBeLessThanOrEqual(20);
    expect(await limiter.availableIn('unknown')).toBe(0);
  });

  it('starts again at 1 once the window has run out', async () => {
    for (let index = 0; index < 5; index += 1) await limiter.hit('c', 60);
    expect(await limiter.tooManyAttempts('c', 5)).toBe(true);
    await database.pool.query(`UPDATE rate_limits SET reset_at = now() - interval '1 second' WHERE key = 'c'`);
    expect(await limiter.tooManyAttempts('c', 5)).toBe(false);
    expect(await limiter.hit('c', 60)).toBe(1);
    expect(await limiter.availableIn('c')).toBeGreaterThan(55);
  });

  it('clears a key', async () => {
    await limiter.hit('d', 60);
    await limiter.clear('d');
    expect(await limiter.tooManyAttempts('d', 1)).toBe(false);
    expect(await limiter.availableIn('d')).toBe(0);
  });

  it('counts every hit when they arrive at once (one atomic upsert each)', async () => {
    await Promise.all(Array.from({ length: 10 }, () => limiter.hit('e', 60)));
    const { rows } = await database.pool.query<{ hits: number }>(`SELECT hits FROM rate_limits WHERE key = 'e'`);
    expect(rows[0]!.hits).toBe(10);
  });
});
