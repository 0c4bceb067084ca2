import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATCH_STATES } from '@portal/contracts/reconciliation';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { booking, facilityId, giveReferralCode, importStatement, itemsOf, newAgent, openPeriod, statementCsv, type LineSpec } from './reconciliation-test-support.ts';

/**
 * The matching rules (docs/reconciliation.md), one case per row of the table: each booking and each statement line of a
 * period ends in one state, by the rules in order, with the facility's tolerances; the same data gives the same result.
 */
describe('matching a statement against the bookings', () => {
  let context: TestContext;

  beforeAll(async () => {
    context = await createTestApp();
    // 2 % or AED 5.00, dates within 3 days (the facility's settings).
    await context.database.pool.query(
      `INSERT INTO reconciliation_facility_settings (facility_id, date_tolerance_days, amount_tolerance_minor, amount_tolerance_bp) VALUES ($1, 3, 500, 200)`,
      [await facilityId(context)],
    );
  }, 120_000);
  afterAll(async () => context?.close());

  it.each([
    {
      rule: 'the booking reference names the booking, the amount agrees: matched',
      bookings: [{ ticket: 'A100', day: '2026-03-05' }],
      lines: [{ ref: 'INV-1', day: '2026-03-05', booking: 'MT-A100' }],
      expected: [{ booking: 0, ref: 'INV-1', state: 'matched', rule: 'booking_reference' }],
    },
    {
      rule: 'the booking reference, the amount beyond both tolerances: amount_mismatch',
      bookings: [{ ticket: 'A101', day: '2026-03-05', amount: '1000.00' }],
      lines: [{ ref: 'INV-2', day: '2026-03-05', booking: 'A101', amount: '1100.00' }],
      expected: [{ booking: 0, ref: 'INV-2', state: 'amount_mismatch', rule: 'booking_reference' }],
    },
    {
      rule: 'within the percentage tolerance (2 % of 1,000 = 20 > 5): matched',
      bookings: [{ ticket: 'A102', day: '2026-03-05', amount: '1000.00' }],
      lines: [{ ref: 'INV-3', day: '2026-03-05', booking: 'A102', amount: '1019.99' }],
      expected: [{ booking: 0, ref: 'INV-3', state: 'matched', rule: 'booking_reference' }],
    },
    {
      rule: 'within the absolute tolerance (AED 5 > 2 % of 100): matched',
      bookings: [{ ticket: 'A103', day: '2026-03-05', amount: '100.00' }],
      lines: [{ ref: 'INV-4', day: '2026-03-05', booking: 'A103', amount: '104.50' }],
      expected: [{ booking: 0, ref: 'INV-4', state: 'matched', rule: 'booking_reference' }],
    },
    {
      rule: 'two lines naming one booking: the first matched, the second a duplicate',
      bookings: [{ ticket: 'A104', day: '2026-03-05' }],
      lines: [
        { ref: 'INV-5', day: '2026-03-05', booking: 'A104' },
        { ref: 'INV-6', day: '2026-03-05', booking: 'A104' },
      ],
      expected: [
        { booking: 0, ref: 'INV-5', state: 'matched', rule: 'booking_reference' },
        { booking: null, ref: 'INV-6', state: 'duplicate', rule: null },
      ],
    },
    {
      rule: 'a repeated facility reference: a duplicate, whatever it names',
      bookings: [{ ticket: 'A105', day: '2026-03-05' }],
      lines: [
        { ref: 'INV-7', day: '2026-03-05', booking: 'A105' },
        { ref: 'inv-7', day: '2026-03-06' },
      ],
      expected: [
        { booking: 0, ref: 'INV-7', state: 'matched', rule: 'booking_reference' },
        { booking: null, ref: 'inv-7', state: 'duplicate', rule: null },
      ],
    },
    {
      rule: 'the referral code, same service, 2 days apart, the only candidate: matched',
      code: true,
      bookings: [{ ticket: 'A106', day: '2026-03-10' }],
      lines: [{ ref: 'INV-8', day: '2026-03-12', code: 'CODE' }],
      expected: [{ booking: 0, ref: 'INV-8', state: 'matched', rule: 'referral_code' }],
    },
    {
      rule: 'the referral code but 4 days apart (beyond ± 3), and another amount: partner_only and facility_only',
      code: true,
      bookings: [{ ticket: 'A107', day: '2026-03-10', amount: '900.00' }],
      lines: [{ ref: 'INV-9', day: '2026-03-14', code: 'CODE' }],
      expected: [
        { booking: 0, ref: null, state: 'partner_only', rule: null },
        { booking: null, ref: 'INV-9', state: 'facility_only', rule: null },
      ],
    },
    {
      rule: 'the referral code fits two bookings: the closer date is suggested, the other stays partner_only',
      code: true,
      bookings: [
        { ticket: 'A108', day: '2026-03-10' },
        { ticket: 'A109', day: '2026-03-11' },
      ],
      lines: [{ ref: 'INV-10', day: '2026-03-11', code: 'CODE', amount: '700.00' }],
      expected: [
        { booking: 0, ref: null, state: 'partner_only', rule: null },
        { booking: 1, ref: 'INV-10', state: 'suggested', rule: 'referral_code' },
      ],
    },
    {
      rule: 'service, date and amount within tolerance, no reference: suggested, never matched',
      bookings: [{ ticket: 'A110', day: '2026-03-20', amount: '2000.00' }],
      lines: [{ ref: 'INV-11', day: '2026-03-20', amount: '2010.00' }],
      expected: [{ booking: 0, ref: 'INV-11', state: 'suggested', rule: 'service_date_amount' }],
    },
    {
      rule: 'a tie on service, date and amount: the lowest booking id pairs with the first row, then the next',
      bookings: [
        { ticket: 'A111', day: '2026-03-21', amount: '500.00' },
        { ticket: 'A112', day: '2026-03-21', amount: '500.00' },
      ],
      lines: [
        { ref: 'INV-12', day: '2026-03-21', amount: '500.00' },
        { ref: 'INV-13', day: '2026-03-21', amount: '500.00' },
      ],
      expected: [
        { booking: 0, ref: 'INV-12', state: 'suggested', rule: 'service_date_amount' },
        { booking: 1, ref: 'INV-13', state: 'suggested', rule: 'service_date_amount' },
      ],
    },
    {
      rule: 'another service on the same day and amount: no match',
      bookings: [{ ticket: 'A113', day: '2026-03-22', amount: '500.00' }],
      lines: [{ ref: 'INV-14', day: '2026-03-22', amount: '500.00', service: 'Knee MRI' }],
      expected: [
        { booking: 0, ref: null, state: 'partner_only', rule: null },
        { booking: null, ref: 'INV-14', state: 'facility_only', rule: null },
      ],
    },
    {
      rule: 'a cancelled booking is not in the period: the line is facility_only',
      bookings: [{ ticket: 'A114', day: '2026-03-23', status: 'cancelled' as const }],
      lines: [{ ref: 'INV-15', day: '2026-03-23', booking: 'A114' }],
      expected: [{ booking: null, ref: 'INV-15', state: 'facility_only', rule: null }],
    },
  ])('$rule', async ({ bookings, lines, expected, code }) => {
    const agent = await newAgent(context);
    const referral = code ? await giveReferralCode(context, agent.userId) : '';
    const ids: number[] = [];
    for (const spec of bookings) ids.push(await booking(context, agent, spec));
    const period = await openPeriod(context, agent);
    const result = await importStatement(context, period, statementCsv(lines.map((line: LineSpec) => ({ ...line, code: line.code ? referral : '' }))));
    expect(result.confirmed).toBe(true);
    const found = await itemsOf(context, period);
    expect(found).toEqual(expected.map((item) => ({ ...item, booking: item.booking === null ? null : ids[item.booking] })));

    // Idempotent: matching again writes the same rows, keeping their ids.
    const before = await context.database.pool.query('SELECT id, booking_id, statement_line_id, state FROM reconciliation_items WHERE period_id = $1 ORDER BY id', [period]);
    await context.app.reconciliation.rematch(period);
    const after = await context.database.pool.query('SELECT id, booking_id, statement_line_id, state FROM reconciliation_items WHERE period_id = $1 ORDER BY id', [period]);
    expect(after.rows).toEqual(before.rows);
  });

  it('keeps the partner’s decision across a re-run, and a re-import replaces the lines while keeping the old file', async () => {
    const agent = await newAgent(context);
    const id = await booking(context, agent, { ticket: 'K200', day: '2026-03-08', amount: '800.00' });
    const period = await openPeriod(context, agent);
    await importStatement(context, period, statementCsv([{ ref: 'S-1', day: '2026-03-08', amount: '800.00' }]));
    const { rows } = await context.database.pool.query<{ id: string }>('SELECT id FROM reconciliation_items WHERE period_id = $1 AND booking_id = $2', [period, id]);
    await context.database.pool.query(`UPDATE reconciliation_items SET decision = 'accepted' WHERE id = $1`, [rows[0]!.id]);
    await context.app.reconciliation.rematch(period);
    expect((await context.database.pool.query('SELECT decision FROM reconciliation_items WHERE id = $1', [rows[0]!.id])).rows[0].decision).toBe('accepted');

    await importStatement(context, period, statementCsv([{ ref: 'S-1', day: '2026-03-08', amount: '800.00', booking: 'K200' }]));
    expect(await itemsOf(context, period)).toEqual([{ booking: id, ref: 'S-1', state: 'matched', rule: 'booking_reference' }]);
    const statements = await context.database.pool.query('SELECT replaced_at IS NOT NULL AS replaced FROM reconciliation_statements WHERE period_id = $1 ORDER BY id', [period]);
    expect(statements.rows).toEqual([{ replaced: true }, { replaced: false }]);
  });

  it('puts every booking and every statement line of a period in exactly one state, whatever the data (property)', async () => {
    const agent = await newAgent(context);
    const code = await giveReferralCode(context, agent.userId);
    const services = ['Cardiac Consultation', 'Knee MRI'];
    const bookingArb = fc.record({ day: fc.integer({ min: 1, max: 28 }), amount: fc.integer({ min: 100, max: 130 }), service: fc.integer({ min: 0, max: 1 }) });
    const lineArb = fc.record({
      day: fc.integer({ min: 1, max: 28 }),
      amount: fc.integer({ min: 100, max: 130 }),
      service: fc.integer({ min: 0, max: 1 }),
      names: fc.option(fc.nat(), { nil: undefined }),
      code: fc.boolean(),
      ref: fc.integer({ min: 0, max: 30 }),
    });
    let month = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(bookingArb, { maxLength: 8 }), fc.array(lineArb, { minLength: 1, maxLength: 8 }), async (bookings, lines) => {
        month += 1;
        const period = `${2000 + Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}`;
        const tickets: string[] = [];
        const ids: number[] = [];
        for (const spec of bookings) {
          const ticket = `P${month}X${ids.length}`;
          tickets.push(ticket);
          ids.push(await booking(context, agent, { ticket, day: `${period}-${String(spec.day).padStart(2, '0')}`, amount: `${spec.amount}.00`, service: services[spec.service] }));
        }
        const periodId = await openPeriod(context, agent, period);
        await importStatement(
          context,
          periodId,
          statementCsv(
            lines.map((line) => ({
              ref: `F${line.ref}`,
              day: `${period}-${String(line.day).padStart(2, '0')}`,
              amount: `${line.amount}.00`,
              service: services[line.service],
              booking: line.names !== undefined && tickets.length > 0 ? tickets[line.names % tickets.length] : '',
              code: line.code ? code : '',
            })),
          ),
        );
        const items = await context.database.pool.query<{ booking_id: number | null; statement_line_id: string | null; state: string }>(
          'SELECT booking_id, statement_line_id, state FROM reconciliation_items WHERE period_id = $1',
          [periodId],
        );
        const lineIds = await context.database.pool.query<{ id: string }>('SELECT id FROM reconciliation_statement_lines WHERE period_id = $1', [periodId]);
        const bookingStates = ids.map((id) => items.rows.filter((item) => item.booking_id === id).length);
        const lineStates = lineIds.rows.map((line) => items.rows.filter((item) => item.statement_line_id === line.id).length);
        expect(bookingStates.every((count) => count === 1)).toBe(true);
        expect(lineStates.every((count) => count === 1)).toBe(true);
        expect(items.rows.every((item) => (MATCH_STATES as readonly string[]).includes(item.state))).toBe(true);
        expect(items.rows.length).toBeLessThanOrEqual(ids.length + lineIds.rows.length);
      }),
      { numRuns: 25 },
    );
  }, 240_000);
});
