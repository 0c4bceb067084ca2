import os, { availableParallelism } from 'node:os';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PIPELINED_CONNECTIONS, defaultPoolSize, openDatabase } from './client.ts';

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
  afterEach(() => vi.restoreAllMocks());

  it('shares the default out among the processes, at least 2 connections each', () => {
    vi.spyOn(os, 'availableParallelism').mockReturnValue(2);
    expect([1, 2, 3, 64].map((processes) => defaultPoolSize(processes))).toEqual([5, 3, 2, 2]);
    vi.spyOn(os, 'availableParallelism').mockReturnValue(8);
    expect([1, 2, 8].map((processes) => defaultPoolSize(processes))).toEqual([17, 9, 3]);
  });
});

describe('the reader of the busiest short reads', () => {
  it('is a pipelined connection of its own on PostgreSQL, unless DB_PIPELINED_CONNECTIONS is 0', async () => {
    expect(DEFAULT_PIPELINED_CONNECTIONS).toBe(1);
    const pipelined = await openDatabase({ url: UNSERVED_URL });
    const pooled = await openDatabase({ url: UNSERVED_URL, pipelinedConnections: 0 });
    try {
      expect(pipelined.reader).not.toBe(pipelined.pool);
      expect(pooled.reader).toBe(pooled.pool);
    } finally {
      await Promise.all([pipelined.close(), pooled.close()]);
    }
  });

  it('is the pool on the embedded database, whose one connection serves every query', async () => {
    const embedded = await openDatabase({ embeddedDataDir: 'memory://' });
    try {
      expect(embedded.reader).toBe(embedded.pool);
    } finally {
      await embedded.close();
    }
  });
});

describe('the embedded database after a failed statement', () => {
  it('still answers the named statements every request uses (it ends the connection; the backend keeps them)', async () => {
    const embedded = await openDatabase({ embeddedDataDir: 'memory://' });
    try {
      const named = { name: 'session_probe', text: 'SELECT $1::int + 1 AS next', values: [1] };
      expect((await embedded.pool.query<{ next: number }>(named)).rows).toEqual([{ next: 2 }]);
      await expect(embedded.pool.query('SELECT 1/0')).rejects.toMatchObject({ code: '22012' });
      // Before: 42P05 "prepared statement already exists", on every signed-in request until a restart.
      expect((await embedded.pool.query<{ next: number }>(named)).rows).toEqual([{ next: 2 }]);
      const client = await embedded.pool.connect();
      try {
        expect((await client.query<{ next: number }>(named)).rows).toEqual([{ next: 2 }]);
      } finally {
        client.release();
      }
    } finally {
      await embedded.close();
    }
  });
});
