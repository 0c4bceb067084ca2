import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import type { Payee } from '../payment-details/public.ts';
import { csvText, hasSepaName, payoutsCsv, sepaCreditTransfer, type BankFilePayout } from './bank-files.ts';

const PAYEE: Payee = {
  referralAgentId: 7, holderName: 'Clínica Dueñas & Hijos S.L.', scheme: 'iban', bankCountry: 'ES', account: 'ES9121000418450200051332', bic: 'CAIXESBBXXX',
  routingNumber: null, ifsc: null, accountType: null, bankName: null, status: 'verified',
};
const PAYOUTS: BankFilePayout[] = [
  { id: 41, agentName: 'Dueñas Partners', amountMinor: 123_456, currency: 'EUR', scheduledOn: '2026-12-05', payee: PAYEE },
  { id: 42, agentName: 'Northwind Care Network', amountMinor: 50_000, currency: 'EUR', scheduledOn: '2026-12-05', payee: { ...PAYEE, holderName: 'Northwind Care Network GmbH', account: 'DE89370400440532013000', bic: null } },
];
const DEBTOR = { name: 'Meditravel Health Services FZ-LLC', iban: 'IE29AIBK93115212345678', bic: 'AIBKIE2D' };

describe('the SEPA credit transfer (pain.001.001.03)', () => {
  const xml = sepaCreditTransfer(PAYOUTS, DEBTOR, { messageId: 'PP-20261205-EUR-1', createdAt: new Date('2026-12-05T09:30:00Z'), executionDate: '2026-12-07' });
  const document = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', parseTagValue: false }).parse(xml).Document;

  it('declares its schema, counts the payouts and sums them to the cent, once in the header and once in the batch', () => {
    expect(document['@_xmlns']).toBe('urn:iso:std:iso:20022:tech:xsd:pain.001.001.03');
    const { GrpHdr, PmtInf } = document.CstmrCdtTrfInitn;
    expect(GrpHdr).toMatchObject({ MsgId: 'PP-20261205-EUR-1', CreDtTm: '2026-12-05T09:30:00', NbOfTxs: '2', CtrlSum: '1734.56' });
    expect(PmtInf).toMatchObject({ PmtMtd: 'TRF', NbOfTxs: '2', CtrlSum: '1734.56', ReqdExctnDt: '2026-12-07', ChrgBr: 'SLEV', DbtrAcct: { Id: { IBAN: 'IE29AIBK93115212345678' } } });
  });

  it('pays each payee by IBAN, its BIC when known, with the payout as the end-to-end reference, in SEPA characters only', () => {
    const [first, second] = document.CstmrCdtTrfInitn.PmtInf.CdtTrfTxInf;
    expect(first).toMatchObject({ PmtId: { EndToEndId: 'PO-41' }, Amt: { InstdAmt: { '@_Ccy': 'EUR', '#text': '1234.56' } }, CdtrAgt: { FinInstnId: { BIC: 'CAIXESBBXXX' } }, CdtrAcct: { Id: { IBAN: 'ES9121000418450200051332' } } });
    // Accents folded, '&' (not in the SEPA set) replaced.
    expect(first.Cdtr.Nm).toBe('Clinica Duenas Hijos S.L.');
    expect(second.CdtrAgt).toBeUndefined();
    expect(second.RmtInf.Ustrd).toBe('Partner commission payout PO-42 of 2026-12-05');
  });
});

describe('the CSV bank file', () => {
  it('has a header and one row per payout with the full account, amounts in the currency', async () => {
    const text = (await payoutsCsv(PAYOUTS)).toString('utf8');
    const lines = text.replace(/^\uFEFF/, '').trim().split('\n');
    expect(lines[0]).toBe('payout,agent,account_holder,scheme,bank_country,iban_or_account,bic,routing_number,ifsc,account_type,bank_name,amount,currency,reference');
    expect(lines[1]).toContain('PO-41,Dueñas Partners,Clínica Dueñas & Hijos S.L.,iban,ES,ES9121000418450200051332,CAIXESBBXXX');
    expect(lines[1]).toContain(',1234.56,EUR,');
    expect(lines).toHaveLength(3);
  });
});

describe("what partners typed, in a bank file", () => {
  it('never reaches a spreadsheet as a formula', () => {
    expect(csvText('=HYPERLINK("http://evil.example","Click")')).toBe('\'=HYPERLINK("http://evil.example","Click")');
    expect(csvText('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvText('Cedar Clinics')).toBe('Cedar Clinics');
  });

  it('names a SEPA creditor in SEPA letters, by the agent when the holder has none, and not at all when neither has', () => {
    expect(hasSepaName('مستشفى الأمل', 'Al Amal Partners')).toBe(true);
    expect(hasSepaName('مستشفى الأمل', 'شركاء الأمل')).toBe(false);
    const xml = sepaCreditTransfer([{ ...PAYOUTS[0]!, agentName: 'Al Amal Partners', payee: { ...PAYEE, holderName: 'مستشفى الأمل' } }], DEBTOR, { messageId: 'M', createdAt: new Date('2026-12-05T09:30:00Z'), executionDate: '2026-12-07' });
    expect(xml).toContain('<Nm>Al Amal Partners</Nm>');
  });
});
