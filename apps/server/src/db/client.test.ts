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
