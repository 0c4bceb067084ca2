import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { openMigratedDatabase } from '../db/open.ts';
import { consoleCsrf, consoleRequest } from '../test/console-sign-in.ts';
import { TestClient } from '../test/http-client.ts';
import { createTestApp, openTestDatabase, type TestContext } from '../test/test-app.ts';
import { runOperatorCommand } from './operator-commands.ts';

const repositoryRoot = path.resolve(import.meta.dirname, '../../../..');
const APP_KEY = 'test-app-key-0123456789abcdefghijklmnopqrstuvwxyz';

describe('create-operator', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp();
  });
  afterAll(async () => {
    await context.close();
  });

  async function run(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runOperatorCommand(argv, {
      pool: context.database.pool,
      config: context.config,
      actor: { type: 'cli', id: 'ops-engineer' },
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  it('creates the operator with the role; the printed password signs in and leads to enrolling two-factor', async () => {
    const result = await run('create-operator', 'First.Admin@Ops.test', '--role', 'admin', '--name', 'First Admin');
    expect(result.code).toBe(0);
    expect(result.out).toContain('Created operator First.Admin@Ops.test (role admin).');
    const password = /Password \(shown once; hand it over safely\): (\S+)/.exec(result.out)![1]!;
    expect(password.length).toBeGreaterThanOrEqual(20);
    expect(result.out).toContain('/console/login');

    const client = new TestClient(context.app);
    await consoleCsrf(client);
    const login = await consoleRequest(client, 'POST', '/api/console/login', { email: 'first.admin@ops.test', password });
    expect(login.json()).toEqual({ next: 'enrol' });

    const { rows } = await context.database.pool.query(
      "SELECT actor_type, actor_id, action, after FROM audit_events WHERE action = 'operator.created' AND after->>'email' = 'First.Admin@Ops.test'",
    );
    expect(rows).toEqual([{ actor_type: 'cli', actor_id: 'ops-engineer', action: 'operator.created', after: { email: 'First.Admin@Ops.test', name: 'First Admin', role: 'admin', two_factor: false } }]);
  });

  it('refuses a second operator with the same e-mail address, whatever its case', async () => {
    expect((await run('create-operator', 'twice@ops.test', '--role', 'support')).code).toBe(0);
    const again = await run('create-operator', 'TWICE@ops.test', '--role', 'finance');
    expect(again.code).toBe(1);
    expect(again.err).toBe('An operator with the e-mail address TWICE@ops.test exists already.');
  });

  it('says how to use it when the role or the address is missing or wrong', async () => {
    expect((await run('create-operator', 'norole@ops.test')).err).toContain('create-operator needs --role, one of admin, finance, content, support.');
    expect((await run('create-operator', 'x@ops.test', '--role', 'owner')).code).toBe(2);
    expect((await run('create-operator', '--role', 'admin')).err).toContain('create-operator needs one e-mail address.');
    expect((await run('create-operator', 'not-an-address', '--role', 'admin')).code).toBe(2);
    expect((await run('create-operator', 'x@ops.test', '--role', 'admin', '--colour', 'red')).code).toBe(2);
    const { rows } = await context.database.pool.query("SELECT count(*)::int AS count FROM operators WHERE email IN ('norole@ops.test', 'x@ops.test')");
    expect(rows[0].count).toBe(0);
  });
});

describe('npm run admin -- create-operator, as a process of its own', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-create-operator-'));
  let database: Database | undefined;
  let drop = async () => {};
  let env: Record<string, string>;

  beforeAll(async () => {
    env = { DATA_DIR: dataDir };
    if (process.env.TEST_DATABASE_URL) {
      let opened: Database;
      ({ database: opened, drop } = await openTestDatabase());
      database = opened;
      await migrate(opened.pool);
      env.DATABASE_URL = String((opened.pool.options as { connectionString?: string }).connectionString);
    } else {
      // The data folder starts as the migrated copy the API tests start from: PGlite's initdb would take most of a minute
      // on a busy machine, and is not what this test is about.
      const template = inject('embeddedTemplateFile') ?? undefined;
      await (await openDatabase({ embeddedDataDir: path.join(dataDir, 'pglite'), embeddedTemplateFile: template })).close();
    }
  });
  afterAll(async () => {
    await database?.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('bootstraps the first operator in the configured database', async () => {
    const result = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve, reject) => {
      execFile(
        path.join(repositoryRoot, 'node_modules/.bin/tsx'),
        ['apps/server/src/cli/admin.ts', 'create-operator', 'boot@ops.test', '--role', 'admin'],
        { cwd: repositoryRoot, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'test', APP_KEY, LOG_LEVEL: 'warn', ...env }, timeout: 120_000 },
        (error, stdout, stderr) => {
          if (error && typeof error.code !== 'number') reject(error);
          else resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
        },
      );
    });
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toContain('Created operator boot@ops.test (role admin).');

    // The embedded database is the command's to open while it runs; read it once the command is done.
    database ??= await openMigratedDatabase(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, APP_KEY, LOG_LEVEL: 'silent' }));
    const { rows } = await database.pool.query("SELECT role, status, two_factor_confirmed_at FROM operators WHERE email = 'boot@ops.test'");
    expect(rows).toEqual([{ role: 'admin', status: 'active', two_factor_confirmed_at: null }]);
  }, 180_000);
});
