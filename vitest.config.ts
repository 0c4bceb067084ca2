import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const SERVER_SRC = 'apps/server/src';

/**
 * Which server test files run on both databases, decided here from the code, so a new area needs no list and
 * no naming rule:
 *
 * - 'server-db' runs twice (scripts/test.sh): on the embedded database (PGlite) and on PostgreSQL (TEST_DATABASE_URL).
 *   It holds every server test file that reaches, through its imports (its own or its helpers', followed from file
 *   to file), one of TEST_DATABASE_HELPERS: the helpers that open the test database, whose kind the pass picks
 *   (`createTestApp`, `openTestDatabase`). A file that reads `process.env.TEST_DATABASE_URL` itself lands there too.
 * - 'server' runs once: everything else (pure code, the realtime service, the config, files that open a database of
 *   a fixed kind themselves, such as a scratch database on the PostgreSQL server or an embedded one in a folder).
 *
 * It cannot silently go wrong the other way: the 'server' project sets SERVER_TESTS_RUN_ONCE, and openTestDatabase
 * throws when it sees it, so a file that opens the test database by a path this scan missed fails loudly instead
 * of running on one database only. A helper that picks a database from TEST_DATABASE_URL belongs in
 * apps/server/src/test/test-app.ts (or in TEST_DATABASE_HELPERS).
 */
const TEST_DATABASE_HELPERS = [`${SERVER_SRC}/test/test-app.ts`];
const READS_TEST_DATABASE_URL = /process\.env\.TEST_DATABASE_URL|process\.env\[['"]TEST_DATABASE_URL['"]\]/;
// `import … from './x.ts'`, `export … from '../x.ts'`, `import './x.ts'`, `import('./x.ts')`: relative ones only.
const RELATIVE_IMPORT = /(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;
// `import type … from` and `export type … from` are erased before the code runs: they open nothing.
const TYPE_ONLY_IMPORT = /\b(?:import|export)\s+type\s[^;'"]*?\bfrom\s*['"][^'"]+['"]/g;

function serverTestFiles(): string[] {
  return (readdirSync(path.join(ROOT, SERVER_SRC), { recursive: true }) as string[])
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => `${SERVER_SRC}/${file.split(path.sep).join('/')}`)
    .sort();
}

function relativeImports(file: string): string[] {
  const source = readFileSync(path.join(ROOT, file), 'utf8').replace(TYPE_ONLY_IMPORT, '');
  const found: string[] = [];
  for (const [, specifier] of source.matchAll(RELATIVE_IMPORT)) {
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier!));
    const candidates = [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`, target.replace(/\.js$/, '.ts')];
    const existing = candidates.find((candidate) => candidate.startsWith(`${SERVER_SRC}/`) && isFile(candidate));
    if (existing) found.push(existing);
  }
  return found;
}

function isFile(file: string): boolean {
  return statSync(path.join(ROOT, file), { throwIfNoEntry: false })?.isFile() ?? false;
}

function opensTheTestDatabase(testFile: string): boolean {
  if (READS_TEST_DATABASE_URL.test(readFileSync(path.join(ROOT, testFile), 'utf8'))) return true;
  const seen = new Set<string>([testFile]);
  const queue = [testFile];
  while (queue.length > 0) {
    for (const imported of relativeImports(queue.pop()!)) {
      if (TEST_DATABASE_HELPERS.includes(imported)) return true;
      if (!seen.has(imported)) {
        seen.add(imported);
        queue.push(imported);
      }
    }
  }
  return false;
}

/**
 * Web test files that replace a module (`vi.mock`) need a module graph of their own: the mock must be in place before
 * anything imports the module, and must not reach the next file. The others share one graph per worker, which saves
 * importing Mantine, React and every area's catalogue again for each file (about half of the web tests' time);
 * test/setup.ts puts back, before each file, what a file may change for itself.
 */
const MOCKS_A_MODULE = /\bvi\.mock\(/;
const WEB_SRC = 'apps/web/src';
const webTestsThatMockModules = (readdirSync(path.join(ROOT, WEB_SRC), { recursive: true }) as string[])
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `${WEB_SRC}/${file.split(path.sep).join('/')}`)
  .filter((file) => MOCKS_A_MODULE.test(readFileSync(path.join(ROOT, file), 'utf8')))
  .sort();

const serverTests = serverTestFiles();
const testDatabaseTests = serverTests.filter(opensTheTestDatabase);

// Generous limits: they only decide how long a test that is failing anyway waits; a clean-clone run beside seven busy
// agents (load 25 on two cores) took over 60 s to start an embedded database.
const serverProject = { environment: 'node' as const, testTimeout: 120_000, hookTimeout: 180_000 };

const webProject = {
  environment: 'jsdom' as const,
  setupFiles: ['apps/web/test/setup.ts'],
  css: false,
  // Pages and widgets alike: typing into Mantine inputs re-renders per key, and a lazy route's first visit waits for
  // its module to be transformed; on two busy cores a test can pass Vitest's 5 s default.
  testTimeout: 60_000,
};

export default defineConfig({
  test: {
    // Two cores: two test files at a time (the default would use one).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'contracts',
          include: ['packages/contracts/src/**/*.test.ts'],
          environment: 'node',
          // One test imports every contract file to read its schemas' messages: seconds on two idle cores, over 30 s
          // beside six other test runs (load 20).
          testTimeout: 120_000,
        },
      },
      {
        // Server tests that open no test database: the same on either database, so they run once.
        test: {
          name: 'server',
          include: [`${SERVER_SRC}/**/*.test.ts`],
          exclude: testDatabaseTests,
          env: { SERVER_TESTS_RUN_ONCE: '1' },
          ...serverProject,
        },
      },
      {
        // API tests on the test database: run on the embedded database and again on PostgreSQL (scripts/test.sh).
        // Each file starts its own embedded database worker (or a database of its own on the PostgreSQL server).
        test: {
          name: 'server-db',
          include: testDatabaseTests,
          // On the embedded pass, one migrated database that every file's database starts from.
          globalSetup: [`${SERVER_SRC}/test/embedded-template.ts`],
          // The files of a worker share one module graph: each builds its own app on its own database, and the
          // server keeps no state in its modules but constants and caches of SQL text. Loading the app's modules
          // (and PGlite's WebAssembly) once per worker instead of once per file cut this pass from 302 s to 78 s on
          // PostgreSQL and from 316 s to 196 s on the embedded database (2 cores, idle).
          isolate: false,
          ...serverProject,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: [`${WEB_SRC}/**/*.test.{ts,tsx}`],
          exclude: webTestsThatMockModules,
          isolate: false,
          ...webProject,
          // test/setup.ts puts back module state a file left behind.
          env: { WEB_TESTS_SHARE_MODULES: '1' },
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web-isolated',
          include: webTestsThatMockModules,
          ...webProject,
        },
      },
    ],
  },
});
