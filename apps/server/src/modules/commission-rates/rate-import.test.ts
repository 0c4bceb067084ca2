import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateImportResultSchema } from '@portal/contracts/console-commission-rates';
import { consoleHeaders, createTestOperator, signInOperatorAs } from '../../test/console-sign-in.ts';
import { TestClient } from '../../test/http-client.ts';
import { createPartner } from '../../test/factories.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

const HEADER = 'facility,service,specialty,tier,kind,rate,amount,currency,base_description,base_description_ar,refund_window_days,valid_from,valid_to';
const BASE = 'The treatment price,سعر العلاج,30';

/**
 * The rate card's import (issue 15): a file is checked row by row (an unknown facility, a bad currency, an overlap with
 * the card or another row) and previewed; applied, all its rows go in at once, or none.
 */
describe('rate card import', () => {
  let context: TestContext;
  let client: TestClient;
  const upload = (body: Buffer | string, query = '', as = client) =>
    as.request('POST', `/api/console/commission-rates/import?filename=card.csv${query}`, body, { ...consoleHeaders(as), 'content-type': 'application/octet-stream' });

  beforeAll(async () => {
    context = await createTestApp();
    const pool = context.database.pool;
    await pool.query(`INSERT INTO facilities (name, slug, country, city, currency) VALUES ('Pearl Dental (import)', 'pearl-import', 'AE', 'Dubai', 'AED'), ('Bosphorus Clinic (import)', 'bosphorus-import', 'TR', 'Istanbul', 'TRY')`);
    await pool.query(`INSERT INTO specialties (name) VALUES ('Dentistry (import)')`);
    await pool.query(
      `INSERT INTO commission_rates (kind, basis_points, base_description, base_description_ar, refund_window_days, valid_from, facility_id)
       SELECT 'percentage', 800, 'The treatment price', 'سعر العلاج', 30, '2026-01-01', id FROM facilities WHERE slug = 'pearl-import'`,
    );
    client = new TestClient(context.app);
    await signInOperatorAs(context, client, (await createTestOperator(context, { role: 'finance' })).id);
  });
  afterAll(async () => context?.close());

  it('previews each row with its errors: an unknown facility, a bad currency, an overlap with the card and within the file', async () => {
    const csv = [
      HEADER,
      `Pearl Dental (import),,,,percentage,9,,,${BASE},2027-01-01,`,
      `Atlantis Hospital,,,,percentage,9,,,${BASE},2027-01-01,`,
      `,,Dentistry (import),,flat,,120,XYZ,${BASE},2027-01-01,`,
      `Bosphorus Clinic (import),,,,percentage,7,,,${BASE},2027-01-01,2027-07-01`,
      `Bosphorus Clinic (import),,,,percentage,7.5,,,${BASE},2027-03-01,`,
      `Bosphorus Clinic (import),,,,flat,,150,EUR,${BASE},2027-09-01,`,
    ].join('\n');
    const response = await upload(csv);
    expect(response.statusCode).toBe(200);
    const result = rateImportResultSchema.parse(response.json());
    expect(result).toMatchObject({ applied: false, valid: 2, invalid: 4 });
    expect(result.rows.map((row) => [row.line, row.errors])).toEqual([
      [2, []],
      [3, ['No facility is named Atlantis Hospital.']],
      [4, ['XYZ is not an ISO 4217 currency.']],
      [5, []],
      [6, ['Overlaps the rate of line 5 for the same facility, service and tier.']],
      [7, ['This facility bills in TRY: a flat amount for it must be in TRY.']],
    ]);
    // The Pearl row ends the card's open-ended 8 % on the day it starts.
    expect(result.rows[0]).toMatchObject({ basis_points: 900, currency: 'AED', ends: { valid_from: '2027-01-01' } });
    // Nothing was written by a preview.
    const { rows } = await context.database.pool.query("SELECT count(*)::int AS n FROM commission_rates WHERE valid_from >= '2027-01-01'");
    expect(rows[0].n).toBe(0);
    // Applying a file with refused rows adds nothing.
    const refused = await upload(csv, '&apply=true');
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({ message: 'Some rows cannot be added: nothing was imported.', errors: { file: ['Some rows cannot be added: nothing was imported.'] } });
  });

  it('applies an xlsx workbook in one go: the new rows, the open-ended one ended, and the audit', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Rates');
    sheet.addRow(HEADER.split(','));
    sheet.addRow(['Pearl Dental (import)', '', '', '', 'percentage', 9.5, '', '', 'The treatment price', 'سعر العلاج', 30, new Date(Date.UTC(2027, 0, 1)), '']);
    sheet.addRow(['Bosphorus Clinic (import)', '', '', '', 'flat', '', '1250', 'TRY', 'Per implant placed', 'لكل زرعة', 14, '2027-02-01', '2027-12-31']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const response = await upload(bytes, '&apply=true');
    expect(response.statusCode).toBe(200);
    expect(rateImportResultSchema.parse(response.json())).toMatchObject({ applied: true, valid: 2, invalid: 0 });
    const { rows } = await context.database.pool.query<{ basis_points: number | null; amount_minor: number | null; currency: string | null; valid_from: string; valid_to: string | null }>(
      `SELECT r.basis_points, r.amount_minor::int AS amount_minor, r.currency, to_char(r.valid_from, 'YYYY-MM-DD') AS valid_from, to_char(r.valid_to, 'YYYY-MM-DD') AS valid_to
         FROM commission_rates r JOIN facilities f ON f.id = r.facility_id WHERE f.slug IN ('pearl-import', 'bosphorus-import') ORDER BY r.id`,
    );
    expect(rows).toEqual([
      { basis_points: 800, amount_minor: null, currency: null, valid_from: '2026-01-01', valid_to: '2027-01-01' },
      { basis_points: 950, amount_minor: null, currency: null, valid_from: '2027-01-01', valid_to: null },
      { basis_points: null, amount_minor: 125000, currency: 'TRY', valid_from: '2027-02-01', valid_to: '2027-12-31' },
    ]);
    const audit = await context.database.pool.query<{ action: string }>("SELECT action FROM audit_events WHERE action IN ('commission_rate.imported', 'commission_rate.ended') ORDER BY id");
    expect(audit.rows.map((row) => row.action)).toEqual(['commission_rate.ended', 'commission_rate.imported', 'commission_rate.imported']);
  });

  it("imports an individual contract's negotiated rows by the contract's key, for its agent only", async () => {
    const pool = context.database.pool;
    const partner = await createPartner(pool);
    const contract = (
      await pool.query<{ id: number }>(
        `INSERT INTO agreements (kind, key, version, title, body_markdown, status, effective_at, referral_agent_id, published_at)
         VALUES ('individual', 'import-test-contract', 1, 'Individual contract', 'The negotiated terms.', 'published', '2026-01-01', $1, now()) RETURNING id`,
        [partner.referralAgentId],
      )
    ).rows[0]!.id;
    await pool.query(`INSERT INTO partner_tiers (slug, name, name_ar, rank) SELECT 'gold-import', 'Gold (import)', 'ذهبي', COALESCE(max(rank), 0) + 1 FROM partner_tiers`);
    // The same facility as the card's open-ended row: a contract's row is its own key, so it neither overlaps nor ends it.
    const csv = [
      `${HEADER},contract`,
      `Bosphorus Clinic (import),,,,percentage,11,,,${BASE},2027-01-01,,import-test-contract`,
      `Bosphorus Clinic (import),,,,percentage,12,,,${BASE},2027-01-01,,no-such-contract`,
      `Bosphorus Clinic (import),,,Gold (import),percentage,12,,,${BASE},2028-01-01,,import-test-contract`,
    ].join('\n');
    const preview = rateImportResultSchema.parse((await upload(csv)).json());
    expect(preview.rows.map((row) => [row.line, row.contract, row.ends, row.errors])).toEqual([
      [2, 'import-test-contract', null, []],
      [3, 'no-such-contract', null, ['No individual contract has the key no-such-contract.']],
      [4, 'import-test-contract', null, expect.arrayContaining(["A contract's rate applies whatever the partner's tier: leave the tier empty."])],
    ]);
    const applied = await upload(csv.split('\n').slice(0, 2).join('\n'), '&apply=true');
    expect(applied.statusCode, applied.body).toBe(200);
    const { rows } = await pool.query(
      "SELECT referral_agent_id, agreement_id, basis_points FROM commission_rates r JOIN facilities f ON f.id = r.facility_id WHERE f.slug = 'bosphorus-import' AND r.referral_agent_id IS NOT NULL",
    );
    expect(rows).toEqual([{ referral_agent_id: partner.referralAgentId, agreement_id: contract, basis_points: 1100 }]);
  });

  it('refuses a file it cannot read, one without the needed columns, and support', async () => {
    const unreadable = await upload(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x01]));
    expect(unreadable.json().errors).toEqual({ file: ['The file could not be read: send an xlsx workbook or a UTF-8 csv file.'] });
    const columns = await upload('facility,rate\nPearl,9');
    expect(columns.json().errors).toEqual({ file: ['The file lacks the columns kind, base_description, base_description_ar, refund_window_days, valid_from.'] });
    const empty = await upload(`${HEADER}\n`);
    expect(empty.json().errors).toEqual({ file: ['The file has no rates: a header row, then one row per rate.'] });
    const supportClient = new TestClient(context.app);
    await signInOperatorAs(context, supportClient, (await createTestOperator(context, { role: 'support' })).id);
    const forbidden = await upload(`${HEADER}\n`, '', supportClient);
    expect(forbidden.statusCode).toBe(403);
  });
});
