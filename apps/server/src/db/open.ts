import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config.ts';
import { defaultPoolSize, openDatabase, type Database } from './client.ts';
import { migrate, pendingMigrations } from './migrate.ts';
import { grantRuntimeRole, roleOfUrl } from './runtime-role.ts';

/**
 * Opens the configured database (a real server or the embedded one) and brings its schema up to date: at start
 * (MIGRATE_ON_START, the default), as the migration role when MIGRATION_DATABASE_URL is set; otherwise it only checks
 * that `npm run migrate` has left nothing pending, and refuses to serve an older schema than its code.
 */
export async function openMigratedDatabase(config: Config): Promise<Database> {
  const database = await openDatabase({
    url: config.databaseUrl,
    embeddedDataDir: path.join(config.dataDir, 'pglite'),
    poolSize: config.dbPoolSize ?? defaultPoolSize(config.webConcurrency),
    pipelinedConnections: config.dbPipelinedConnections,
  });
  try {
    if (config.migrateOnStart) {
      await migrateDatabase(config, database.pool);
    } else {
      const pending = await pendingMigrations(database.pool);
      if (pending.length > 0) {
        throw new Error(`The database schema is behind this code (${pending.join(', ')} not applied): run \`npm run migrate\` first, or set MIGRATE_ON_START=true.`);
      }
    }
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/**
 * Applies the pending migrations. With MIGRATION_DATABASE_URL (PostgreSQL's two roles, docs/production.md) they run
 * as that role, which then grants DATABASE_URL's role what the runtime needs (db/runtime-role.ts); otherwise through
 * `pool`, the runtime's own connections (one role: the embedded database, or a PostgreSQL login that owns the schema).
 */
export async function migrateDatabase(config: Config, pool: pg.Pool): Promise<string[]> {
  if (!config.migrationDatabaseUrl || !config.databaseUrl) return migrate(pool);
  const owner = new pg.Pool({ connectionString: config.migrationDatabaseUrl, max: 1 });
  try {
    const applied = await migrate(owner);
    const runtimeRole = roleOfUrl(config.databaseUrl);
    if (runtimeRole !== roleOfUrl(config.migrationDatabaseUrl)) await grantRuntimeRole(owner, runtimeRole);
    return applied;
  } finally {
    await owner.end();
  }
}
