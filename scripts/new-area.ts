/**
 * npm run new:area -- <name> --ar <Arabic name>     e.g. npm run new:area -- referral-notes --ar "ملاحظات الإحالة"
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
import { areaFiles, areaNames } from './new-area-templates.ts';

function main(argv: string[]): void {
  const flag = (name: string) => {
    const index = argv.indexOf(name);
    return index >= 0 ? { index, value: argv[index + 1] } : null;
  };
  const rootFlag = flag('--root');
  const arabicFlag = flag('--ar');
  const root = rootFlag ? path.resolve(rootFlag.value ?? '.') : path.resolve(fileURLToPath(new URL('..', import.meta.url)));
  const flagValues = [rootFlag, arabicFlag].filter((found) => found !== null).map((found) => found.index + 1);
  const name = argv.find((argument, index) => !argument.startsWith('--') && !flagValues.includes(index));
  const usage = 'Usage: npm run new:area -- <name> --ar <Arabic name>   (kebab-case, e.g. referral-notes --ar "ملاحظات الإحالة")';
  if (!name || !arabicFlag?.value) throw new UsageError(usage);
  let names: ReturnType<typeof areaNames>;
  try {
    names = areaNames(name, arabicFlag.value);
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${usage}`);
  }
  const migrationsDir = path.join(root, 'apps/server/src/db/migrations');
  const files = areaFiles(names, { migrationNumber: nextMigrationNumber(migrationsDir) });
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
  console.log(`\nThe area '${names.kebab}' is in place: ${files.length} files. Next: docs/recipe-new-area.md, "After the scaffold".`);
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
