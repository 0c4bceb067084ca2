import { describe, expect, it } from 'vitest';
import { pdfText } from '../../test/pdf-text.ts';
import type { StatementFacts } from './payouts.ts';
import { buildStatementPdf } from './statement-pdf.ts';

const NORTHWIND = {
  legal_name: 'Northwind Care Network GmbH',
  address_line1: 'Hohe Bleichen 11',
  address_line2: null,
  city: 'Hamburg',
  postal_code: '20354',
  country: 'DE',
  tax_id: '27/815/04392',
  vat_status: 'registered' as const,
  vat_number: 'DE318472905',
  updated_at: '2026-10-01T09:00:00.000Z',
  updated_by: 'Jonas Weber',
};

const ISSUER = { name: 'Meditravel Health Services FZ-LLC', address: 'Dubai Healthcare City, Dubai', country: 'AE', taxId: 'TRN 100234567800003' };

function facts(overrides: Partial<StatementFacts> = {}): StatementFacts {
  return {
    number: 'SB-2026-000042',
    paidOn: '6 Nov 2026',
    currency: 'EUR',
    amountMinor: 51_750,
    partner: { name: 'Northwind Care Network', taxProfile: NORTHWIND },
    bankReference: 'TRF20261106',
    lines: [
      { kind: 'commission', reference: 'MT-482913', facility: 'Clínica Dental Sevilla', service: 'Dental implants', treatment_on: '2026-09-14', base_minor: 540_000, base_currency: 'EUR', amount_minor: 54_000 },
      { kind: 'clawback', reference: 'MT-471120', facility: 'Clínica Dental Sevilla', service: 'Veneers', treatment_on: '2026-07-02', base_minor: 22_500, base_currency: 'EUR', amount_minor: -2_250 },
    ],
    ...overrides,
  };
}

describe('the self-billing statement', () => {
  it('names its number, both parties, every line and the totals, with the clawback netted', async () => {
    const text = pdfText(await buildStatementPdf(facts(), ISSUER, { compress: false })).texts.join('\n');
    for (const expected of ['Self-billing statement', 'SB-2026-000042', 'Meditravel Health Services FZ-LLC', 'TRN 100234567800003', 'Northwind Care Network GmbH', 'Trading as Northwind Care Network', 'Hohe Bleichen 11', '20354 Hamburg', 'Germany (DE)', 'Tax ID: 27/815/04392', 'VAT number: DE318472905', 'MT-482913', 'EUR 5,400.00', 'EUR 540.00', 'Clawback: Veneers', 'EUR -22.50', 'EUR 517.50']) {
      expect(text).toContain(expected);
    }
  });

  it('carries the reverse-charge note only for a partner VAT-registered in another country than the business', async () => {
    const text = async (taxProfile: StatementFacts['partner']['taxProfile']) => pdfText(await buildStatementPdf(facts({ partner: { name: 'Northwind Care Network', taxProfile } }), ISSUER, { compress: false })).texts.join('\n');
    expect(await text(NORTHWIND)).toContain('Reverse charge: the supplier is established in another country');
    // Registered, but in the business's own country: local VAT, no note.
    const local = await text({ ...NORTHWIND, country: 'AE', vat_number: '100398274100003' });
    expect(local).not.toContain('Reverse charge');
    expect(local).toContain('VAT number: 100398274100003');
    // Abroad, but not registered (or exempt): nobody to reverse-charge, the status is printed instead.
    const unregistered = await text({ ...NORTHWIND, vat_status: 'not_registered', vat_number: null });
    expect(unregistered).not.toContain('Reverse charge');
    expect(unregistered).toContain('Not registered for VAT');
    expect(await text({ ...NORTHWIND, vat_status: 'exempt', vat_number: null })).toContain('Exempt from VAT');
  });

  it('says what is missing for a partner without a tax profile, and invents nothing', async () => {
    // Wrapped lines joined back into sentences.
    const text = pdfText(await buildStatementPdf(facts({ partner: { name: 'Bright Path Affiliates', taxProfile: null } }), ISSUER, { compress: false })).texts.join(' ').replace(/\s+/g, ' ');
    expect(text).toContain('Bright Path Affiliates');
    expect(text).toContain("Tax profile not given: the supplier's legal name, address, tax ID and VAT status are missing.");
    expect(text).toContain('VAT treatment not determined');
    expect(text).not.toContain('Reverse charge');
    expect(text).not.toContain('VAT number:');
  });

  it('writes a legal name and address in Arabic in Arabic letters, shaped and right to left, not as question marks', async () => {
    const arabicProfile = { ...NORTHWIND, legal_name: 'شركة الواحة للرعاية الصحية ذ.م.م', address_line1: 'شارع الملك فهد 214', city: 'الرياض', postal_code: '12214', country: 'SA', vat_number: '310123456700003' };
    const text = pdfText(await buildStatementPdf(facts({ partner: { name: 'Oasis Care', taxProfile: arabicProfile } }), ISSUER, { compress: false }));
    const embedded = Object.values(text.fonts).filter((font) => font.program).map((font) => font.baseFont.replace(/^[A-Z]{6}\+/, ''));
    expect(embedded).toContain('IBMPlexSansArabic-Regular');
    // PDFKit draws an Arabic run from the left, last letter first: reversed, the glyphs read as written.
    const reading = text.runs.filter((run) => text.fonts[run.font ?? '']?.program).flatMap((run) => run.glyphs).reverse().join('');
    for (const word of ['الواحة', 'للرعاية', 'الصحية', 'الملك', 'فهد', 'الرياض']) expect(reading).toContain(word);
    // The Latin around it stays in Helvetica: the trading name, the street number, the VAT number.
    expect(text.texts).toEqual(expect.arrayContaining(['Trading as Oasis Care', 'VAT number: 310123456700003']));
    expect(text.texts.join('\n')).not.toMatch(/\?{3}/);
  });

  it('runs onto more pages for a long payout, each numbered', async () => {
    const many = Array.from({ length: 120 }, (_, index) => ({ ...facts().lines[0]!, reference: `MT-${100000 + index}` }));
    const pdf = pdfText(await buildStatementPdf(facts({ lines: many }), ISSUER, { compress: false }));
    expect(pdf.pages).toBeGreaterThan(1);
    expect(pdf.texts.join('\n')).toContain(`page ${pdf.pages} of ${pdf.pages}`);
    expect(pdf.texts.join('\n')).toContain('MT-100119');
  });
});
