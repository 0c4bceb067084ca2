import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBooking } from '../../test/booking-factories.ts';
import { createPartner, type CreatedPartner } from '../../test/factories.ts';
import { TestClient } from '../../test/http-client.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { signInAs } from '../../test/sign-in.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { buildFinanceReportPdf } from './finance-report-files.ts';
import { createFinanceReports } from './finance-reports.ts';
import { financeFigures } from './repository.ts';

/**
 * Finance reports on a real database (docs/earnings.md): the balance's movements per currency and period add up
 * (a month's closing is the next one's opening), the job writes both files once with their SHA-256, asking again makes
 * a new version and keeps the old, a written report cannot change, and only the agent's owners, managers and finance
 * reach them.
 */

let context: TestContext;
let owner: CreatedPartner;

const RATE = JSON.stringify({ kind: 'percentage', basis_points: 1000, amount_minor: null, currency: 'AED', refund_window_days: 14 });

async function line(partner: CreatedPartner, fields: { kind?: 'commission' | 'clawback'; earned: string; amount: number; status: string; reversedAt?: string; paidOn?: string; payoutId?: number; clawbackOf?: number }): Promise<number> {
  const booking = await createBooking(context.database.pool, { referralAgentId: partner.referralAgentId, status: 'completed', facility: 'Report Test Clinic' });
  const { rows } = await context.database.pool.query<{ id: string }>(
    `INSERT INTO commission_lines (kind, referral_agent_id, booking_id, facility_id, treatment_on, earned_on, base_minor, base_currency, rate, amount_minor, currency,
                                   status, payable_on, reversal_reason, reversed_at, paid_on, payout_id, clawback_of)
     SELECT $1, $2, b.id, b.facility_id, $3::date, $3::date, abs($4::bigint) * 10, 'AED', $5, $4, 'AED', $6, $3::date + 14,
            CASE WHEN $6 = 'reversed' THEN 'Refunded in full.' END, $7::timestamptz, $8::date, $9, $10
       FROM bookings b WHERE b.id = $11 RETURNING id`,
    [fields.kind ?? 'commission', partner.referralAgentId, fields.earned, fields.amount, RATE, fields.status, fields.reversedAt ?? null, fields.paidOn ?? null, fields.payoutId ?? null, fields.clawbackOf ?? null, booking.id],
  );
  return Number(rows[0]!.id);
}

