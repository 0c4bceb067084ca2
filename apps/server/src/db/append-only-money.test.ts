import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPartner, type CreatedPartner } from '../test/factories.ts';
import { insertLine, insertPayout } from '../test/ledger-rows.ts';
import { openTestDatabase } from '../test/test-app.ts';
import type { Database } from './client.ts';
import { migrate } from './migrate.ts';

/**
 * The outside probe's N1 and N2 (issue 33): with the application's own login, and on both databases, a paid payout
 * cannot be rewritten or reset to draft, and no ledger line is ever deleted, whatever its state. The ledger's
 * legitimate moves (draft → sent → paid, failed; a statement written once) still go through.
 */
describe('the database defends the money', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let partner: CreatedPartner;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    await migrate(database.pool);
    partner = await createPartner(database.pool);
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });
  const query = (sql: string, values: unknown[] = []) => database.pool.query(sql, values);

  it('N1: a paid payout keeps its amount, its status and its statement number', async () => {
    const paid = await insertPayout(database.pool, partner.referralAgentId, 'paid');
    await expect(query('UPDATE payouts SET amount_minor = 1 WHERE id = $1', [paid])).rejects.toThrow(/cannot change/);
    await expect(query(`UPDATE payouts SET status = 'draft', paid_at = NULL, statement_number = NULL WHERE id = $1`, [paid])).rejects.toThrow(/is paid and cannot change/);
    await expect(query('UPDATE payouts SET statement_number = $2 WHERE id = $1', [paid, 'SB-1999-999999'])).rejects.toThrow(/statement number/);
    await expect(query('DELETE FROM payouts WHERE id = $1', [paid])).rejects.toThrow(/ledger history/);
    const { rows } = await query('SELECT status, amount_minor FROM payouts WHERE id = $1', [paid]);
    expect(rows[0]).toEqual({ status: 'paid', amount_minor: 12_500 });
  });

  it('N1: a sent payout cannot go back to draft or change what it gathered; a failed one stays failed', async () => {
    const sent = await insertPayout(database.pool, partner.referralAgentId, 'sent');
    await expect(query(`UPDATE payouts SET status = 'draft' WHERE id = $1`, [sent])).rejects.toThrow(/back to draft/);
    await expect(query('UPDATE payouts SET amount_minor = amount_minor + 1 WHERE id = $1', [sent])).rejects.toThrow(/left draft/);
    const failed = await insertPayout(database.pool, partner.referralAgentId, 'failed');
    await expect(query(`UPDATE payouts SET status = 'sent', failure_reason = NULL WHERE id = $1`, [failed])).rejects.toThrow(/failed and cannot change/);
  });

  it("the ledger's own moves go through: draft → sent → paid, draft → failed, a statement written once", async () => {
    const payout = await insertPayout(database.pool, partner.referralAgentId, 'draft');
    await query('UPDATE payouts SET amount_minor = 13000, lines = 2, exported_at = now() WHERE id = $1', [payout]);
    await query(`UPDATE payouts SET status = 'sent', sent_at = now() WHERE id = $1`, [payout]);
    await query(`UPDATE payouts SET status = 'paid', paid_at = now(), statement_number = 'SB-1999-888888', bank_reference = 'TRX-1' WHERE id = $1`, [payout]);
    await query(`UPDATE payouts SET statement_file = '{"key":"a"}', statement_sha256 = repeat('a', 64) WHERE id = $1`, [payout]);
    await expect(query(`UPDATE payouts SET statement_file = '{"key":"b"}' WHERE id = $1`, [payout])).rejects.toThrow(/statement of payout \d+ is written/);
    const draft = await insertPayout(database.pool, partner.referralAgentId, 'draft');
    await query(`UPDATE payouts SET status = 'failed', failed_at = now(), failure_reason = 'Account closed.' WHERE id = $1`, [draft]);
  });

  it.each(['pending', 'approved', 'reversed'] as const)('N2: a line in state %s cannot be deleted, nor its booking (the cascade would)', async (status) => {
    const line = await insertLine(database.pool, partner, status);
    await expect(query('DELETE FROM commission_lines WHERE id = $1', [line])).rejects.toThrow(/commission_lines is ledger history/);
    await expect(query('DELETE FROM bookings WHERE id = (SELECT booking_id FROM commission_lines WHERE id = $1)', [line])).rejects.toThrow(/ledger history/);
    expect((await query('SELECT status FROM commission_lines WHERE id = $1', [line])).rows).toEqual([{ status }]);
  });

  it("N2: a line's own moves go through: pending → approved → in a payout → paid, and a reversal", async () => {
    const payout = await insertPayout(database.pool, partner.referralAgentId, 'draft');
    const line = await insertLine(database.pool, partner, 'pending');
    await query(`UPDATE commission_lines SET held_reason = 'agreement_unsigned' WHERE id = $1`, [line]);
    await query(`UPDATE commission_lines SET status = 'approved', held_reason = NULL, approved_at = now() WHERE id = $1`, [line]);
    await query(`UPDATE commission_lines SET status = 'in_payout', payout_id = $2 WHERE id = $1`, [line, payout]);
    await query(`UPDATE commission_lines SET status = 'paid', paid_on = current_date WHERE id = $1`, [line]);
    const reversed = await insertLine(database.pool, partner, 'pending');
    await query(`UPDATE commission_lines SET status = 'reversed', reversal_reason = 'Cancelled.', reversed_at = now() WHERE id = $1`, [reversed]);
  });

  it('TRUNCATE is refused on the ledger while it holds lines, and on the audit log', async () => {
    for (const table of ['commission_lines', 'payouts', 'audit_events']) {
      await expect(query(`TRUNCATE ${table} CASCADE`), table).rejects.toThrow(/not allowed/);
    }
  });
});
