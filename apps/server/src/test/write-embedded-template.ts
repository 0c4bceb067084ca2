/**
 * `node --import tsx write-embedded-template.ts <file>`: migrates a new embedded database and writes its data folder,
 * as a tarball, to <file>. Run by test/embedded-template.ts in a process of its own, because Vitest's global setup
 * runs inside Vite's module runner, where the embedded database's worker thread cannot be started.
 */
import { openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { installJobQueueSchema } from '../lib/jobs/job-queue.ts';

const file = process.argv[2];
if (!file) throw new Error('Usage: write-embedded-template.ts <file>');
const database = await openDatabase({ embeddedDataDir: 'memory://' });
try {
  await migrate(database.pool);
  // The job queue's own tables too (pg-boss installs them at its first start): each test app then only checks them.
  await installJobQueueSchema(database.pool);
  await database.snapshot!(file);
} finally {
  await database.close();
}
