import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { defaultPoolSize, openDatabase } from './client.ts';

// pg.Pool connects lazily: opening a pool on an address nobody serves is enough to read its size.
const UNSERVED_URL = 'postgres://nobody@127.0.0.1:1/none';

describe('PostgreSQL pool size', () => {
  it('defaults to twice the cores plus one: a small pool, not one connection per waiting request', async () => {
    const database = await openDatabase({ url: UNSERVED_URL });
    try {
      expect(defaultPoolSize()).toBe(availableParallelism() * 2 + 1);
      expect(database.pool.options.max).toBe(defaultPoolSize());
    } finally {
      await database.close();
    }
  });

  it('takes DB_POOL_SIZE when it is set', async () => {
    const database = await openDatabase({ url: UNSERVED_URL, poolSize: 13 });
    try {
      expect(database.pool.options.max).toBe(13);
    } finally {
      await database.close();
    }
  });
});

describe('PostgreSQL pool size with several server processes (WEB_CONCURRENCY)', () => {
  it("shares the default out among the processes, at least 2 connections each", () => {
    const total = availableParallelism() * 2 + 1;
    expect(defaultPoolSize(1)).toBe(total);
    expect(defaultPoolSize(2)).toBe(Math.max(2, Math.ceil(total / 2)));
    // the processes together stay near the single-process total, never one connection per process
    expect(defaultPoolSize(2) * 2).toBeLessThanOrEqual(total + 1);
    expect(defaultPoolSize(64)).toBe(2);
  });
});
