import net, { type AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createScratchDatabase, endPool } from '../test/server-process.ts';
import { createPipelinedReader, PIPELINED_APPLICATION_NAME, RECONNECT_DELAY_MS, type PipelinedReader, type ReadQueryable } from './pipelined-reader.ts';

/** The overflow: a pool whose queries are counted. */
function countingPool(connectionString: string): ReadQueryable & { pool: pg.Pool; count: number } {
  const pool = new pg.Pool({ connectionString, max: 2 });
  const counting = {
    pool,
    count: 0,
    query<Row extends pg.QueryResultRow>(config: pg.QueryConfig) {
      counting.count += 1;
      return pool.query<Row>(config);
    },
  };
  return counting;
}

/**
 * The pipelined reader against the machine's PostgreSQL (TEST_DATABASE_URL, default 127.0.0.1:5432), in a
 * database of its own: node-postgres' pipeline mode is a conversation with a real server.
 */
describe('pipelined reader', () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let admin: pg.Client;
  let overflow: ReturnType<typeof countingPool>;
  const readers: PipelinedReader[] = [];

  const open = (options: { maxDepth?: number; url?: string } = {}) => {
    const reader = createPipelinedReader({ connectionString: options.url ?? database.url }, { connections: 1, maxDepth: options.maxDepth ?? 32, overflow });
    readers.push(reader);
    return reader;
  };
  const readerBackends = async () =>
    (
      await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1', [
        PIPELINED_APPLICATION_NAME,
      ])
    ).rows.map((row) => row.pid);

  beforeAll(async () => {
    database = await createScratchDatabase('portal_pipelined');
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
  });
  afterEach(async () => {
    await Promise.all(readers.splice(0).map((reader) => reader.close()));
    await endPool(overflow.pool);
  });
  afterAll(async () => {
    await admin.end();
    await database.drop();
  });
  beforeEach(() => {
    overflow = countingPool(database.url);
  });

  it('answers many reads at once on one connection, each with its own rows, named statements included', async () => {
    const reader = open({ maxDepth: 1_000 });
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        reader.query<{ n: number; pid: number }>({ name: index % 2 ? 'pipelined_echo' : undefined, text: 'SELECT $1::int AS n, pg_backend_pid() AS pid', values: [index] }),
      ),
    );
    expect(answers.map((answer) => answer.rows[0]!.n)).toEqual(Array.from({ length: 200 }, (_, index) => index));
    const pids = new Set(answers.map((answer) => answer.rows[0]!.pid));
    expect(pids.size).toBe(1);
    expect(await readerBackends()).toEqual([...pids]);
    expect(overflow.count).toBe(0);
  });

  it('answers a failing statement with its own error, and the reads sent around it with their rows', async () => {
    const reader = open();
    const [before, failed, after] = await Promise.allSettled([
      reader.query<{ n: number }>({ text: 'SELECT 1 AS n' }),
      reader.query({ text: 'SELECT 1 / $1::int AS n', values: [0] }),
      reader.query<{ n: number }>({ text: 'SELECT 3 AS n' }),
    ]);
    expect(before).toMatchObject({ status: 'fulfilled', value: { rows: [{ n: 1 }] } });
    expect(failed).toMatchObject({ status: 'rejected', reason: { code: '22012' } });
    expect(after).toMatchObject({ status: 'fulfilled', value: { rows: [{ n: 3 }] } });
    // A statement's error is its own answer: nothing was retried elsewhere.
    expect(overflow.count).toBe(0);
  });

  it('sends reads beyond the depth limit to the overflow instead of queueing them on the connection', async () => {
    const reader = open({ maxDepth: 2 });
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, index) => reader.query<{ n: number }>({ text: 'SELECT $1::int AS n FROM pg_sleep(0.05)', values: [index] })),
    );
    expect(answers.map((answer) => answer.rows[0]!.n)).toEqual([0, 1, 2, 3, 4]);
    expect(overflow.count).toBe(3);
    // Answered, the connection takes reads again.
    await reader.query({ text: 'SELECT 1' });
    expect(overflow.count).toBe(3);
  });

  it('answers the reads a lost connection cut off through the overflow, and opens a new connection for the next', async () => {
    const reader = open();
    const firstPid = (await reader.query<{ pid: number }>({ text: 'SELECT pg_backend_pid() AS pid' })).rows[0]!.pid;
    // On the reader's connection the first read sleeps until its backend is terminated; run again on the overflow, at once.
    const cutOff = [
      reader.query<{ n: number }>({ text: `SELECT 1 AS n FROM pg_sleep(CASE WHEN current_setting('application_name') = $1 THEN 30 ELSE 0 END)`, values: [PIPELINED_APPLICATION_NAME] }),
      reader.query<{ n: number }>({ text: 'SELECT 2 AS n' }),
      reader.query<{ n: number }>({ text: 'SELECT 3 AS n' }),
    ];
    await expect
      .poll(async () => (await admin.query(`SELECT 1 FROM pg_stat_activity WHERE pid = $1 AND state = 'active' AND query LIKE '%pg_sleep%'`, [firstPid])).rowCount, {
        timeout: 10_000,
      })
      .toBe(1);
    await admin.query('SELECT pg_terminate_backend($1)', [firstPid]);
    expect((await Promise.all(cutOff)).map((answer) => answer.rows[0]!.n)).toEqual([1, 2, 3]);
    expect(overflow.count).toBe(3);

    const next = await reader.query<{ pid: number }>({ text: 'SELECT pg_backend_pid() AS pid' });
    expect(next.rows[0]!.pid).not.toBe(firstPid);
    expect(await readerBackends()).toEqual([next.rows[0]!.pid]);
  });

  it("answers a read's own error on a sound connection without dropping the connection or retrying the read", async () => {
    const reader = open();
    const pid = (await reader.query<{ pid: number }>({ text: 'SELECT pg_backend_pid() AS pid' })).rows[0]!.pid;
    // A value node-postgres cannot send: its own error, with no SQLSTATE, on a connection that is fine.
    const unsendable = { toPostgres: () => { throw new Error('this value cannot be sent'); } };
    await expect(reader.query({ text: 'SELECT $1::text AS n', values: [unsendable] })).rejects.toThrow('this value cannot be sent');
    expect((await reader.query<{ pid: number }>({ text: 'SELECT pg_backend_pid() AS pid' })).rows[0]!.pid).toBe(pid);
    expect(await readerBackends()).toEqual([pid]);
    expect(overflow.count).toBe(0);
  });

  it('sends its reads to the overflow while its connection cannot be opened, and tries it again a second later', async () => {
    // A server that takes connections and drops them at once: each attempt to open one is counted, and fails.
    let attempts = 0;
    const refusing = net.createServer((socket) => {
      attempts += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    const { port } = refusing.address() as AddressInfo;
    let now = Date.now();
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    try {
      const unserved = open({ url: `postgres://postgres@127.0.0.1:${port}/none` });
      const read = async (n: number) => (await unserved.query<{ n: number }>({ text: 'SELECT $1::int AS n', values: [n] })).rows[0]!.n;
      expect(await read(1)).toBe(1);
      expect([attempts, overflow.count]).toEqual([1, 1]);
      // Within RECONNECT_DELAY_MS: straight to the overflow, without trying to connect.
      now += RECONNECT_DELAY_MS - 1;
      expect(await read(2)).toBe(2);
      expect([attempts, overflow.count]).toEqual([1, 2]);
      now += 1;
      expect(await read(3)).toBe(3);
      expect([attempts, overflow.count]).toEqual([2, 3]);
    } finally {
      vi.restoreAllMocks();
      await new Promise((resolve) => refusing.close(resolve));
    }
  });

  it('answers the reads under way when closed, then refuses new ones and leaves no connection behind', async () => {
    const reader = open();
    // The read waits on a lock the test holds, so it is still running on the server for as long as the test says.
    const LOCK = 7_007;
    await admin.query('SELECT pg_advisory_lock($1)', [LOCK]);
    const running = reader.query<{ n: number }>({ text: 'SELECT 7 AS n FROM (SELECT pg_advisory_xact_lock_shared($1::bigint)) AS waited', values: [LOCK] });
    const [pid] = await vi.waitFor(async () => {
      const backends = await readerBackends();
      expect(backends).toHaveLength(1);
      return backends;
    });
    await expect
      .poll(async () => (await admin.query(`SELECT 1 FROM pg_stat_activity WHERE pid = $1 AND wait_event_type = 'Lock'`, [pid])).rowCount, {
        timeout: 10_000,
      })
      .toBe(1);
    // Closed while the read runs on the server; then the read may finish.
    const closing = reader.close();
    await admin.query('SELECT pg_advisory_unlock($1)', [LOCK]);
    expect((await running).rows).toEqual([{ n: 7 }]);
    await closing;
    await expect(reader.query({ text: 'SELECT 1' })).rejects.toThrow('pipelined reader: closed');
    await expect.poll(readerBackends, { timeout: 5_000 }).toEqual([]);
  });
});
