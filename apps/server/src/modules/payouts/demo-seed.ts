import type pg from 'pg';
import { DEMO_AGENTS, DEMO_OPERATORS } from '../../db/seeds/demo-identities.ts';
import { inTransaction } from '../../db/queryable.ts';
import { utcDay } from '../../lib/calendar-days.ts';
import { createPayoutBatches } from './payout-batches.ts';

const DAY_MS = 86_400_000;

/** Payouts' demo, after the ledger's history (its paid payouts are written with their lines, commission-ledger/demo-seed.ts). */
export async function seedDemoPayouts(pool: pg.Pool): Promise<void> {
  const existing = await pool.query('SELECT 1 FROM payout_batch_proposals LIMIT 1');
  if (existing.rowCount) return;
  await seedDemoBatchAwaitingApproval(pool);
}

/**
 * Four eyes in the demo (issue 31): the admin set a threshold for rupees when Harbor's Indian referrals grew
 * (INR 50,000.00), yesterday's extra INR run built Harbor's payout of its approved rupee commissions, above it, and the
 * finance operator proposed the batch: it awaits a second operator (the admin signs in to find it). Through the
 * batches' own service, so the audit log tells it as the console would; Harbor's details are verified by then
 * (payment-details seeds first).
 */
async function seedDemoBatchAwaitingApproval(pool: pg.Pool): Promise<void> {
  const { rows: operators } = await pool.query<{ id: number; role: string }>('SELECT id, role FROM operators WHERE email = ANY($1::text[])', [DEMO_OPERATORS.map((each) => each.email)]);
  const admin = operators.find((each) => each.role === 'admin');
  const finance = operators.find((each) => each.role === 'finance');
  if (!admin || !finance) return;
  const batches = createPayoutBatches({
    sendDraft: () => Promise.reject(new Error('The demo batch awaits its second operator: nothing is sent.')),
    afterSent: async () => undefined,
  });
  await batches.setThreshold(pool, { type: 'operator', id: admin.id, role: admin.role }, 'INR', '50000.00');
  const yesterday = utcDay(new Date(Date.now() - DAY_MS));
  const built = await inTransaction(pool, async (client) => {
    const { rows: lines } = await client.query<{ id: string; referral_agent_id: number; amount_minor: string }>(
      `SELECT l.id, l.referral_agent_id, l.amount_minor::text AS amount_minor FROM commission_lines l JOIN referral_agents ra ON ra.id = l.referral_agent_id
        WHERE ra.name = $1 AND l.currency = 'INR' AND l.status = 'approved' ORDER BY l.id FOR UPDATE OF l`,
      [DEMO_AGENTS.main],
    );
    const amount = lines.reduce((sum, line) => sum + Number(line.amount_minor), 0);
    if (lines.length === 0 || amount <= 50_000_00) return false;
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO payouts (referral_agent_id, currency, amount_minor, lines, scheduled_on, created_at) VALUES ($1, 'INR', $2, $3, $4::date, $5) RETURNING id`,
      [lines[0]!.referral_agent_id, amount, lines.length, yesterday, new Date(`${yesterday}T02:00:00Z`)],
    );
    await client.query(`UPDATE commission_lines SET status = 'in_payout', payout_id = $1 WHERE id = ANY($2::bigint[])`, [rows[0]!.id, lines.map((line) => line.id)]);
    return true;
  });
  if (built) await batches.propose(pool, { type: 'operator', id: finance.id, role: finance.role }, { scheduled_on: yesterday, currency: 'INR' });
}

