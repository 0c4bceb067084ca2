import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const base = { NODE_ENV: 'test', DATA_DIR: dataDir, APP_KEY: 'config-test-app-key-0123456789abcdefghijklmnop' } as const;

describe('WEB_CONCURRENCY (server processes)', () => {
  it('is one process unless set', () => {
    expect(loadConfig(base).webConcurrency).toBe(1);
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://db/portal', REDIS_URL: 'redis://cache:6379', WEB_CONCURRENCY: '4' }).webConcurrency).toBe(4);
  });

  it('refuses more than one process on the embedded database, which serves one', () => {
    expect(() => loadConfig({ ...base, WEB_CONCURRENCY: '2', REDIS_URL: 'redis://cache:6379' })).toThrow(
      new ConfigError('WEB_CONCURRENCY above 1 needs DATABASE_URL: the embedded database serves one process.'),
    );
  });

  it('refuses more than one process without Redis or an external Pusher service to share realtime events', () => {
    expect(() => loadConfig({ ...base, WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://db/portal' })).toThrow(/needs REDIS_URL/);
    const external = { PUSHER_HOST: 'ws.example.com', PUSHER_APP_ID: 'a', PUSHER_KEY: 'k', PUSHER_SECRET: 's' };
    expect(loadConfig({ ...base, ...external, WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://db/portal' }).webConcurrency).toBe(2);
  });

  it.each(['0', '-1', '1.5', 'many', '65'])('rejects %s', (value) => {
    expect(() => loadConfig({ ...base, WEB_CONCURRENCY: value })).toThrow(/WEB_CONCURRENCY/);
  });
});

describe('DB_PIPELINED_CONNECTIONS (pipelined connections for the busiest reads)', () => {
  it('leaves the default to the database unless set, and takes 0 (the pool) up to 16', () => {
    expect(loadConfig(base).dbPipelinedConnections).toBeUndefined();
    expect(['0', '1', '16'].map((value) => loadConfig({ ...base, DB_PIPELINED_CONNECTIONS: value }).dbPipelinedConnections)).toEqual([0, 1, 16]);
  });

  it.each(['-1', '1.5', 'some', '17'])('rejects %s', (value) => {
    expect(() => loadConfig({ ...base, DB_PIPELINED_CONNECTIONS: value })).toThrow(/DB_PIPELINED_CONNECTIONS/);
  });
});
