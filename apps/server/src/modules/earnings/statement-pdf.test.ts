import { describe, expect, it } from 'vitest';
import { pdfText } from '../../test/pdf-text.ts';
import type { StatementFacts } from './payouts.ts';
import { buildStatementPdf } from './statement-pdf.ts';

const ISSUER = { name: 'Meditravel Health Services FZ-LLC', address: 'Dubai Healthcare City, Dubai', country: 'AE', taxId: 'TRN 100234567800003' };

function facts(overrides: Partial<StatementFacts> = {}): StatementFacts {
  return {
    number: 'SB-2026-000042',
    paidOn: '6 Nov 2026',
    currency: 'EUR',
    amountMinor: 51_750,
    partner: { name: 'Northwind Care Network', country: 'DE', taxId: 'DE 318472905' },
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
    for (const expected of ['Self-billing statement', 'SB-2026-000042', 'Meditravel Health Services FZ-LLC', 'TRN 100234567800003', 'Northwind Care Network', 'DE 318472905', 'MT-482913', 'EUR 5,400.00', 'EUR 540.00', 'Clawback: Veneers', 'EUR -22.50', 'EUR 517.50']) {
      expect(text).toContain(expected);
    }
  });

  it('carries the reverse-charge note only for a partner registered in another country', async () => {
    const abroad = pdfText(await buildStatementPdf(facts(), ISSUER, { compress: false })).texts.join('\n');
    expect(abroad).toContain('Reverse charge');
    const local = pdfText(await buildStatementPdf(facts({ partner: { name: 'Bright Path Affiliates', country: 'AE', taxId: null } }), ISSUER, { compress: false })).texts.join('\n');
    expect(local).not.toContain('Reverse charge');
    expect(local).toContain('not given');
  });

  it('runs onto more pages for a long payout, each numbered', async () => {
    const many = Array.from({ length: 120 }, (_, index) => ({ ...facts().lines[0]!, reference: `MT-${100000 + index}` }));
    const pdf = pdfText(await buildStatementPdf(facts({ lines: many }), ISSUER, { compress: false }));
    expect(pdf.pages).toBeGreaterThan(1);
    expect(pdf.texts.join('\n')).toContain(`page ${pdf.pages} of ${pdf.pages}`);
    expect(pdf.texts.join('\n')).toContain('MT-100119');
  });
});
