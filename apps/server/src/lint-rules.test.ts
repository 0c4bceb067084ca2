/**
 * The boundary rules of eslint.config.js bite: each one is run on a small source at a path where it must report
 * (and, as a control, on sources it must let through). The fixtures import real files of the repository, found on
 * disk when the test runs, because the import rules only judge imports they can resolve.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const CONFIG = path.join(ROOT, 'eslint.config.js');
const WEB = 'apps/web/src';
const SERVER = 'apps/server/src';

let eslint: ESLint;
let publicFiles: string[];

beforeAll(async () => {
  // The fixtures below are not on disk, and import/no-cycle cannot lint a file that is not (it throws); cycles
  // have their own test, with real files.
  eslint = new ESLint({ cwd: ROOT, overrideConfigFile: CONFIG, overrideConfig: { rules: { 'import/no-cycle': 'off' } } });
  ({ SERVER_MODULE_PUBLIC_FILES: publicFiles } = (await import(pathToFileURL(CONFIG).href)) as { SERVER_MODULE_PUBLIC_FILES: string[] });
});

/** The rule ids ESLint reports for `code` saved at `file` (repository-relative); a parse error fails the test. */
async function reported(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  const messages = result?.messages ?? [];
  const fatal = messages.find((message) => message.fatal);
  if (fatal) throw new Error(`${file}: ${fatal.message}`);
  return messages.map((message) => message.ruleId ?? '');
}

/** A module that imports `specifier` and uses what it gets (a type-only import would not count as a dependency). */
function importing(...specifiers: string[]): string {
  return specifiers.map((specifier, index) => `import * as imported${index} from '${specifier}';\nexport const used${index} = imported${index};\n`).join('');
}

function folders(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** A source file (not a test) directly in `dir`, repository-relative, that `accept` likes. */
function sourceIn(dir: string, accept: (name: string) => boolean = () => true): string {
  const name = readdirSync(path.join(ROOT, dir))
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && accept(file))
    .sort()[0];
  if (!name) throw new Error(`No source file in ${dir} to import in a fixture.`);
  return `${dir}/${name}`;
}

/** `target` as an import specifier from a file in `fromDir`; the web imports without an extension. */
function specifier(fromDir: string, target: string, keepExtension: boolean): string {
  const relative = path.posix.relative(fromDir, keepExtension ? target : target.replace(/\.tsx?$/, ''));
  return relative.startsWith('.') ? relative : `./${relative}`;
}

const RESTRICTED = 'import/no-restricted-paths';

describe('web boundaries', () => {
  const [area, otherArea] = folders(`${WEB}/features`);
  const areaDir = `${WEB}/features/${area}`;
  const otherAreaFile = () => sourceIn(`${WEB}/features/${otherArea}`);
  const web = (fromDir: string, target: string) => specifier(fromDir, target, false);

  it('refuses an area importing another area', async () => {
    expect(await reported(`${areaDir}/lint-fixture.ts`, importing(web(areaDir, otherAreaFile())))).toContain(RESTRICTED);
  });

  it('refuses an area importing app/', async () => {
    expect(await reported(`${areaDir}/lint-fixture.ts`, importing(web(areaDir, sourceIn(`${WEB}/app`))))).toContain(RESTRICTED);
  });

  it.each(['lib', 'components', 'stores', 'i18n'])('refuses %s/ importing an area or app/', async (shared) => {
    const dir = `${WEB}/${shared}`;
    expect(await reported(`${dir}/lint-fixture.ts`, importing(web(dir, otherAreaFile())))).toContain(RESTRICTED);
    expect(await reported(`${dir}/lint-fixture.ts`, importing(web(dir, sourceIn(`${WEB}/app`))))).toContain(RESTRICTED);
  });

  it.each(['lib', 'components', 'i18n'])("refuses %s/ importing the partner's session (stores/)", async (shared) => {
    const dir = `${WEB}/${shared}`;
    expect(await reported(`${dir}/lint-fixture.ts`, importing(web(dir, `${WEB}/stores/auth-store.ts`)))).toContain(RESTRICTED);
  });

  it('lets an area import its own files and lib/, and app/ import any area', async () => {
    const own = sourceIn(areaDir, (name) => name !== 'lint-fixture.ts');
    expect(await reported(`${areaDir}/lint-fixture.ts`, importing(web(areaDir, own), web(areaDir, sourceIn(`${WEB}/lib`))))).not.toContain(
      RESTRICTED,
    );
    expect(await reported(`${WEB}/app/lint-fixture.ts`, importing(web(`${WEB}/app`, otherAreaFile())))).not.toContain(RESTRICTED);
  });
});

