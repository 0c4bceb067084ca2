import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const repositoryRoot = path.resolve(import.meta.dirname, '../..');

/**
 * `npm run admin -- notify …`, as an operator runs it next to the portal: the e2e server's data folder (its
 * embedded database, reached through the running portal) and its URL (where the live update is pushed).
 */
export async function adminNotify(args: string[]): Promise<string> {
  const { stdout } = await run('npm', ['run', '--silent', 'admin', '--', 'notify', ...args], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: process.env.E2E_DATA_DIR,
      APP_URL: process.env.E2E_BASE_URL,
      LOG_LEVEL: 'warn',
    },
    timeout: 60_000,
  });
  return stdout;
}
