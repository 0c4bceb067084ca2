import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm run new:area` on a copy of the repository, a partner area and a console area (`--console`): what it writes
 * type-checks, passes its own tests (the API tests on the embedded database, the page tests in jsdom) and lints
 * clean. The samples are thrown away with the copy, never committed.
 */
const repository = fileURLToPath(new URL('../../../../', import.meta.url));
const AREA = 'sample-leads';
const ARABIC = ['--ar', 'العملاء المحتملون'];

/** What the generated area is made of: the recipe's list of files (docs/recipe-new-area.md). */
const EXPECTED_FILES = [
  'packages/contracts/src/sample-leads.ts',
  'apps/server/src/modules/sample-leads/module.ts',
  'apps/server/src/modules/sample-leads/repository.ts',
  'apps/server/src/modules/sample-leads/demo-seed.ts',
  'apps/server/src/modules/sample-leads/sample-leads.test.ts',
  'apps/web/src/features/sample-leads/sample-leads-routes.tsx',
  'apps/web/src/features/sample-leads/routes/sample-leads-page.tsx',
  'apps/web/src/features/sample-leads/routes/sample-leads-page.test.tsx',
];

const CONSOLE_AREA = 'sample-visas';
const CONSOLE_ARABIC = ['--ar', 'التأشيرات النموذجية'];

/** The console area: its contract (with its permission), module, repository, service, API test, and three web files. */
const EXPECTED_CONSOLE_FILES = [
  'packages/contracts/src/console-sample-visas.ts',
  'apps/server/src/modules/sample-visas/module.ts',
  'apps/server/src/modules/sample-visas/repository.ts',
  'apps/server/src/modules/sample-visas/service.ts',
  'apps/server/src/modules/sample-visas/sample-visas.test.ts',
  'apps/web/src/console/sample-visas/sample-visas-console.tsx',
  'apps/web/src/console/sample-visas/sample-visas-page.tsx',
  'apps/web/src/console/sample-visas/sample-visas-page.test.tsx',
];

function run(command: string, args: string[], cwd: string, env: Record<string, string | undefined> = {}) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...env }, timeout: 540_000 });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

describe('npm run new:area', () => {
  let copy: string;
  const bin = (name: string) => path.join(repository, 'node_modules/.bin', name);

  beforeAll(() => {
    copy = mkdtempSync(path.join(os.tmpdir(), 'portal-new-area-'));
    for (const entry of ['package.json', 'tsconfig.base.json', 'eslint.config.js', 'scripts', 'packages/contracts', 'apps/server', 'apps/web']) {
      cpSync(path.join(repository, entry), path.join(copy, entry), {
        recursive: true,
        filter: (source) => !/[/\\](node_modules|dist|data)([/\\]|$)/.test(path.relative(repository, source)),
      });
    }
    // The copy's packages must resolve to the copy (the generated contract lives there), everything else to the
    // installed node_modules.
    mkdirSync(path.join(copy, 'node_modules/@portal'), { recursive: true });
    for (const entry of readdirSync(path.join(repository, 'node_modules'))) {
      if (entry !== '@portal') symlinkSync(path.join(repository, 'node_modules', entry), path.join(copy, 'node_modules', entry));
    }
    symlinkSync(path.join(copy, 'packages/contracts'), path.join(copy, 'node_modules/@portal/contracts'));
    for (const workspace of ['apps/web', 'apps/server']) {
      const modules = path.join(repository, workspace, 'node_modules');
      if (existsSync(modules)) symlinkSync(modules, path.join(copy, workspace, 'node_modules'));
    }
  });
  afterAll(() => {
    if (copy) rmSync(copy, { recursive: true, force: true });
  });

  it('writes the area, then refuses to write it twice', () => {
    const first = run(bin('tsx'), ['scripts/new-area.ts', '--root', copy, AREA, ...ARABIC], repository);
    expect(first.output).toContain(`The area '${AREA}' is in place`);
    expect(first.status).toBe(0);
    // The migration is the ninth: the recipe's "fewer than 10 files, none of them edited".
    expect(first.output).toContain(`${EXPECTED_FILES.length + 1} files`);
    for (const file of EXPECTED_FILES) expect(existsSync(path.join(copy, file)), file).toBe(true);
    const migrations = readdirSync(path.join(copy, 'apps/server/src/db/migrations'));
    expect(migrations.filter((file) => file.endsWith('_sample_leads.sql'))).toHaveLength(1);
    expect(readFileSync(path.join(copy, 'apps/server/src/modules/sample-leads/module.ts'), 'utf8')).toContain("name: 'sample-leads'");

    const again = run(bin('tsx'), ['scripts/new-area.ts', '--root', copy, AREA, ...ARABIC], repository);
    expect(again.status).toBe(2);
    expect(again.output).toContain(`The area '${AREA}' exists already`);
    expect(run(bin('tsx'), ['scripts/new-area.ts', '--root', copy, 'Sample_Leads', ...ARABIC], repository).output).toContain('is not a kebab-case name');
    // Every text has its Arabic: without the area's name in Arabic the scaffold writes nothing.
    const withoutArabic = run(bin('tsx'), ['scripts/new-area.ts', '--root', copy, 'other-leads'], repository);
    expect(withoutArabic.status).toBe(2);
    expect(withoutArabic.output).toContain('--ar <Arabic name>');
    expect(run(bin('tsx'), ['scripts/new-area.ts', '--root', copy, 'other-leads', '--ar', 'Other leads'], repository).output).toContain('is not the area\'s name in Arabic');
    expect(existsSync(path.join(copy, 'apps/web/src/features/other-leads'))).toBe(false);
  });

  it('prints its help, and writes a console area with --console, its permission in its own contract', () => {
    const help = run(bin('tsx'), ['scripts/new-area.ts', '--help'], repository);
    expect(help.status).toBe(0);
    expect(help.output).toContain('--console');
    expect(help.output).toContain('"A console area"');

    const written = run(bin('tsx'), ['scripts/new-area.ts', '--root', copy, CONSOLE_AREA, ...CONSOLE_ARABIC, '--console'], repository);
    expect(written.output).toContain(`The console area '${CONSOLE_AREA}' is in place`);
    expect(written.status).toBe(0);
    // Fewer than 10 files with the migration, and nothing central edited: not even the role map.
    expect(written.output).toContain(`${EXPECTED_CONSOLE_FILES.length + 1} files`);
    for (const file of EXPECTED_CONSOLE_FILES) expect(existsSync(path.join(copy, file)), file).toBe(true);
    expect(readdirSync(path.join(copy, 'apps/server/src/db/migrations')).filter((file) => file.endsWith('_sample_visas.sql'))).toHaveLength(1);
    expect(readFileSync(path.join(copy, 'packages/contracts/src/operator-permissions.ts'), 'utf8')).toBe(readFileSync(path.join(repository, 'packages/contracts/src/operator-permissions.ts'), 'utf8'));
    expect(readFileSync(path.join(copy, EXPECTED_CONSOLE_FILES[0]!), 'utf8')).toContain("defineOperatorPermission('sample_visas.manage'");
    expect(written.output).toContain('"A console area"');
  });

  /**
   * Type-checks the generated files of one workspace, and what they import, with that workspace's compiler options.
   * The rest of the repository is the test command's own type-check; checking it again here took a minute.
   */
  function typeCheckGenerated(workspace: string, files: string[]) {
    const config = path.join(copy, workspace, 'tsconfig.generated.json');
    // Files that widen a type by declaration merging (`declare module`, `declare global`: an area's catalogue, a
    // Fastify decorator) count wherever they are, imported or not, as in the workspace's own type-check.
    const augmenting = (readdirSync(path.join(copy, workspace, 'src'), { recursive: true }) as string[])
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => path.join(copy, workspace, 'src', file))
      .filter((file) => /^\s*declare (module|global)\b/m.test(readFileSync(file, 'utf8')));
    const relative = [...files.map((file) => path.join(copy, file)), ...augmenting].map((file) => path.relative(path.join(copy, workspace), file));
    writeFileSync(config, JSON.stringify({ extends: './tsconfig.json', include: [], files: relative }));
    return run(bin('tsc'), ['-p', config, '--noEmit'], copy);
  }

  it('type-checks and lints clean', () => {
    const generated = [...EXPECTED_FILES, ...EXPECTED_CONSOLE_FILES];
    const contract = generated.filter((file) => file.startsWith('packages/'));
    const server = typeCheckGenerated('apps/server', [...contract, ...generated.filter((file) => file.startsWith('apps/server/'))]);
    expect(server.output.trim()).toBe('');
    const web = typeCheckGenerated('apps/web', [...contract, ...generated.filter((file) => file.startsWith('apps/web/'))]);
    expect(web.output.trim()).toBe('');
    const lint = run(
      bin('eslint'),
      [
        '--max-warnings=0',
        'packages/contracts/src/sample-leads.ts',
        'apps/server/src/modules/sample-leads',
        'apps/web/src/features/sample-leads',
        'packages/contracts/src/console-sample-visas.ts',
        'apps/server/src/modules/sample-visas',
        'apps/web/src/console/sample-visas',
      ],
      copy,
    );
    expect(lint.output.trim()).toBe('');
  }, 600_000);

  it('passes its own tests: the APIs on the embedded database, the pages in jsdom', () => {
    writeFileSync(
      path.join(copy, 'vitest.config.ts'),
      `import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'server', include: ['apps/server/src/modules/sample-{leads,visas}/*.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 120_000 },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['apps/web/src/features/sample-leads/**/*.test.tsx', 'apps/web/src/console/sample-visas/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['apps/web/test/setup.ts'],
          css: false,
          testTimeout: 60_000,
        },
      },
    ],
  },
});
`,
    );
    // The API tests run on the embedded database only here: the scaffold is what is tested, not the database.
    // 10 of the partner area (4 API, 6 page), 8 of the console area (3 API, 5 page).
    const tests = run(bin('vitest'), ['run', '--reporter=dot'], copy, { TEST_DATABASE_URL: '', SERVER_TESTS_RUN_ONCE: '' });
    expect(tests.output).toMatch(/Tests\s+18 passed \(18\)/);
    expect(tests.status).toBe(0);
  }, 600_000);
});