describe('console boundaries', () => {
  // The operations console is an entry of its own: a partner's browser must never download its code.
  const consoleDir = `${WEB}/console`;
  const consoleFile = () => sourceIn(`${consoleDir}/session`);
  // Its areas are the folders that declare themselves with a `*-console.tsx`, as console-areas.ts finds them.
  const [area, otherArea] = folders(consoleDir).filter((folder) =>
    readdirSync(path.join(ROOT, consoleDir, folder)).some((file) => file.endsWith('-console.tsx')),
  );
  const areaDir = `${consoleDir}/${area}`;
  const web = (fromDir: string, target: string) => specifier(fromDir, target, false);

  it.each(['features', 'app', 'components', 'lib', 'stores', 'i18n'])('refuses %s/ importing the console', async (part) => {
    const dir = part === 'features' ? `${WEB}/features/${folders(`${WEB}/features`)[0]}` : `${WEB}/${part}`;
    expect(await reported(`${dir}/lint-fixture.ts`, importing(web(dir, consoleFile())))).toContain(RESTRICTED);
    expect(await reported(`${dir}/lint-fixture.ts`, importing(web(dir, sourceIn(areaDir))))).toContain(RESTRICTED);
  });

  it('refuses the console importing a partner area or the partner session', async () => {
    const partnerArea = sourceIn(`${WEB}/features/${folders(`${WEB}/features`)[0]}`);
    for (const dir of [consoleDir, `${consoleDir}/session`, areaDir]) {
      expect(await reported(`${dir}/lint-fixture.ts`, importing(web(dir, partnerArea)))).toContain(RESTRICTED);
      expect(await reported(`${dir}/lint-fixture.ts`, importing(web(dir, sourceIn(`${WEB}/stores`))))).toContain(RESTRICTED);
    }
  });

  it('refuses a console area importing another area, and the shared console code importing an area', async () => {
    if (!area || !otherArea) throw new Error('The console has fewer than two areas to test with.');
    expect(await reported(`${areaDir}/lint-fixture.ts`, importing(web(areaDir, sourceIn(`${consoleDir}/${otherArea}`))))).toContain(RESTRICTED);
    for (const shared of ['components', 'session', 'layout']) {
      const dir = `${consoleDir}/${shared}`;
      expect(await reported(`${dir}/lint-fixture.ts`, importing(web(dir, sourceIn(areaDir))))).toContain(RESTRICTED);
    }
  });

  it("lets a console area import its own files, the console's shared code and the web's shared layers", async () => {
    const own = sourceIn(areaDir, (name) => name !== 'lint-fixture.ts');
    const allowed = [
      own,
      sourceIn(`${consoleDir}/components`),
      sourceIn(`${consoleDir}/session`),
      sourceIn(`${consoleDir}/layout`),
      `${consoleDir}/console-areas.ts`,
      sourceIn(`${WEB}/lib`),
      sourceIn(`${WEB}/components/${folders(`${WEB}/components`)[0]}`),
      `${WEB}/i18n/i18n.ts`,
    ];
    expect(await reported(`${areaDir}/lint-fixture.ts`, importing(...allowed.map((file) => web(areaDir, file))))).not.toContain(RESTRICTED);
  });
});

