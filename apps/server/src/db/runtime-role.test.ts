import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createPartner, type CreatedPartner } from '../test/factories.ts';
import { insertLine, insertPayout } from '../test/ledger-rows.ts';
import { endPool, postgresUrl } from '../test/server-process.ts';
import { migrateDatabase } from './open.ts';

/**
 * The outside probe's N3 (issue 33) on PostgreSQL: with two roles (docs/production.md), the runtime login the portal
 * serves with cannot disable the append-only triggers (it owns no table), cannot rewrite a paid payout, and cannot
 * delete a ledger line or an audit row: the grants refuse before the triggers would. The migration role owns the
 * schema, applies the migrations and grants the runtime role its rights.
 */
describe('two database roles: the runtime login is bound by the rules', () => {
  const suffix = randomBytes(4).toString('hex');
  const owner = `portal_owner_${suffix}`;
  const runtime = `portal_runtime_${suffix}`;
  const databaseName = `portal_roles_${suffix}`;
  const urlAs = (role: string) => {
    const url = new URL(postgresUrl);
    url.username = role;
    url.password = 'roles-test-password';
    url.pathname = `/${databaseName}`;
    return url.toString();
  };
  const superuser = async (sql: string) => {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  let ownerPool: pg.Pool;
  let runtimePool: pg.Pool;
  let partner: CreatedPartner;

  beforeAll(async () => {
    // As docs/production.md sets them up: the owner owns the database (and so its public schema's objects it creates).
    await superuser(`CREATE ROLE ${owner} LOGIN PASSWORD 'roles-test-password'`);
    await superuser(`CREATE ROLE ${runtime} LOGIN PASSWORD 'roles-test-password'`);
    await superuser(`CREATE DATABASE ${databaseName} OWNER ${owner}`);
    await superuser(`GRANT CREATE ON DATABASE ${databaseName} TO ${runtime}`);
    const config = loadConfig({ NODE_ENV: 'test', APP_KEY: 'roles-test-app-key-0123456789abcdefghijklmnop', DATABASE_URL: urlAs(runtime), MIGRATION_DATABASE_URL: urlAs(owner) });
    ownerPool = new pg.Pool({ connectionString: urlAs(owner), max: 1 });
    runtimePool = new pg.Pool({ connectionString: urlAs(runtime), max: 1 });
    expect(await migrateDatabase(config, runtimePool)).toContain('0031_append_only_money.sql');
    partner = await createPartner(runtimePool);
  }, 60_000);

  afterAll(async () => {
    if (ownerPool) await endPool(ownerPool);
    if (runtimePool) await endPool(runtimePool);
    await superuser(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await superuser(`DROP ROLE IF EXISTS ${runtime}`);
    await superuser(`DROP ROLE IF EXISTS ${owner}`);
  });

  const asRuntime = (sql: string, values: unknown[] = []) => runtimePool.query(sql, values);

  it('cannot disable a trigger, drop one, or change a table (N3)', async () => {
    await expect(asRuntime('ALTER TABLE audit_events DISABLE TRIGGER audit_events_append_only')).rejects.toThrow(/must be owner/);
    await expect(asRuntime('DROP TRIGGER payouts_guard ON payouts')).rejects.toThrow(/must be owner/);
    await expect(asRuntime('ALTER TABLE commission_lines ADD COLUMN note text')).rejects.toThrow(/must be owner/);
    await expect(asRuntime('CREATE TABLE public.scratch (id int)')).rejects.toThrow(/permission denied/);
  });

  it('cannot rewrite a paid payout or reset it to draft (N1)', async () => {
    const paid = await insertPayout(runtimePool, partner.referralAgentId, 'paid');
    await expect(asRuntime('UPDATE payouts SET amount_minor = 1 WHERE id = $1', [paid])).rejects.toThrow(/cannot change/);
    await expect(asRuntime(`UPDATE payouts SET status = 'draft', paid_at = NULL, statement_number = NULL WHERE id = $1`, [paid])).rejects.toThrow(/is paid/);
    await expect(asRuntime('DELETE FROM payouts WHERE id = $1', [paid])).rejects.toThrow(/permission denied/);
  });

  it('cannot delete a ledger line, an audit row or a signature, nor truncate them (N2, N3)', async () => {
    const line = await insertLine(runtimePool, partner, 'reversed');
    await expect(asRuntime('DELETE FROM commission_lines WHERE id = $1', [line])).rejects.toThrow(/permission denied/);
    await asRuntime(`INSERT INTO audit_events (actor_type, action) VALUES ('system', 'roles.tested')`);
    await expect(asRuntime('DELETE FROM audit_events')).rejects.toThrow(/permission denied/);
    await expect(asRuntime(`UPDATE audit_events SET reason = 'rewritten'`)).rejects.toThrow(/permission denied/);
    for (const table of ['audit_events', 'commission_lines', 'payouts', 'agreement_acceptances', 'payment_detail_events']) {
      await expect(asRuntime(`TRUNCATE ${table} CASCADE`), table).rejects.toThrow(/permission denied/);
    }
  });

  it('does what the portal does: reads, writes, moves a payout along; the owner is refused by the triggers too', async () => {
    const draft = await insertPayout(runtimePool, partner.referralAgentId, 'draft');
    await asRuntime(`UPDATE payouts SET status = 'sent', sent_at = now() WHERE id = $1`, [draft]);
    await asRuntime('DELETE FROM sessions WHERE false');
    const line = await insertLine(runtimePool, partner, 'pending');
    await expect(ownerPool.query('DELETE FROM commission_lines WHERE id = $1', [line])).rejects.toThrow(/ledger history/);
  });
});
