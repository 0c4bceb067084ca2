import path from 'node:path';
import type { Config } from '../config.ts';
import { defaultPoolSize, openDatabase, type Database } from './client.ts';
import { migrate } from './migrate.ts';

/** Opens the configured database (a real server or the embedded one) and brings its schema up to date. */
export async function openMigratedDatabase(config: Config): Promise<Database> {
  const database = await openDatabase({
    url: config.databaseUrl,
    embeddedDataDir: path.join(config.dataDir, 'pglite'),
    poolSize: config.dbPoolSize ?? defaultPoolSize(config.webConcurrency),
    pipelinedConnections: config.dbPipelinedConnections,
  });
  try {
    await migrate(database.pool);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