beforeAll(async () => {
  context = await createTestApp();
  const pool = context.database.pool;
  owner = await createPartner(pool);
  // January: AED 100.00 earned and AED 50.00 earned. February: the 100.00 paid on the 5th, the 50.00 reversed on the
  // 3rd, AED 70.00 earned, and AED 20.00 of a paid line clawed back.
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO payouts (referral_agent_id, currency, amount_minor, lines, status, statement_number, scheduled_on, sent_at, paid_at)
     VALUES ($1, 'AED', 10000, 1, 'paid', 'SB-2026-900001', '2026-02-05', '2026-02-05T08:00:00Z', '2026-02-05T10:00:00Z') RETURNING id`,
    [owner.referralAgentId],
  );
  const paid = await line(owner, { earned: '2026-01-10', amount: 10_000, status: 'paid', paidOn: '2026-02-05', payoutId: Number(rows[0]!.id) });
  await line(owner, { earned: '2026-01-20', amount: 5_000, status: 'reversed', reversedAt: '2026-02-03T09:00:00Z' });
  await line(owner, { earned: '2026-02-10', amount: 7_000, status: 'approved' });
  await line(owner, { kind: 'clawback', earned: '2026-02-15', amount: -2_000, status: 'approved', clawbackOf: paid });
});
afterAll(async () => {
  await context.close();
});

async function clientOf(partner: CreatedPartner) {
  const client = new TestClient(context.app);
  await signInAs(context, client, partner.userId);
  return client;
}

describe('the figures', () => {
  it("add up: opening, earned, reversed, clawed back, paid, closing; a month's closing is the next one's opening", async () => {
    const pool = context.database.pool;
    const january = await financeFigures(pool, owner.referralAgentId, 'AED', '2026-01-01', '2026-02-01');
    expect(january).toEqual({ opening_minor: 0, accrued_minor: 15_000, reversed_minor: 0, clawbacks_minor: 0, paid_minor: 0, closing_minor: 15_000 });
    const february = await financeFigures(pool, owner.referralAgentId, 'AED', '2026-02-01', '2026-03-01');
    expect(february).toEqual({ opening_minor: 15_000, accrued_minor: 7_000, reversed_minor: -5_000, clawbacks_minor: -2_000, paid_minor: -10_000, closing_minor: 5_000 });
    const year = await financeFigures(pool, owner.referralAgentId, 'AED', '2026-01-01', '2027-01-01');
    expect(year.closing_minor).toBe(february.closing_minor);
  });

  it('print every movement in the PDF', async () => {
    const pool = context.database.pool;
    const figures = await financeFigures(pool, owner.referralAgentId, 'AED', '2026-02-01', '2026-03-01');
    const pdf = await buildFinanceReportPdf({ agentName: 'Cedar Clinics', kind: 'monthly', periodLabel: 'February 2026', currency: 'AED', version: 1, generatedAt: new Date('2026-03-01T03:00:00Z'), figures, movements: [{ day: '2026-02-05', kind: 'paid', reference: 'SB-2026-900001', detail: '1 commissions', amount_minor: -10_000 }] }, { compress: false });
    const text = pdfText(pdf).texts.join('\n');
    for (const expected of ['Monthly commission statement, February 2026, AED', 'Opening balance', 'AED 150.00', 'AED -50.00', 'AED -20.00', 'AED -100.00', 'Closing balance', 'AED 50.00', 'SB-2026-900001']) expect(text).toContain(expected);
  });
});

describe('asking for a report', () => {
  it('queues it, the job writes both files once with their SHA-256, and asking again makes version 2 and keeps version 1', async () => {
    const client = await clientOf(owner);
    const asked = await client.post('/api/finance-reports', { kind: 'monthly', period: '2026-02', currency: 'aed' });
    expect(asked.statusCode).toBe(202);
    expect(asked.json().report).toMatchObject({ kind: 'monthly', period: '2026-02', currency: 'AED', version: 1, status: 'queued', figures: null });
    await context.app.jobs.drain();

    const list = (await client.get('/api/finance-reports')).json();
    const first = list.data[0];
    expect(first).toMatchObject({ status: 'ready', version: 1, superseded: false, figures: { opening_minor: 15_000, closing_minor: 5_000 } });
    const pdf = await client.get(`/api/finance-reports/${first.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['x-content-sha256']).toBe(first.pdf_sha256);
    expect(createHash('sha256').update(pdf.rawBody).digest('hex')).toBe(first.pdf_sha256);
    const xlsx = await client.get(`/api/finance-reports/${first.id}/xlsx`);
    expect(createHash('sha256').update(xlsx.rawBody).digest('hex')).toBe(first.xlsx_sha256);

    await client.post('/api/finance-reports', { kind: 'monthly', period: '2026-02', currency: 'AED' });
    await context.app.jobs.drain();
    const versions = (await client.get('/api/finance-reports?kind=monthly')).json().data.filter((report: { period: string }) => report.period === '2026-02');
    expect(versions.map((report: { version: number; superseded: boolean }) => [report.version, report.superseded])).toEqual([[2, false], [1, true]]);
    const again = await client.get(`/api/finance-reports/${first.id}/pdf`);
    expect(again.rawBody.equals(pdf.rawBody)).toBe(true);
    const told = await context.database.pool.query(`SELECT 1 FROM notifications WHERE user_id = $1 AND title = 'Finance report ready'`, [owner.userId]);
    expect(told.rowCount).toBe(2);

    // Written is written: the database refuses to change or delete it.
    await expect(context.database.pool.query(`UPDATE finance_reports SET figures = '{}' WHERE id = $1`, [first.id])).rejects.toThrow(/cannot change/);
    await expect(context.database.pool.query('DELETE FROM finance_reports WHERE id = $1', [first.id])).rejects.toThrow(/cannot be deleted/);
  });

  it('refuses a period not ended, a currency without commissions and a malformed period, with field messages', async () => {
    const client = await clientOf(owner);
    const thisMonth = new Date().toISOString().slice(0, 7);
    expect((await client.post('/api/finance-reports', { kind: 'monthly', period: thisMonth, currency: 'AED' })).json().errors.period).toEqual(['This period has not ended yet: its statement can be written once it has.']);
    expect((await client.post('/api/finance-reports', { kind: 'yearly', period: '2025', currency: 'THB' })).json().errors.currency).toEqual(['Your organisation has no commissions in this currency.']);
    expect((await client.post('/api/finance-reports', { kind: 'yearly', period: '2026-02', currency: 'AED' })).json().errors.period).toEqual(['The period must be a year such as 2026.']);
  });

  it("is the agent's: another agent gets 404, an agent-role member 403", async () => {
    const [report] = (await (await clientOf(owner)).get('/api/finance-reports')).json().data;
    const stranger = await createPartner(context.database.pool);
    expect((await (await clientOf(stranger)).get(`/api/finance-reports/${report.id}/pdf`)).statusCode).toBe(404);
    expect((await (await clientOf(stranger)).get('/api/finance-reports')).json().total).toBe(0);
    const member = await createPartner(context.database.pool, { referralAgentId: owner.referralAgentId, role: 'agent' });
    expect((await (await clientOf(member)).get('/api/finance-reports')).statusCode).toBe(403);
  });
});

describe('the monthly run', () => {
  it("queues last month's statement of each agent and currency with a balance or a movement, once", async () => {
    const reports = createFinanceReports({ jobs: context.app.jobs, storage: context.app.storage, notifications: context.app.notifications });
    const pool = context.database.pool;
    expect(await reports.monthlyRun(pool, '2026-03-01')).toBe(0); // February's exists already (asked for above)
    expect(await reports.monthlyRun(pool, '2026-04-01')).toBe(1); // March: no movement, but a balance of AED 50.00
    expect(await reports.monthlyRun(pool, '2026-04-01')).toBe(0);
    await context.app.jobs.drain();
    const { rows } = await pool.query<{ status: string; requested_by_user_id: number | null }>(`SELECT status, requested_by_user_id FROM finance_reports WHERE referral_agent_id = $1 AND period = '2026-03'`, [owner.referralAgentId]);
    expect(rows).toEqual([{ status: 'ready', requested_by_user_id: null }]);
  });
});
