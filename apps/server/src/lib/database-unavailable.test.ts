import net from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailableError } from './database-unavailable.ts';
import { createJobQueue } from './jobs/job-queue.ts';

function withCode(code: string, extra: Record<string, unknown> = {}): Error {
  return Object.assign(new Error(`failed: ${code}`), { code, ...extra });
}

function postgresError(code: string, message = 'postgres said no'): pg.DatabaseError {
  const error = new pg.DatabaseError(message, 0, 'error');
  error.code = code;
  return error;
}

describe('isDatabaseUnavailableError', () => {
  it.each(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE'])(
    'counts the socket error %s',
    (code) => {
      expect(isDatabaseUnavailableError(withCode(code))).toBe(true);
    },
  );

  it.each(['57P01', '57P02', '57P03', '53300', '08000', '08003', '08006', '08001', '08P01'])('counts PostgreSQL %s', (code) => {
    expect(isDatabaseUnavailableError(postgresError(code))).toBe(true);
  });

  it.each([
    'Connection terminated unexpectedly',
    'Connection terminated',
    'Connection terminated due to connection timeout',
    'timeout exceeded when trying to connect',
    'Client has encountered a connection error and is not queryable',
    'Cannot use a pool after calling end on the pool',
    'pipelined reader: closed',
  ])('counts node-postgres\'s "%s"', (message) => {
    expect(isDatabaseUnavailableError(new Error(message))).toBe(true);
  });

  it("counts the job queue's refusal to send before it has started (a request queuing mail gets 503, not 500)", async () => {
    const jobs = createJobQueue({ pool: new pg.Pool({ max: 1 }), log: { info() {}, warn() {}, error() {} } });
    jobs.define({ name: 'test.mail', async handle() {} });
    const refused = await jobs.send('test.mail', {}).then(() => null, (error: unknown) => error);
    expect(refused).toBeInstanceOf(Error);
    expect(isDatabaseUnavailableError(refused)).toBe(true);
  });

  it('looks through an AggregateError (one connect error per address) and a cause', () => {
    const aggregate = Object.assign(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], 'connect failed'), {});
    expect(isDatabaseUnavailableError(aggregate)).toBe(true);
    expect(isDatabaseUnavailableError(new Error('query failed', { cause: postgresError('57P01') }))).toBe(true);
  });

  it('counts ENOENT only from a connect (a missing Unix socket), not from a missing file', () => {
    expect(isDatabaseUnavailableError(withCode('ENOENT', { syscall: 'connect' }))).toBe(true);
    expect(isDatabaseUnavailableError(withCode('ENOENT', { syscall: 'open' }))).toBe(false);
  });

  it('does not count what is a bug or a bad request', () => {
    for (const code of ['22021', '22003', '23505', '42P01', '40001', '57014', '53100']) {
      expect(isDatabaseUnavailableError(postgresError(code)), code).toBe(false);
    }
    expect(isDatabaseUnavailableError(new TypeError("Cannot read properties of undefined (reading 'length')"))).toBe(false);
    expect(isDatabaseUnavailableError(new Error('Server Error'))).toBe(false);
    expect(isDatabaseUnavailableError(withCode('FST_ERR_CTP_INVALID_MEDIA_TYPE'))).toBe(false);
    expect(isDatabaseUnavailableError(undefined)).toBe(false);
    expect(isDatabaseUnavailableError('ECONNREFUSED')).toBe(false);
  });

  it('stops at a cycle of causes', () => {
    const first = new Error('a');
    const second = new Error('b', { cause: first });
    (first as { cause?: unknown }).cause = second;
    expect(isDatabaseUnavailableError(first)).toBe(false);
  });

  it("recognises node-postgres's real error when nothing listens on the port", async () => {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const pool = new pg.Pool({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres', max: 1 });
    const error = await pool.query('SELECT 1').then(
      () => undefined,
      (caught: unknown) => caught,
    );
    await pool.end();
    expect(error).toBeInstanceOf(Error);
    expect(isDatabaseUnavailableError(error)).toBe(true);
  });
});
