import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { migrate } from '../../db/migrate.ts';
import { inTransaction } from '../../db/queryable.ts';
import { openTestDatabase } from '../../test/test-app.ts';
import { listAuditEvents, listSecurityEvents } from './audit-events.ts';
import { MASKED, maskSecrets, recordAudit, type AuditActor } from './audit-log.ts';

const operator: AuditActor = { type: 'operator', id: 7, role: 'admin', ip: '203.0.113.9', userAgent: 'Mozilla/5.0 (console)' };

describe('the audit log', () => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    await migrate(database.pool);
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  async function rowsFor(targetId: string) {
    return (await listAuditEvents(database.pool, { targetType: 'partner', targetId, page: 1, perPage: 50 })).rows;
  }

  it('writes exactly one row, in one statement, when the change it records commits', async () => {
    await database.pool.query('CREATE TABLE IF NOT EXISTS audited_things (id int PRIMARY KEY, status text NOT NULL)');
    await database.pool.query("INSERT INTO audited_things VALUES (1, 'pending')");
    let statements = 0;
    await inTransaction(database.pool, async (client) => {
      await client.query("UPDATE audited_things SET status = 'approved' WHERE id = 1");
      const counting = { query: (...args: Parameters<typeof client.query>) => ((statements += 1), client.query(...args)) } as typeof client;
      await recordAudit(counting, operator, {
        action: 'partner.approved',
        target: { type: 'partner', id: 1 },
        before: { status: 'pending' },
        after: { status: 'approved' },
        reason: 'Documents checked',
      });
    });
    expect(statements).toBe(1);
    const rows = await rowsFor('1');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor_type: 'operator',
      actor_id: '7',
      actor_role: 'admin',
      action: 'partner.approved',
      target_type: 'partner',
      target_id: '1',
      before: { status: 'pending' },
      after: { status: 'approved' },
      reason: 'Documents checked',
      ip: '203.0.113.9',
      user_agent: 'Mozilla/5.0 (console)',
    });
    expect(rows[0]!.created_at).toBeInstanceOf(Date);
  });

  it('leaves no row when the change fails, before or after the audit write', async () => {
    await database.pool.query("INSERT INTO audited_things VALUES (2, 'pending')");
    // The change fails after the row was written: both roll back.
    await expect(
      inTransaction(database.pool, async (client) => {
        await recordAudit(client, operator, { action: 'partner.approved', target: { type: 'partner', id: 2 } });
        await client.query("UPDATE audited_things SET status = NULL WHERE id = 2"); // NOT NULL: fails
      }),
    ).rejects.toThrow();
    // The audit write itself fails (an address that is not one): the change rolls back with it.
    await expect(
      inTransaction(database.pool, async (client) => {
        await client.query("UPDATE audited_things SET status = 'approved' WHERE id = 2");
        await recordAudit(client, { ...operator, ip: 'not an address' }, { action: 'partner.approved', target: { type: 'partner', id: 2 } });
      }),
    ).rejects.toThrow();
    expect(await rowsFor('2')).toEqual([]);
    expect((await database.pool.query<{ status: string }>('SELECT status FROM audited_things WHERE id = 2')).rows[0]!.status).toBe('pending');
  });

  it('masks secrets in the values before and after, at any depth', async () => {
    await recordAudit(database.pool, { type: 'cli', id: 'ops' }, {
      action: 'user.two_factor_enabled',
      target: { type: 'partner', id: 3 },
      before: { two_factor_secret: null },
      after: { two_factor_secret: 'JBSWY3DPEHPK3PXP', recovery_codes: ['a', 'b'], nested: { password_hash: '$argon2id$…', name: 'Amelia' } },
    });
    const [row] = await rowsFor('3');
    expect(row!.before).toEqual({ two_factor_secret: null });
    expect(row!.after).toEqual({ two_factor_secret: MASKED, recovery_codes: MASKED, nested: { password_hash: MASKED, name: 'Amelia' } });
    expect(JSON.stringify(row)).not.toContain('JBSWY3DPEHPK3PXP');
    expect(maskSecrets({ apiKey: 'k', 'X-Auth-Token': 't', passport_country: 'AE' })).toEqual({ apiKey: MASKED, 'X-Auth-Token': MASKED, passport_country: 'AE' });
  });

  it('refuses a malformed action before writing anything', async () => {
    await expect(recordAudit(database.pool, operator, { action: 'Approved partner', target: { type: 'partner', id: 4 } })).rejects.toThrow(/dotted lower case/);
    expect(await rowsFor('4')).toEqual([]);
  });

  it('is append-only: the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    await recordAudit(database.pool, operator, { action: 'partner.rejected', target: { type: 'partner', id: 5 }, reason: 'original' });
    await expect(database.pool.query("UPDATE audit_events SET reason = 'rewritten' WHERE target_id = '5'")).rejects.toThrow(/append-only: UPDATE/);
    await expect(database.pool.query("DELETE FROM audit_events WHERE target_id = '5'")).rejects.toThrow(/append-only: DELETE/);
    await expect(database.pool.query('TRUNCATE audit_events')).rejects.toThrow(/append-only: TRUNCATE/);
    const rows = await rowsFor('5');
    expect(rows.map((row) => row.reason)).toEqual(['original']);
  });

  it('filters for the viewer, and lists a partner’s security events', async () => {
    const partner: AuditActor = { type: 'partner', id: 42, ip: '198.51.100.4' };
    await recordAudit(database.pool, partner, { action: 'auth.sign_in', target: { type: 'user', id: 42 }, after: { method: 'password' } });
    await recordAudit(database.pool, partner, { action: 'auth.password_changed', target: { type: 'user', id: 42 } });
    await recordAudit(database.pool, operator, { action: 'user.suspended', target: { type: 'user', id: 42 } });
    await recordAudit(database.pool, partner, { action: 'auth.sign_in', target: { type: 'user', id: 43 } });

    const security = await listSecurityEvents(database.pool, 42, { page: 1, perPage: 10 });
    expect(security.total).toBe(2);
    expect(security.rows.map((row) => row.action)).toEqual(['auth.password_changed', 'auth.sign_in']);
    const byOperator = await listAuditEvents(database.pool, { actorType: 'operator', actorId: '7', action: 'user.suspended', page: 1, perPage: 10 });
    expect(byOperator.rows.map((row) => row.target_id)).toEqual(['42']);
    const future = await listAuditEvents(database.pool, { from: new Date(Date.now() + 60_000), page: 1, perPage: 10 });
    expect(future.total).toBe(0);
  });
});
