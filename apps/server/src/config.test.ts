import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, readOrCreateDevelopmentKey } from './config.ts';
import { PRODUCTION_ENV } from './test/production-env.ts';

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

describe('SHUTDOWN_TIMEOUT_SECONDS and METRICS_TOKEN (issue 33: the drain, the metrics)', () => {
  it('gives a SIGTERM drain 25 s unless set, from 1 s to 10 minutes', () => {
    expect(loadConfig(base).shutdownTimeoutMs).toBe(25_000);
    expect(loadConfig({ ...base, SHUTDOWN_TIMEOUT_SECONDS: '50' }).shutdownTimeoutMs).toBe(50_000);
    for (const value of ['0', '601', 'soon']) expect(() => loadConfig({ ...base, SHUTDOWN_TIMEOUT_SECONDS: value })).toThrow(/SHUTDOWN_TIMEOUT_SECONDS/);
  });

  it('serves no metrics unless METRICS_TOKEN is set, and refuses a guessable short token', () => {
    expect(loadConfig(base).metricsToken).toBeUndefined();
    expect(loadConfig({ ...base, METRICS_TOKEN: 'prometheus-scrape-token-0123456789' }).metricsToken).toBe('prometheus-scrape-token-0123456789');
    expect(() => loadConfig({ ...base, METRICS_TOKEN: 'metrics' })).toThrow(/METRICS_TOKEN/);
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

describe('the realtime secret (outside probe F1: no public default)', () => {
  const freshDir = () => mkdtempSync(path.join(dataDir, 'install-'));

  it('is never the old public default, in any mode, with or without APP_KEY', () => {
    for (const NODE_ENV of ['development', 'test', 'production']) {
      const config = loadConfig({ ...base, ...PRODUCTION_ENV, NODE_ENV, DATA_DIR: freshDir() });
      expect(config.pusher.secret).not.toBe('portal-secret');
      expect(config.pusher.secret).not.toBe(config.appKey);
      expect(config.pusher.secret.length).toBeGreaterThanOrEqual(32);
    }
    const generated = loadConfig({ NODE_ENV: 'development', DATA_DIR: freshDir() });
    expect(generated.pusher.secret).not.toBe('portal-secret');
  });

  it('is random per install when nothing is configured, and stable across restarts of one install', () => {
    const first = freshDir();
    const second = freshDir();
    const a = loadConfig({ NODE_ENV: 'development', DATA_DIR: first }).pusher.secret;
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: first }).pusher.secret).toBe(a);
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: second }).pusher.secret).not.toBe(a);
  });

  it('is the same for every process given the same APP_KEY (production, several hosts)', () => {
    const env = { ...base, ...PRODUCTION_ENV, NODE_ENV: 'production' };
    expect(loadConfig({ ...env, DATA_DIR: freshDir() }).pusher.secret).toBe(loadConfig({ ...env, DATA_DIR: freshDir() }).pusher.secret);
    expect(loadConfig({ ...env, APP_KEY: 'another-app-key-0123456789abcdefghijklmnop' }).pusher.secret).not.toBe(loadConfig(env).pusher.secret);
  });

  it('is PUSHER_SECRET when set, and required with an external Pusher service', () => {
    expect(loadConfig({ ...base, PUSHER_SECRET: 'configured' }).pusher.secret).toBe('configured');
    expect(() => loadConfig({ ...base, PUSHER_HOST: 'ws.example.com', PUSHER_APP_ID: 'a', PUSHER_KEY: 'k' })).toThrow(/PUSHER_SECRET are required/);
  });
});

describe('the generated APP_KEY of an install (DATA_DIR/app-key)', () => {
  it('is written once and read back, readable by its owner only', () => {
    const dir = mkdtempSync(path.join(dataDir, 'key-'));
    const key = readOrCreateDevelopmentKey(dir, 'app-key');
    expect(key.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'app-key'), 'utf8')).toBe(key);
    expect(statSync(path.join(dir, 'app-key')).mode & 0o777).toBe(0o600);
    expect(readOrCreateDevelopmentKey(dir, 'app-key')).toBe(key);
    expect(readdirSync(dir)).toEqual(['app-key']);
  });

  it('is the same for processes that start together on one DATA_DIR (one key wins, none reads a half-written file)', async () => {
    const dir = mkdtempSync(path.join(dataDir, 'race-'));
    const script = `import('${pathToFileURL(path.resolve('apps/server/src/config.ts')).href}')
      .then(({ loadConfig }) => process.stdout.write(loadConfig({ NODE_ENV: 'development', DATA_DIR: process.argv[1] }).pusher.secret))`;
    const run = () =>
      new Promise<string>((resolve, reject) => {
        execFile(process.execPath, ['--import', 'tsx', '-e', script, dir], (error, stdout) => (error ? reject(error) : resolve(stdout)));
      });
    const secrets = await Promise.all([run(), run(), run(), run()]);
    expect(secrets[0]!.length).toBeGreaterThanOrEqual(32);
    expect(new Set(secrets).size).toBe(1);
    expect(readdirSync(dir)).toEqual(['app-key']);
  });

  it('refuses an empty key file instead of running with a guessable key', () => {
    const dir = mkdtempSync(path.join(dataDir, 'empty-'));
    writeFileSync(path.join(dir, 'app-key'), '\n');
    expect(() => loadConfig({ NODE_ENV: 'development', DATA_DIR: dir })).toThrow(ConfigError);
  });
});

