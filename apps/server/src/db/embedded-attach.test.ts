import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.ts';

/**
 * The operator's command (`npm run admin`) runs while the portal holds the embedded database: it must
 * reach the same data through the portal's wire server, never open the files a second time.
 */
describe('a second process on the same embedded data folder', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'portal-attach-'));
  const dataDir = path.join(folder, 'pglite');
  const opened: Database[] = [];
  afterAll(async () => {
    for (const database of opened.reverse()) await database.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('attaches to the running server and sees and writes the same data', async () => {
    const owner = await openDatabase({ embeddedDataDir: dataDir });
    opened.push(owner);
    await owner.pool.query('CREATE TABLE shared_check (value text)');
    await owner.pool.query("INSERT INTO shared_check VALUES ('from owner')");

    // A real second process, like `npm run admin`: it opens the same folder through openDatabase.
    const script = [
      `import { openDatabase } from ${JSON.stringify(new URL('./client.ts', import.meta.url).href)};`,
      `const database = await openDatabase({ embeddedDataDir: ${JSON.stringify(dataDir)} });`,
      "await database.pool.query(\"INSERT INTO shared_check VALUES ('from admin')\");",
      'await database.close();',
    ].join('\n');
    const tsx = path.resolve(import.meta.dirname, '../../../../node_modules/.bin/tsx');
    const scriptFile = path.join(folder, 'visitor.mts');
    writeFileSync(scriptFile, script);
    await promisify(execFile)(tsx, [scriptFile], { timeout: 60_000 });

    const { rows } = await owner.pool.query<{ value: string }>('SELECT value FROM shared_check ORDER BY value');
    expect(rows.map((row) => row.value)).toEqual(['from admin', 'from owner']);
    // The owner still holds the folder: its lock is untouched by the visitor.
    expect(readFileSync(`${dataDir}.lock`, 'utf8')).toContain(String(process.pid));
  });
});
