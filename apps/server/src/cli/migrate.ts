import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/open.ts';

/**
 * `npm run migrate`: applies the pending migrations and exits, for deployments that migrate as a release step
 * (MIGRATE_ON_START=false on the servers) with the migration role (MIGRATION_DATABASE_URL; docs/production.md).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl) throw new ConfigError('npm run migrate needs DATABASE_URL: the embedded database is migrated by the portal at start.');
  const database = await openDatabase({ url: config.databaseUrl, poolSize: 1, pipelinedConnections: 0 });
  try {
    const applied = await migrateDatabase(config, database.pool);
    process.stdout.write(applied.length > 0 ? `Applied ${applied.length} migration(s): ${applied.join(', ')}\n` : 'The database is up to date.\n');
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(error instanceof ConfigError ? `${error.message}\n` : `Migration failed: ${(error as Error).message}\n`);
  process.exit(1);
});