describe('server boundaries', () => {
  const modules = `${SERVER}/modules`;
  const server = (fromDir: string, target: string) => specifier(fromDir, target, true);
  const plugin = () => sourceIn(`${SERVER}/plugins`);

  it("refuses a module importing another module's private file, and lets it import a declared public one", async () => {
    const [publicFile] = publicFiles;
    if (!publicFile) throw new Error('eslint.config.js declares no public module file.');
    const owner = publicFile.split('/')[0]!;
    const importer = folders(modules).find((name) => name !== owner)!;
    const importerDir = `${modules}/${importer}`;
    const privateFile = sourceIn(`${modules}/${owner}`, (name) => !publicFiles.includes(`${owner}/${name}`));

    expect(await reported(`${importerDir}/lint-fixture.ts`, importing(server(importerDir, privateFile)))).toContain(RESTRICTED);
    expect(await reported(`${importerDir}/lint-fixture.ts`, importing(server(importerDir, `${modules}/${publicFile}`)))).not.toContain(
      RESTRICTED,
    );
  });

  it.each(['plugins', 'kit'])("refuses %s/ importing a module's private file, and lets it import a public one", async (layer) => {
    const dir = `${SERVER}/${layer}`;
    const [publicFile] = publicFiles;
    const owner = publicFile!.split('/')[0]!;
    const privateFile = sourceIn(`${modules}/${owner}`, (name) => name !== 'public.ts');
    expect(await reported(`${dir}/lint-fixture.ts`, importing(server(dir, privateFile)))).toContain(RESTRICTED);
    expect(await reported(`${dir}/lint-fixture.ts`, importing(server(dir, `${modules}/${publicFile}`)))).not.toContain(RESTRICTED);
  });

  it("takes a module's public file from disk: public.ts, one name, the only file another module may import", async () => {
    const withPublicFile = folders(modules).filter((area) => existsSync(path.join(ROOT, modules, area, 'public.ts')));
    expect(publicFiles).toEqual(withPublicFile.map((area) => `${area}/public.ts`));
    // Any other file of such a module is private, whatever its name says (service.ts, broadcaster.ts…).
    const importerDir = `${modules}/${folders(modules).find((area) => !withPublicFile.includes(area)) ?? folders(modules)[0]}`;
    for (const area of withPublicFile) {
      if (importerDir.endsWith(`/${area}`)) continue;
      const privateFile = sourceIn(`${modules}/${area}`, (name) => name !== 'public.ts');
      expect(await reported(`${importerDir}/lint-fixture.ts`, importing(server(importerDir, privateFile)))).toContain(RESTRICTED);
    }
  });

  it('refuses a repository importing a plugin', async () => {
    const dir = `${modules}/${folders(modules)[0]}`;
    expect(await reported(`${dir}/repository.ts`, importing(server(dir, plugin())))).toContain(RESTRICTED);
  });

  it.each(['lib', 'db'])('refuses %s/ importing a module or a plugin', async (layer) => {
    const dir = `${SERVER}/${layer}`;
    const moduleFile = sourceIn(`${modules}/${folders(modules)[0]}`);
    expect(await reported(`${dir}/lint-fixture.ts`, importing(server(dir, moduleFile)))).toContain(RESTRICTED);
    expect(await reported(`${dir}/lint-fixture.ts`, importing(server(dir, plugin())))).toContain(RESTRICTED);
  });
});

describe('the audit actor', () => {
  const ACTOR = 'no-restricted-syntax';
  const dir = `${SERVER}/modules/${folders(`${SERVER}/modules`)[0]}`;
  const header = `import type { FastifyRequest } from 'fastify';\nimport { requestOrigin } from '../../lib/audit/audit-log.ts';\ndeclare const request: FastifyRequest;\ndeclare const operator: { id: number; role: string };\n`;

  it.each(['routes.ts', 'console-routes.ts', 'module.ts'])('refuses an actor written by hand in %s', async (file) => {
    expect(await reported(`${dir}/${file}`, `${header}export const actor = { type: 'operator', id: operator.id, role: operator.role };\n`)).toContain(ACTOR);
    expect(await reported(`${dir}/${file}`, `${header}export const actor = { kind: 'x', ...requestOrigin(request) };\n`)).toContain(ACTOR);
  });

  it("lets a route take the request's actor, and name another record's type", async () => {
    const code = `${header}export const actor = request.auditActor;\nexport const target = { type: 'user', id: operator.id };\n`;
    expect(await reported(`${dir}/routes.ts`, code)).not.toContain(ACTOR);
  });
});

