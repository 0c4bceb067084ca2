/**
 * npm run new:area -- <name> --ar <Arabic name> [--console]     e.g. npm run new:area -- referral-notes --ar "ملاحظات الإحالة"
 *
 * With --console it writes an area of the operations console instead (scripts/new-console-area-templates.ts): its
 * permission, an audited list with a drawer and a form, and their tests. `--help` prints what it writes.
 *
 * Writes a new area that follows the module template (docs/recipe-new-area.md): a scoped, searchable, sorted,
 * paged list, from the contract to the page, with its demo seed and passing tests. Every file it writes is the
 * area's own; nothing existing is edited (modules, seeds and pages are found by their file names). Then shape
 * the generated row, table and page into the area the issue asks for.
 *
 * The Arabic name is asked for because every text of the portal has its Arabic: the area's catalogue (in its
 * routes declaration) is written in both languages, and the catalogue test fails on English left in Arabic.
 *
 * Options: --root <dir> writes into another copy of the repository (the scaffold's own test does).
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { consoleAreaFiles } from './new-console-area-templates.ts';
import { areaFiles, areaNames } from './new-area-templates.ts';

const USAGE = 'Usage: npm run new:area -- <name> --ar <Arabic name> [--console]   (kebab-case, e.g. referral-notes --ar "ملاحظات الإحالة")';

const HELP = `${USAGE}

Writes a new area of the portal that works and is tested, in fewer than 10 files, editing none: modules, seeds,
pages, sidebar entries and operator permissions are found by their file names (docs/recipe-new-area.md).

  <name>          the area, kebab-case: its folder, URL, table and file names (referral-notes)
  --ar <text>     the area's name in Arabic: every text of the portal has its Arabic
  --console       an area of the operations console instead of the partners' portal
  --root <dir>    write into another copy of the repository (the scaffold's own test does)
  --help, -h      this text

A partner area (default): a scoped, searchable, sortable, paged list, from the contract to the page.
  packages/contracts/src/<name>.ts, a migration, modules/<name>/{module,repository,demo-seed}.ts and its API test,
  features/<name>/<name>-routes.tsx, routes/<name>-page.tsx and its test.

A console area (--console): the operators' list of records with search and a status filter in the URL, a record
in a drawer, a create/edit form checked by the contract, every write audited through one service.
  packages/contracts/src/console-<name>.ts (with the area's permission, '<name>.manage', for admin and support),
  a migration, modules/<name>/{module,repository,service}.ts and its API test (roles, 401, 403, 419, 422, 404, audit
  rows), console/<name>/<name>-console.tsx (texts in English and Arabic, route, sidebar entry), <name>-page.tsx and
  its test.

Then read docs/recipe-new-area.md, "After the scaffold" (partner) or "A console area" (console).`;

function main(argv: string[]): void {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(HELP);
    return;
  }
  const consoleArea = argv.includes('--console');
  const flag = (name: string) => {
    const index = argv.indexOf(name);
    return index >= 0 ? { index, value: argv[index + 1] } : null;
  };
  const rootFlag = flag('--root');
  const arabicFlag = flag('--ar');
  const root = rootFlag ? path.resolve(rootFlag.value ?? '.') : path.resolve(fileURLToPath(new URL('..', import.meta.url)));
  const flagValues = [rootFlag, arabicFlag].filter((found) => found !== null).map((found) => found.index + 1);
  const name = argv.find((argument, index) => !argument.startsWith('--') && !flagValues.includes(index));
  const usage = `${USAGE}\n(npm run new:area -- --help says more)`;
  if (!name || !arabicFlag?.value) throw new UsageError(usage);
  let names: ReturnType<typeof areaNames>;
  try {
    names = areaNames(name, arabicFlag.value);
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${usage}`);
  }
  const migrationsDir = path.join(root, 'apps/server/src/db/migrations');
  const write = consoleArea ? consoleAreaFiles : areaFiles;
  const files = write(names, { migrationNumber: nextMigrationNumber(migrationsDir) });
  const taken = files.filter((file) => existsSync(path.join(root, file.path)));
  if (existsSync(path.join(root, 'apps/server/src/modules', names.kebab)) || taken.length > 0) {
    throw new UsageError(`The area '${names.kebab}' exists already (${taken.map((file) => file.path).join(', ') || `modules/${names.kebab}`}).`);
  }
  for (const file of files) {
    const target = path.join(root, file.path);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, file.content);
    console.log(`  wrote ${file.path}`);
  }
  const next = consoleArea ? 'A console area' : 'After the scaffold';
  console.log(`\nThe ${consoleArea ? 'console ' : ''}area '${names.kebab}' is in place: ${files.length} files. Next: docs/recipe-new-area.md, "${next}".`);
}

/** One more than the highest numbered migration (0004 after 0003_notifications.sql). */
function nextMigrationNumber(directory: string): string {
  const numbers = readdirSync(directory)
    .map((file) => /^(\d{4})_/.exec(file)?.[1])
    .filter((value): value is string => value !== undefined)
    .map(Number);
  return String(Math.max(0, ...numbers) + 1).padStart(4, '0');
}

class UsageError extends Error {}

try {
  main(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(error.message);
  process.exitCode = 2;
}