describe('HOST (the interface the server listens on)', () => {
  it('is loopback outside production, every interface in production, and HOST when set', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).host).toBe('127.0.0.1');
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig({ ...base, ...PRODUCTION_ENV, NODE_ENV: 'production' }).host).toBe('0.0.0.0');
    expect(loadConfig({ ...base, NODE_ENV: 'development', HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ ...base, ...PRODUCTION_ENV, NODE_ENV: 'production', HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
  });
});

describe('file storage and background jobs (#14)', () => {
  const s3 = { S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'portal-files', S3_ACCESS_KEY_ID: 'portal', S3_SECRET_ACCESS_KEY: 'secret-key' };

  it('keeps files under DATA_DIR/files unless S3 is configured', () => {
    expect(loadConfig(base).storage).toEqual({ driver: 'local', directory: path.join(dataDir, 'files') });
  });

  it('uses the S3-compatible bucket when endpoint, bucket and credentials are all set', () => {
    expect(loadConfig({ ...base, ...s3 }).storage).toEqual({
      driver: 's3',
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'portal-files',
      region: 'us-east-1',
      accessKeyId: 'portal',
      secretAccessKey: 'secret-key',
      forcePathStyle: true,
    });
    expect(loadConfig({ ...base, ...s3, S3_REGION: 'me-central-1', S3_FORCE_PATH_STYLE: 'false' }).storage).toMatchObject({
      region: 'me-central-1',
      forcePathStyle: false,
    });
  });

  it.each(['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'])('refuses S3 settings without %s', (missing) => {
    const partial: Record<string, string> = { ...base, ...s3 };
    delete partial[missing];
    expect(() => loadConfig(partial)).toThrow(/S3 storage needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together/);
  });

  it('refuses an endpoint that is not a URL', () => {
    expect(() => loadConfig({ ...base, ...s3, S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
  });

  it('runs job workers unless JOB_WORKERS is false', () => {
    expect(loadConfig(base).jobWorkers).toBe(true);
    expect(loadConfig({ ...base, JOB_WORKERS: 'false' }).jobWorkers).toBe(false);
    expect(() => loadConfig({ ...base, JOB_WORKERS: 'sometimes' })).toThrow(/JOB_WORKERS/);
  });
});

describe('the business on statements and bank files', () => {
  it('is required in production, each setting named, and the demo business elsewhere', () => {
    expect(() => loadConfig({ ...base, APP_URL: 'https://partners.example.test', NODE_ENV: 'production', ISSUER_NAME: 'Acme Health' })).toThrow(
      new ConfigError(
        "The portal refuses to start with NODE_ENV=production:\n  - ISSUER_ADDRESS, ISSUER_COUNTRY, ISSUER_TAX_ID, PAYOUT_DEBTOR_IBAN, PAYOUT_DEBTOR_BIC are required (the business's details on self-billing statements and its account in SEPA payout files).",
      ),
    );
    expect(loadConfig({ ...base, ...PRODUCTION_ENV, NODE_ENV: 'production' }).issuer).toMatchObject({ name: 'Bench Health Services Ltd', country: 'IE', debtorIban: 'IE29AIBK93115212345678' });
    expect(loadConfig(base).issuer.name).toBe('Meditravel Health Services FZ-LLC');
  });
});

describe('a production start (outside probe N10: no development default, every missing setting named)', () => {
  const production = { ...base, ...PRODUCTION_ENV, NODE_ENV: 'production' } as const;

  it('names every missing required setting in one message', () => {
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^The portal refuses to start with NODE_ENV=production:/);
    for (const name of ['APP_KEY', 'APP_URL', 'ISSUER_NAME', 'ISSUER_TAX_ID', 'PAYOUT_DEBTOR_IBAN', 'PAYOUT_DEBTOR_BIC']) expect(message).toContain(name);
  });

  it.each([
    ['PUSHER_SECRET', 'portal-secret', /PUSHER_SECRET is a published development default/],
    ['PUSHER_SECRET', 'short-but-not-published', /PUSHER_SECRET is too short: at least 32 characters/],
    ['S3_SECRET_ACCESS_KEY', 'minioadmin', /S3_SECRET_ACCESS_KEY is a published development default/],
  ])('refuses %s=%s', (name, value, expected) => {
    const s3 = name.startsWith('S3_') ? { S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'portal', S3_ACCESS_KEY_ID: 'portal' } : {};
    expect(() => loadConfig({ ...production, ...s3, [name]: value })).toThrow(expected);
    // outside production the same value is a developer's business
    expect(() => loadConfig({ ...base, ...s3, [name]: value })).not.toThrow();
  });

  it('takes a strong PUSHER_SECRET, and an external service\'s own shorter one', () => {
    expect(loadConfig({ ...production, PUSHER_SECRET: 'x'.repeat(32) }).pusher.secret).toBe('x'.repeat(32));
    const external = { PUSHER_HOST: 'ws.example.com', PUSHER_APP_ID: '1', PUSHER_KEY: 'k', PUSHER_SECRET: '0123456789abcdef0123' };
    expect(loadConfig({ ...production, ...external }).pusher.secret).toBe('0123456789abcdef0123');
  });
});