describe('import cycles', () => {
  // The rule follows imports on disk (the file being linted included), so the cycle is two real files, written in
  // a scratch copy of the layout rather than in the working tree others lint.
  let scratch: string;
  beforeAll(() => {
    scratch = mkdtempSync(path.join(tmpdir(), 'lint-cycle-'));
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it.each([`${WEB}/lib`, `${SERVER}/lib`, 'packages/contracts/src'])('are refused in %s', async (dir) => {
    const folder = path.join(scratch, dir);
    mkdirSync(folder, { recursive: true });
    const extension = dir.startsWith(WEB) ? '' : '.ts';
    writeFileSync(path.join(folder, 'cycle-a.ts'), importing(`./cycle-b${extension}`));
    writeFileSync(path.join(folder, 'cycle-b.ts'), importing(`./cycle-a${extension}`));
    // Patterns in the config are read against cwd when the config file is given: the scratch copy is the root.
    const linter = new ESLint({ cwd: scratch, overrideConfigFile: CONFIG });
    const [result] = await linter.lintFiles([path.join(folder, 'cycle-a.ts')]);
    expect(result?.messages.map((message) => message.ruleId)).toContain('import/no-cycle');
  });
});

describe('file names', () => {
  it.each([
    `${WEB}/lib/useThing.ts`,
    `${WEB}/features/myArea/thing.tsx`,
    `${SERVER}/lib/my_thing.test.ts`,
    'packages/contracts/src/SharedThing.ts',
  ])('refuses %s', async (file) => {
    const rules = await reported(file, 'export const thing = 1;\n');
    expect(rules.some((rule) => rule.startsWith('check-file/'))).toBe(true);
  });

  it('lets kebab-case names through, middle extensions included', async () => {
    expect(await reported(`${WEB}/lib/use-thing.test.tsx`, 'export const thing = 1;\n')).toEqual([]);
  });
});

describe('texts a person reads', () => {
  // Any area will do: the rules hold for every file of the SPA but its tests.
  const [area] = folders(`${WEB}/features`);
  const file = `${WEB}/features/${area}/lint-fixture.tsx`;
  const LITERAL = 'i18next/no-literal-string';
  const LABEL = 'no-restricted-syntax';

  it.each([
    ['JSX text', `export const Save = () => <button type="button">Save changes</button>;\n`],
    ['a prop that carries text', `export const Find = () => <input aria-label="Search bookings" />;\n`],
    ['a conditional text', `export const Toggle = ({ on }: { on: boolean }) => <button type="button" title={on ? 'Close menu' : 'Open menu'} />;\n`],
  ])('refuses %s written in a component', async (_, code) => {
    expect(await reported(file, code)).toContain(LITERAL);
  });

  it.each([
    ['a label', `export const OPTIONS = [{ value: 'paid', label: 'Paid invoices' }];\n`],
    ['a toast title', `export const toast = (show: (message: { title: string }) => void) => show({ title: 'Saved' });\n`],
    ['a column header', 'export const COLUMN = { text: `Booking Id`, value: `ticket_id` };\n'],
  ])('refuses %s written as a literal', async (_, code) => {
    expect(await reported(file, code)).toContain(LABEL);
  });

  it('lets catalogue keys, props that are not text, catalogues and tests through', async () => {
    const keys = `declare function t(key: string): string;
export const Save = () => <button type="button" aria-label={t('saveChanges')} className="wide">{t('save')} (2)</button>;
export const OPTIONS = [{ value: 'paid', label: t('invoicePaid') }, { value: 'unpaid', label: 'invoiceUnpaid' }];
`;
    const result = await reported(file, keys);
    expect(result).not.toContain(LITERAL);
    expect(result).not.toContain(LABEL);
    expect(await reported(`${WEB}/features/${area}/lint-fixture-messages.ts`, `export const fixtureEn = { title: 'Bookings', empty: 'No bookings yet.' };\n`)).not.toContain(
      LABEL,
    );
    expect(await reported(`${WEB}/features/${area}/lint-fixture.test.tsx`, `export const Save = () => <button type="button">Save changes</button>;\n`)).not.toContain(
      LITERAL,
    );
  });

  it.each([
    ['a Loader (a bare span)', `<Loader aria-label={t('loading')} />`],
    ['a Skeleton (a bare div)', `<Skeleton h={120} aria-busy="true" aria-label={t('loading')} />`],
    ['a Stack of skeletons', `<Stack gap="sm" aria-busy="true" aria-labelledby="heading"><Skeleton h={20} /></Stack>`],
    ['a div', `<div aria-label={t('loading')} />`],
  ])('refuses a name on %s, an element without a role (axe: aria-prohibited-attr)', async (_what, element) => {
    const header = `import { Loader, Skeleton, Stack } from '@mantine/core';\ndeclare function t(key: string): string;\n`;
    expect(await reported(file, `${header}export const Busy = () => ${element};\n`)).toContain(LABEL);
  });

  it.each([
    ['a hidden Loader beside its text', `<div role="status"><Loader aria-hidden="true" /><VisuallyHidden>{t('loading')}</VisuallyHidden></div>`],
    ['a LoadingPlaceholder', `<LoadingPlaceholder label={t('loading')}><Skeleton h={120} /></LoadingPlaceholder>`],
    ['a box given a role', `<Stack role="group" aria-label={t('loading')}><Skeleton h={20} /></Stack>`],
    ['a box rendered as a list', `<Stack component="ul" aria-label={t('loading')} />`],
  ])('lets %s through', async (_what, element) => {
    const header = `import { Loader, Skeleton, Stack, VisuallyHidden } from '@mantine/core';\nimport { LoadingPlaceholder } from '../../components/loading-placeholder/loading-placeholder';\ndeclare function t(key: string): string;\n`;
    expect(await reported(file, `${header}export const Busy = () => ${element};\n`)).not.toContain(LABEL);
  });
});
