import type pg from 'pg';

/**
 * The runtime role's grants (docs/production.md, "Two database roles"). The migration role owns every table, so the
 * runtime login can neither alter a table nor disable a trigger (both need ownership), and the append-only triggers
 * bind it (they never bound the owner's ALTER TABLE … DISABLE TRIGGER: the outside probe's N3). It is granted what the
 * application does, nothing more:
 * - reading and writing the portal's tables, but never TRUNCATE, REFERENCES or TRIGGER;
 * - on the logs that are only ever appended to, INSERT and SELECT alone;
 * - on the ledger, no DELETE (a line or a payout is never deleted: migration 0031 refuses it to anyone; the missing
 *   grant says so twice).
 * Applied after every migration run by the migration role (idempotent), so a table a later migration adds is granted
 * at once, and a table added to these lists is narrowed at once.
 */
export const APPEND_ONLY_TABLES = ['audit_events', 'agreement_acceptances', 'payment_detail_events'] as const;
export const NEVER_DELETED_TABLES = ['commission_lines', 'payouts'] as const;

/** The role name of a postgres:// URL (its user), as PostgreSQL spells it. */
export function roleOfUrl(url: string): string {
  const user = decodeURIComponent(new URL(url).username);
  if (!user) throw new Error('DATABASE_URL names no user: the runtime role must be in the URL when MIGRATION_DATABASE_URL is set.');
  return user;
}

export async function grantRuntimeRole(client: pg.PoolClient | pg.Pool, role: string): Promise<void> {
  const grantee = quoteIdentifier(role);
  const present = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relname = ANY($1::text[])`,
    [[...APPEND_ONLY_TABLES, ...NEVER_DELETED_TABLES]],
  );
  const exists = new Set(present.rows.map((row) => row.name));
  const statements = [
    `GRANT USAGE ON SCHEMA public TO ${grantee}`,
    // What the runtime needs of every table and sequence; the narrowing below takes back what the rules forbid.
    `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${grantee}`,
    `GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${grantee}`,
    `REVOKE TRUNCATE, REFERENCES, TRIGGER ON ALL TABLES IN SCHEMA public FROM ${grantee}`,
    ...APPEND_ONLY_TABLES.filter((table) => exists.has(table)).map((table) => `REVOKE UPDATE, DELETE ON ${table} FROM ${grantee}`),
    ...NEVER_DELETED_TABLES.filter((table) => exists.has(table)).map((table) => `REVOKE DELETE ON ${table} FROM ${grantee}`),
  ];
  for (const statement of statements) await client.query(statement);
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
