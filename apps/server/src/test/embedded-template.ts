import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
// The type of what this setup provides ('embeddedTemplateFile') is declared beside its reader.
import type {} from './test-app.ts';

/**
 * Vitest global setup of the 'server-db' project. On the embedded pass, migrates one embedded database and keeps a
 * copy of it: every test file's database then starts from that copy (under 1 s) instead of running PGlite's initdb
 * and the migrations (about 4 s) again. The copy is made from the migrations of this checkout at the start of every
 * run, so it is never stale; a file still runs migrate(), which finds nothing left to apply.
 */
export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('embeddedTemplateFile', null);
    return undefined;
  }
  const folder = mkdtempSync(path.join(tmpdir(), 'portal-test-template-'));
  const file = path.join(folder, 'migrated.tar');
  const writer = fileURLToPath(new URL('./write-embedded-template.ts', import.meta.url));
  execFileSync(process.execPath, ['--import', 'tsx', writer, file], { stdio: 'inherit' });
  project.provide('embeddedTemplateFile', file);
  return () => rmSync(folder, { recursive: true, force: true });
}
