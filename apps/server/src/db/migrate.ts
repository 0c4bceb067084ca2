import { readdirSync, readFileSync } from 'node:fs';
import type pg from 'pg';

/**
 * Applies the numbered SQL files of ./migrations in order, each once, each in its own transaction.
 * Plain SQL files rather than drizzle-kit's journal: areas are built in parallel and each owns its
 * numbered file, the SQL is what reviewers read, and the same files run on PGlite and PostgreSQL.
 * An advisory lock keeps two processes starting together from applying the same file twice.
 */
// Beside this file; in the compiled server, beside dist/main.js, where the build copies them (scripts/build-server.mjs).
const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);
const LOCK_ID = 7_341_002;

function migrationFiles(): string[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((file) => /^\d{4}_[a-z0-9_]+\.sql$/.test(file))
    .sort();
}

/** The migrations this code has that the database has not applied (all of them on an empty database). */
export async function pendingMigrations(pool: pg.Pool): Promise<string[]> {
  const table = await pool.query<{ present: boolean }>(`SELECT to_regclass('schema_migrations') IS NOT NULL AS present`);
  if (!table.rows[0]?.present) return migrationFiles();
  const done = new Set((await pool.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((row) => row.name));
  return migrationFiles().filter((file) => !done.has(file));
}

export async function migrate(pool: pg.Pool): Promise<string[]> {
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK_ID]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await client.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((row) => row.name),
    );
    for (const file of migrationFiles()) {
      if (done.has(file)) continue;
      const sql = readFileSync(new URL(file, MIGRATIONS_DIR), 'utf8');
      await client.query('BEGIN');
      try {
        await client.query(sql);
        await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
        await client.query('COMMIT');
        applied.push(file);
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${file} failed: ${(error as Error).message}`, { cause: error });
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK_ID]).catch(() => {});
    client.release();
  }
  return applied;
}
