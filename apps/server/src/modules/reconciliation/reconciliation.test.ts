import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consolePeriodEndpoint, statementImportResultSchema } from '@portal/contracts/console-reconciliation';
import { disputeSchema, financeStatementSchema, itemListEndpoint, periodListEndpoint, type ItemRow } from '@portal/contracts/reconciliation';
import type { OperatorRole } from '@portal/contracts/operator-permissions';
import { consoleHeaders, consoleRequest, createTestOperator, signInOperatorAs } from '../../test/console-sign-in.ts';
import type { CreatedPartner } from '../../test/factories.ts';
import { createPartner } from '../../test/factories.ts';
import { TestClient } from '../../test/http-client.ts';
import { ONE_PAGE_PDF } from '../../test/pdf-fixtures.ts';
import { signInAs } from '../../test/sign-in.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { booking, facilityId, importStatement, newAgent, openPeriod, statementCsv } from './reconciliation-test-support.ts';

/**
 * Reconciliation through its API: the console's import (preview, confirm, bad rows), the partner's decisions and
 * disputes, the resolution's adjustment line, locks (the database refuses a change too), tokens, and who may see what.
 */
describe('reconciliation API', () => {
  let context: TestContext;
  let finance: TestClient;

  async function operator(role: OperatorRole) {
    const client = new TestClient(context.app);
    await signInOperatorAs(context, client, (await createTestOperator(context, { role })).id);
    return client;
  }

  async function partner(member: CreatedPartner) {
    const client = new TestClient(context.app);
    await signInAs(context, client, member.userId);
    return client;
  }

  function upload(client: TestClient, url: string, body: string | Buffer) {
    return client.request('POST', url, typeof body === 'string' ? Buffer.from(body) : body, { ...consoleHeaders(client), 'content-type': 'application/octet-stream' });
  }

  async function commissionLine(bookingId: number, agent: CreatedPartner, amountMinor = 15_000): Promise<number> {
    const { rows } = await context.database.pool.query<{ id: string }>(
      `INSERT INTO commission_lines (kind, referral_agent_id, referred_by_user_id, booking_id, facility_id, treatment_on, earned_on, base_minor, base_currency, rate,
                                     amount_minor, currency, status, payable_on)
       SELECT 'commission', b.referral_agent_id, $2, b.id, b.facility_id, b.date_time::date, b.date_time::date, b.amount_minor, b.currency,
              '{"kind":"percentage","basis_points":1000}', $3, b.currency, 'pending', (b.date_time::date + 14)
         FROM bookings b WHERE b.id = $1 RETURNING id`,
      [bookingId, agent.userId, amountMinor],
    );
    return Number(rows[0]!.id);
  }

  beforeAll(async () => {
    context = await createTestApp();
    finance = await operator('finance');
  }, 120_000);
  afterAll(async () => context?.close());

  describe('the console import', () => {
    it('previews a statement writing nothing, then confirms it: lines written, matched, the mapping remembered, audited', async () => {
      const agent = await newAgent(context);
      await booking(context, agent, { ticket: 'C100', day: '2026-04-03', amount: '1200.00' });
      const created = await consoleRequest(finance, 'POST', '/api/console/reconciliation/periods', { referral_agent_id: agent.referralAgentId, facility_id: await facilityId(context), month: '2026-04' });
      expect(created.statusCode, created.body).toBe(201);
      const period = created.json().id as number;
      expect(created.json()).toMatchObject({ status: 'open', lock_on: '2026-05-10', counts: { partner_only: 1 } });

      const csv = 'Ref;Date;What;Billed\nX-1;2026-04-03;Cardiac Consultation;1200.00\n'.replace(/;/g, ',');
      const mapping = JSON.stringify({ facility_ref: 'Ref', treatment_date: 'Date', service: 'What', amount: 'Billed' });
      const preview = await upload(finance, `/api/console/reconciliation/periods/${period}/statement?mapping=${encodeURIComponent(mapping)}`, csv);
      expect(preview.statusCode, preview.body).toBe(200);
      expect(statementImportResultSchema.parse(preview.json())).toMatchObject({ confirmed: false, rows: 1, valid: 1, invalid: 0, headers: ['Ref', 'Date', 'What', 'Billed'], preview: [{ Ref: 'X-1' }] });
      expect((await context.database.pool.query('SELECT count(*)::int AS n FROM reconciliation_statements WHERE period_id = $1', [period])).rows[0].n).toBe(0);

      const confirmed = await upload(finance, `/api/console/reconciliation/periods/${period}/statement?confirm=true&mapping=${encodeURIComponent(mapping)}`, csv);
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json()).toMatchObject({ confirmed: true, counts: { suggested: 1 } });
      // The mapping is remembered: the next import without one uses it.
      const again = await upload(finance, `/api/console/reconciliation/periods/${period}/statement`, csv);
      expect(again.json().mapping).toEqual(JSON.parse(mapping));
      const audit = await context.database.pool.query("SELECT actor_type, action FROM audit_events WHERE target_type = 'reconciliation_period' AND target_id = $1 ORDER BY id", [String(period)]);
      expect(audit.rows.map((row) => row.action)).toEqual(['reconciliation.period_opened', 'reconciliation.statement_imported']);
      const page = consolePeriodEndpoint.page.parse((await consoleRequest(finance, 'GET', `/api/console/reconciliation/periods?agent=${agent.referralAgentId}`)).json());
      expect(page.data.map((row) => [row.month, row.status])).toEqual([['2026-04', 'in_review']]);
    });

    it('refuses bad rows with a reason each (NUL, 1e308, a formula, a wrong date, another month) and writes nothing on confirm', async () => {
      const agent = await newAgent(context);
      const period = await openPeriod(context, agent, '2026-04');
      const csv = [
        'Invoice no,Treatment date,Service,Amount,Currency',
        'OK-1,2026-04-02,Cardiac Consultation,100.00,AED',
        'BAD-2,2026-04-02,Cardiac Consultation,1e308,AED',
        'BAD-3,2026-04-02,=HYPERLINK("http://evil"),100.00,AED',
        'BAD-4,2026-02-30,Cardiac Consultation,100.00,AED',
        'BAD-5,2026-05-01,Cardiac Consultation,100.00,AED',
        'BAD-6,2026-04-02,Cardiac Consultation,100.001,AED',
      ].join('\n');
      const preview = await upload(finance, `/api/console/reconciliation/periods/${period}/statement`, csv);
      expect(preview.statusCode, preview.body).toBe(200);
      const result = statementImportResultSchema.parse(preview.json());
      expect(result).toMatchObject({ rows: 6, valid: 1, invalid: 5 });
      expect(result.errors.map((error) => [error.row, error.errors[0]])).toEqual([
        [2, '"1e308" is not an amount in AED.'],
        [3, 'The service cell starts like a spreadsheet formula (=, +, -, @): it is refused.'],
        [4, '"2026-02-30" is not a date (YYYY-MM-DD or DD/MM/YYYY).'],
        [5, 'The treatment date 2026-05-01 is not in the period (2026-04).'],
        [6, '"100.001" is not an amount in AED.'],
      ]);
      const confirm = await upload(finance, `/api/console/reconciliation/periods/${period}/statement?confirm=true`, csv);
      expect(confirm.statusCode).toBe(422);
      expect(confirm.json().errors.file).toEqual(['Some rows fail: correct them (see the preview) and import the file again. Nothing was written.']);
      expect((await context.database.pool.query('SELECT count(*)::int AS n FROM reconciliation_statement_lines WHERE period_id = $1', [period])).rows[0].n).toBe(0);
    });

    it('refuses a NUL byte: the file when it starts with one (not text), the row when it comes later', async () => {
      const agent = await newAgent(context);
      const period = await openPeriod(context, agent, '2026-04');
      const header = 'Invoice no,Treatment date,Service,Amount,Currency\n';
      const early = await upload(finance, `/api/console/reconciliation/periods/${period}/statement`, `${header}N-1,2026-04-02,Cardiac\u0000Consultation,100.00,AED\n`);
      expect(early.statusCode).toBe(422);
      expect(early.json().errors.file).toEqual(['The file is not a CSV file: export the statement as CSV (UTF-8) and import that.']);
      const padding = Array.from({ length: 1_500 }, (_, index) => `PAD-${index},2026-04-02,Cardiac Consultation,100.00,AED`).join('\n');
      const late = await upload(finance, `/api/console/reconciliation/periods/${period}/statement`, `${header}${padding}\nN-2,2026-04-02,Cardiac\u0000Consultation,100.00,AED\n`);
      expect(late.statusCode, late.body).toBe(200);
      expect(late.json().errors).toEqual([{ row: 1_501, errors: ['The service cell holds a NUL character.'] }]);
    });

    it('refuses a file that is not CSV, one without a required column, and one too large', async () => {
      const agent = await newAgent(context);
      const period = await openPeriod(context, agent, '2026-04');
      const pdf = await upload(finance, `/api/console/reconciliation/periods/${period}/statement`, Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n'));
      expect(pdf.statusCode).toBe(422);
      expect(pdf.json().errors.file).toEqual(['The file is not a CSV file: export the statement as CSV (UTF-8) and import that.']);
      const binary = await upload(finance, `/api/console/reconciliation/periods/${period}/statement`, Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0, 0xff, 0xfe]));
      expect(binary.statusCode).toBe(422);
      const noAmount = await upload(finance, `/api/console/reconciliation/periods/${period}/statement`, 'Invoice no,Treatment date,Service\nA,2026-04-01,X\n');
      expect(noAmount.statusCode).toBe(422);
      expect(noAmount.json().errors.mapping).toEqual(['Choose the column of each required field: amount.']);
      const huge = Buffer.alloc(21 * 1024 * 1024, 'a');
      const tooLarge = await upload(finance, `/api/console/reconciliation/periods/${period}/statement`, huge);
      expect(tooLarge.statusCode).toBe(422);
      expect((await context.database.pool.query('SELECT count(*)::int AS n FROM reconciliation_statements WHERE period_id = $1', [period])).rows[0].n).toBe(0);
    });

    it('lets in admin and finance only, a signed-in operator, with the CSRF token', async () => {
      const url = '/api/console/reconciliation/periods';
      expect((await new TestClient(context.app).get(url)).statusCode).toBe(401);
      expect((await consoleRequest(await operator('admin'), 'GET', url)).statusCode).toBe(200);
      for (const role of ['support', 'content'] as const) expect((await consoleRequest(await operator(role), 'GET', url)).statusCode, role).toBe(403);
      expect((await finance.post(url, { referral_agent_id: 1, facility_id: 1, month: '2026-01' })).statusCode).toBe(419);
      const bad = await consoleRequest(finance, 'POST', url, { referral_agent_id: 0, facility_id: 'x', month: '2026-13' });
      expect(bad.statusCode).toBe(422);
      expect(Object.keys(bad.json().errors).sort()).toEqual(['facility_id', 'month', 'referral_agent_id']);
    });
  });

  describe('the partner side', () => {
    let owner: CreatedPartner;
    let financeMember: CreatedPartner;
    let period: number;
    let items: ItemRow[];

    beforeAll(async () => {
      owner = await newAgent(context);
      financeMember = await createPartner(context.database.pool, { referralAgentId: owner.referralAgentId, role: 'finance' });
      const matched = await booking(context, owner, { ticket: 'P100', day: '2026-05-04', amount: '1500.00', patient: 'Zainab Khan' });
      await booking(context, owner, { ticket: 'P101', day: '2026-05-06', amount: '900.00', patient: 'Omar Haddad' });
      const mismatch = await booking(context, owner, { ticket: 'P102', day: '2026-05-09', amount: '2000.00', patient: 'Lina Saleh' });
      await booking(context, owner, { ticket: 'P103', day: '2026-05-12', amount: '700.00', patient: 'Yusuf Amin' });
      await commissionLine(matched, owner, 15_000);
      await commissionLine(mismatch, owner, 20_000);
      await context.database.pool.query('INSERT INTO reconciliation_accounts (referral_agent_id, facility_id, account_number) VALUES ($1, $2, $3)', [owner.referralAgentId, await facilityId(context), 'HVH-20417']);
      period = await openPeriod(context, owner, '2026-05');
      await importStatement(
        context,
        period,
        statementCsv([
          { ref: 'H-1', day: '2026-05-04', booking: 'P100', amount: '1500.00' },
          { ref: 'H-2', day: '2026-05-09', booking: 'P102', amount: '2300.00' },
          { ref: 'H-3', day: '2026-05-12', amount: '705.00' },
          { ref: 'H-4', day: '2026-05-15', amount: '400.00' },
        ]),
      );
      const client = await partner(owner);
      items = itemListEndpoint.page.parse((await client.get(`/api/reconciliations/items?period=${period}`)).json()).data;
    });

    it('lists the agent’s periods with counts, and the lines in one state each, suggestions first', async () => {
      const client = await partner(owner);
      const periods = periodListEndpoint.page.parse((await client.get('/api/reconciliations/periods')).json());
      expect(periods.data).toEqual([expect.objectContaining({ id: period, month: '2026-05', status: 'in_review', counts: { matched: 1, suggested: 1, partner_only: 1, facility_only: 1, amount_mismatch: 1, duplicate: 0 } })]);
      expect(items.map((item) => [item.state, item.booking?.reference ?? null, item.line?.facility_ref ?? null])).toEqual([
        ['suggested', 'MT-P103', 'H-3'],
        ['amount_mismatch', 'MT-P102', 'H-2'],
        ['partner_only', 'MT-P101', null],
        ['facility_only', null, 'H-4'],
        ['matched', 'MT-P100', 'H-1'],
      ]);
      // The mismatch shows both amounts and the commission each would give (the ledger's, and the snapshot's on the bill).
      expect(items[1]).toMatchObject({ booking: { amount_minor: 200_000, commission_minor: 20_000, patient_name: 'Lina Saleh' }, line: { amount_minor: 230_000, commission_minor: 23_000 } });
    });

    it('shows patient names only to roles that see patients: finance reads the lines without them', async () => {
      const client = await partner(financeMember);
      const page = itemListEndpoint.page.parse((await client.get(`/api/reconciliations/items?period=${period}`)).json());
      expect(page.data.every((item) => item.booking === null || item.booking.patient_name === null)).toBe(true);
      expect(JSON.stringify(page)).not.toContain('Zainab');
    });

    it('keeps agents apart: another agent gets nothing and a 404 for every record; an agent-role member is refused', async () => {
      const other = await newAgent(context);
      const client = await partner(other);
      expect(periodListEndpoint.page.parse((await client.get('/api/reconciliations/periods')).json()).data).toEqual([]);
      expect(itemListEndpoint.page.parse((await client.get(`/api/reconciliations/items?period=${period}`)).json()).data).toEqual([]);
      expect((await client.get(`/api/reconciliations/periods/${period}`)).statusCode).toBe(404);
      expect((await client.post(`/api/reconciliations/items/${items[0]!.id}/accept`, {})).statusCode).toBe(404);
      expect((await client.get(`/api/reconciliations/facilities/${await facilityId(context)}`)).statusCode).toBe(404);
      const agentRole = await partner(await createPartner(context.database.pool, { referralAgentId: owner.referralAgentId, role: 'agent' }));
      expect((await agentRole.get('/api/reconciliations/periods')).statusCode).toBe(403);
      expect((await new TestClient(context.app).get('/api/reconciliations/periods')).statusCode).toBe(401);
    });

    it('answers the facility and the account number behind the URLs', async () => {
      const client = await partner(owner);
      const facility = await client.get(`/api/reconciliations/facilities/${await facilityId(context)}`);
      expect(facility.json()).toEqual({ id: await facilityId(context), name: 'Harbor View Hospital', slug: 'harbor-view-hospital', account_number: 'HVH-20417' });
    });

    it('accepts a suggestion, declines a facility line with a reason (Other needs a note), comments, bulk-accepts the matches', async () => {
      const client = await partner(owner);
      const suggested = items.find((item) => item.state === 'suggested')!;
      const accepted = await client.post(`/api/reconciliations/items/${suggested.id}/accept`, {});
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(accepted.json()).toMatchObject({ decision: 'accepted' });

      const facilityOnly = items.find((item) => item.state === 'facility_only')!;
      const noNote = await client.post(`/api/reconciliations/items/${facilityOnly.id}/decline`, { reason: 'other' });
      expect(noNote.statusCode).toBe(422);
      expect(noNote.json().errors.note).toEqual(['Say why when the reason is Other.']);
      const declined = await client.post(`/api/reconciliations/items/${facilityOnly.id}/decline`, { reason: 'not_ours' });
      expect(declined.json()).toMatchObject({ decision: 'declined', decline_reason: 'not_ours' });
      expect((await client.post(`/api/reconciliations/items/${facilityOnly.id}/accept`, {})).statusCode).toBe(422);

      const commented = await client.post(`/api/reconciliations/items/${facilityOnly.id}/comments`, { body: 'We never referred this patient.' });
      expect(commented.statusCode).toBe(201);
      expect(commented.json()).toEqual([expect.objectContaining({ author_type: 'partner', body: 'We never referred this patient.' })]);

      expect((await client.post(`/api/reconciliations/periods/${period}/accept-matched`, {})).json()).toEqual({ accepted: 1 });
      expect((await client.post(`/api/reconciliations/periods/${period}/accept-matched`, {})).json()).toEqual({ accepted: 0 });
    });

    it('claims a booking the facility left out with evidence, disputes the mismatch; the operator replies and resolves with an adjustment line on the ledger', async () => {
      const client = await partner(owner);
      const file = await client.post('/api/reconciliations/evidence?filename=invoice.pdf', ONE_PAGE_PDF, { 'content-type': 'application/octet-stream' });
      expect(file.statusCode, file.body).toBe(201);
      const partnerOnly = items.find((item) => item.state === 'partner_only')!;
      const claim = await client.post(`/api/reconciliations/items/${partnerOnly.id}/claim`, { note: 'Treated on 6 May, discharge letter attached.', evidence_ids: [file.json().id] });
      expect(claim.statusCode, claim.body).toBe(201);
      expect(disputeSchema.parse(claim.json())).toMatchObject({ reason_code: 'missing_from_statement', status: 'awaiting_operator', messages: [{ author_type: 'partner', evidence: { name: 'invoice.pdf' } }] });
      // The file is spent: it cannot be attached twice.
      expect((await client.post(`/api/reconciliations/items/${partnerOnly.id}/dispute`, { reason: 'other', message: 'again', evidence_ids: [file.json().id] })).statusCode).toBe(409);

      const mismatch = items.find((item) => item.state === 'amount_mismatch')!;
      const opened = await client.post(`/api/reconciliations/items/${mismatch.id}/dispute`, { reason: 'amount_differs', message: 'The quote was AED 2,000.' });
      expect(opened.statusCode, opened.body).toBe(201);
      const disputeId = opened.json().id as number;
      expect((await client.get(`/api/reconciliations/periods/${period}`)).json()).toMatchObject({ status: 'disputed', open_disputes: 2 });
      expect((await client.post(`/api/reconciliations/periods/${period}/agree`, {})).statusCode).toBe(409);

      const replied = await consoleRequest(finance, 'POST', `/api/console/reconciliation/disputes/${disputeId}/messages`, { message: 'The facility confirms the extra AED 300 was a lab test.' });
      expect(replied.statusCode, replied.body).toBe(201);
      expect(replied.json()).toMatchObject({ status: 'awaiting_partner' });
      const notices = await context.database.pool.query("SELECT title, body FROM notifications WHERE user_id = $1 AND type = 'reconciliation' ORDER BY created_at", [owner.userId]);
      expect(notices.rows.map((row) => row.title)).toEqual(['New statement from a facility', 'Reply on a dispute']);
      expect(JSON.stringify(notices.rows)).not.toMatch(/Lina|Zainab|Omar|Yusuf/);

      const badAmount = await consoleRequest(finance, 'POST', `/api/console/reconciliation/disputes/${disputeId}/resolve`, { outcome: 'accepted', adjustment: '30.0001', note: 'x' });
      expect(badAmount.statusCode).toBe(422);
      const resolved = await consoleRequest(finance, 'POST', `/api/console/reconciliation/disputes/${disputeId}/resolve`, { outcome: 'accepted', adjustment: '30.00', note: 'Lab test billed with the treatment' });
      expect(resolved.statusCode, resolved.body).toBe(200);
      expect(resolved.json()).toMatchObject({ status: 'resolved_accepted', adjustment_minor: 3000 });
      const line = await context.database.pool.query(
        `SELECT kind, amount_minor::int AS amount, adjustment_source, adjustment_reason FROM commission_lines WHERE id = (SELECT adjustment_line_id FROM reconciliation_disputes WHERE id = $1)`,
        [disputeId],
      );
      expect(line.rows).toEqual([{ kind: 'adjustment', amount: 3000, adjustment_source: 'dispute', adjustment_reason: `Lab test billed with the treatment (reconciliation dispute ${disputeId})` }]);
      expect((await consoleRequest(finance, 'POST', `/api/console/reconciliation/disputes/${disputeId}/resolve`, { outcome: 'rejected', note: 'again' })).statusCode).toBe(409);

      const statement = financeStatementSchema.parse((await client.get(`/api/reconciliations/periods/${period}/finance`)).json());
      expect(statement).toMatchObject({ account_number: 'HVH-20417', commission_minor: 35_000, adjustments_minor: 0 });
    });

    it('locks: the partner agrees, finance locks, the statement files carry their SHA-256, and the database refuses any change', async () => {
      const agent = await newAgent(context);
      await booking(context, agent, { ticket: 'L100', day: '2026-06-03' });
      const lockPeriod = await openPeriod(context, agent, '2026-06');
      await importStatement(context, lockPeriod, statementCsv([{ ref: 'L-1', day: '2026-06-03', booking: 'L100' }]));
      const client = await partner(agent);
      expect((await consoleRequest(finance, 'POST', `/api/console/reconciliation/periods/${lockPeriod}/lock`, {})).statusCode).toBe(409);
      expect((await client.post(`/api/reconciliations/periods/${lockPeriod}/agree`, {})).json()).toMatchObject({ status: 'agreed' });
      const locked = await consoleRequest(finance, 'POST', `/api/console/reconciliation/periods/${lockPeriod}/lock`, {});
      expect(locked.statusCode, locked.body).toBe(200);
      expect(locked.json()).toMatchObject({ status: 'locked', has_statement: true });

      const csv = await client.get(`/api/reconciliations/periods/${lockPeriod}/statement/csv`);
      expect(csv.statusCode).toBe(200);
      expect(csv.body).toContain('matched,,MT-L100');
      const stored = await context.database.pool.query('SELECT statement_csv_sha256 FROM reconciliation_periods WHERE id = $1', [lockPeriod]);
      expect(createHash('sha256').update(csv.body).digest('hex')).toBe(stored.rows[0].statement_csv_sha256);
      expect((await client.get(`/api/reconciliations/periods/${lockPeriod}/statement/pdf`)).headers['content-type']).toBe('application/pdf');

      await expect(context.database.pool.query(`UPDATE reconciliation_items SET decision = 'declined', decline_reason = 'not_ours' WHERE period_id = $1`, [lockPeriod])).rejects.toThrow(/locked/);
      await expect(context.database.pool.query(`DELETE FROM reconciliation_statement_lines WHERE period_id = $1`, [lockPeriod])).rejects.toThrow(/locked/);
      await expect(context.database.pool.query(`UPDATE reconciliation_periods SET statement_csv_sha256 = repeat('0', 64) WHERE id = $1`, [lockPeriod])).rejects.toThrow(/locked/);
      const item = itemListEndpoint.page.parse((await client.get(`/api/reconciliations/items?period=${lockPeriod}`)).json()).data[0]!;
      expect((await client.post(`/api/reconciliations/items/${item.id}/accept`, {})).statusCode).toBe(409);
      const reimport = await upload(finance, `/api/console/reconciliation/periods/${lockPeriod}/statement?confirm=true`, statementCsv([{ ref: 'L-2', day: '2026-06-03' }]));
      expect(reimport.statusCode).toBe(409);
    });

    it('lands a dispute resolved after the lock in the next open period, as an adjustment line', async () => {
      const agent = await newAgent(context);
      const id = await booking(context, agent, { ticket: 'N100', day: '2026-07-03', amount: '1000.00' });
      await commissionLine(id, agent, 10_000);
      const first = await openPeriod(context, agent, '2026-07');
      await importStatement(context, first, statementCsv([{ ref: 'N-1', day: '2026-07-03', booking: 'N100', amount: '1200.00' }]));
      const client = await partner(agent);
      const item = itemListEndpoint.page.parse((await client.get(`/api/reconciliations/items?period=${first}`)).json()).data[0]!;
      const dispute = (await client.post(`/api/reconciliations/items/${item.id}/dispute`, { reason: 'amount_differs', message: 'Billed 1,200.' })).json().id as number;
      await context.app.reconciliation.lock({ type: 'system', id: 'test' }, first, { requireAgreed: false });
      const resolved = await consoleRequest(finance, 'POST', `/api/console/reconciliation/disputes/${dispute}/resolve`, { outcome: 'accepted', adjustment: '20.00', note: 'Late correction' });
      expect(resolved.statusCode, resolved.body).toBe(200);
      const landed = await context.database.pool.query<{ month: string; status: string }>(
        `SELECT to_char(p.month, 'YYYY-MM') AS month, p.status FROM reconciliation_disputes d JOIN reconciliation_periods p ON p.id = d.applied_period_id WHERE d.id = $1`,
        [dispute],
      );
      expect(landed.rows).toEqual([{ month: '2026-08', status: 'open' }]);
    });
  });

  describe('facility API tokens', () => {
    it('creates a token shown once and kept hashed, imports with it, and refuses it once revoked; all audited', async () => {
      const agent = await newAgent(context);
      await booking(context, agent, { ticket: 'T100', day: '2026-08-03' });
      const facility = await facilityId(context);
      await openPeriod(context, agent, '2026-08');
      await consoleRequest(finance, 'PUT', '/api/console/reconciliation/accounts', { referral_agent_id: agent.referralAgentId, facility_id: facility, account_number: `HV-${agent.referralAgentId}` });
      const created = await consoleRequest(finance, 'POST', '/api/console/reconciliation/tokens', { facility_id: facility, name: 'Harbor View billing system' });
      expect(created.statusCode, created.body).toBe(201);
      const token = created.json().token as string;
      expect(token).toMatch(/^rcn_/);
      const listed = await consoleRequest(finance, 'GET', `/api/console/reconciliation/tokens?facility=${facility}`);
      expect(listed.body).not.toContain(token);
      const stored = await context.database.pool.query('SELECT token_sha256 FROM reconciliation_api_tokens WHERE id = $1', [created.json().id]);
      expect(stored.rows[0].token_sha256).toBe(createHash('sha256').update(token).digest('hex'));

      const url = `/api/reconciliation/facility-statements?account=HV-${agent.referralAgentId}&month=2026-08&confirm=true`;
      const body = statementCsv([{ ref: 'API-1', day: '2026-08-03', booking: 'T100' }]);
      const imported = await context.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' }, payload: body });
      expect(imported.statusCode, imported.body).toBe(200);
      expect(imported.json()).toMatchObject({ confirmed: true, counts: { matched: 1 } });
      expect((await context.app.inject({ method: 'POST', url, headers: { authorization: 'Bearer rcn_wrong', 'content-type': 'application/octet-stream' }, payload: body })).statusCode).toBe(401);

      expect((await consoleRequest(finance, 'POST', `/api/console/reconciliation/tokens/${created.json().id}/revoke`, {})).statusCode).toBe(204);
      expect((await context.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' }, payload: body })).statusCode).toBe(401);
      const audit = await context.database.pool.query("SELECT action, after FROM audit_events WHERE target_type = 'reconciliation_api_token' AND target_id = $1 ORDER BY id", [String(created.json().id)]);
      expect(audit.rows.map((row) => row.action)).toEqual(['reconciliation.token_created', 'reconciliation.token_revoked']);
      expect(JSON.stringify(audit.rows)).not.toContain(token);
    });
  });
});
