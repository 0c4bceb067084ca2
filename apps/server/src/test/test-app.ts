import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated embedded database's data folder (a tarball) that each API test file's database starts from. */
    embeddedTemplateFile: string | null;
  }
}

export interface TestContext {
  app: App;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/**
 * A whole app on a fresh, migrated database: the embedded one in memory by default, or a new
 * database on the PostgreSQL server of TEST_DATABASE_URL (dropped again at close).
 */
export interface TestAppOptions {
  /** The app's real request logger, writing its JSON lines here (otherwise logs are off). */
  logStream?: { write(line: string): void };
  /** Adds test-only routes before the app is sealed. */
  extend?: (app: App) => void;
  /** Hands the app another database object (a recording reader, say) over the same database. */
  database?: (database: Database) => Database;
}

export async function createTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    APP_KEY: 'test-app-key-0123456789abcdefghijklmnopqrstuvwxyz',
    LOG_LEVEL: options.logStream ? 'info' : 'silent',
    SEED_DEMO: 'false',
    // Background jobs run when a test drains them (app.jobs.drain(), app.mailer.flush()), never on a timer of their
    // own: a worker's poll would land among the statements a test counts, or send mail a test did not wait for.
    JOB_WORKERS: 'false',
    ...env,
  });
  const { database, drop } = await openTestDatabase();
  await migrate(database.pool);
  const app = await buildApp({
    config,
    database: options.database?.(database) ?? database,
    ...(options.logStream ? { logStream: options.logStream } : { logger: false }),
    webDistDir: path.join(dataDir, 'no-web-build'),
  });
  options.extend?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (process.env.SERVER_TESTS_RUN_ONCE) {
    // vitest.config.ts puts a file that reaches this helper through its imports in 'server-db', which runs on both
    // databases. Here in 'server' (run once) it would test one of them only: say so rather than pass quietly.
    throw new Error(
      "This test opens the test database but runs in the 'server' project, which runs once. vitest.config.ts puts a " +
        "test file in 'server-db' (run on the embedded database and on PostgreSQL) when it imports apps/server/src/test/" +
        'test-app.ts, directly or through a helper, with a static import of a relative path.',
    );
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    // Started from the migrated copy that the project's global setup made (test/embedded-template.ts).
    const template = inject('embeddedTemplateFile') ?? undefined;
    return { database: await openDatabase({ embeddedDataDir: 'memory://', embeddedTemplateFile: template }), drop: async () => {} };
  }
  const name = `portal_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 5 });
  return {
    database,
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
