import ExcelJS from 'exceljs';
import { XMLBuilder } from 'fast-xml-parser';
import { minorToDecimal } from '@portal/contracts/money';
import type { Payee } from '../payment-details/public.ts';

/**
 * The payouts' bank files (docs/earnings.md): what a finance operator uploads to the business's bank to pay a batch.
 * CSV for any currency (ExcelJS writes it: quoting and the UTF-8 mark as spreadsheets expect), and for euros an ISO
 * 20022 pain.001.001.03 SEPA credit transfer (fast-xml-parser builds it: escaping, no hand-written tags).
 */

export interface BankFilePayout {
  id: number;
  agentName: string;
  amountMinor: number;
  currency: string;
  scheduledOn: string;
  payee: Payee;
}

/** The text a payee's bank shows with the credit: the programme and the payout. */
function remittance(payout: BankFilePayout): string {
  return `Partner commission payout PO-${payout.id} of ${payout.scheduledOn}`;
}

/**
 * A cell a spreadsheet would read as a formula (=, +, -, @, a tab or a return first: a holder named '=HYPERLINK(…)'),
 * made text with a leading apostrophe, as OWASP's CSV-injection advice has it.
 */
export function csvText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const CSV_COLUMNS = ['payout', 'agent', 'account_holder', 'scheme', 'bank_country', 'iban_or_account', 'bic', 'routing_number', 'ifsc', 'account_type', 'bank_name', 'amount', 'currency', 'reference'];

export async function payoutsCsv(payouts: readonly BankFilePayout[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('payouts');
  sheet.addRow(CSV_COLUMNS);
  for (const payout of payouts) {
    const { payee } = payout;
    sheet.addRow([
      `PO-${payout.id}`, csvText(payout.agentName), csvText(payee.holderName), payee.scheme, payee.bankCountry, payee.account, payee.bic ?? '', payee.routingNumber ?? '', payee.ifsc ?? '',
      payee.accountType ?? '', csvText(payee.bankName ?? ''), minorToDecimal(payout.amountMinor, payout.currency), payout.currency, remittance(payout),
    ]);
  }
  const csv = await workbook.csv.writeBuffer();
  return Buffer.concat([Buffer.from('\uFEFF'), Buffer.from(csv)]);
}

/**
 * SEPA allows Latin letters, digits, space and / - ? : ( ) . , ' +: anything else (accents, Arabic, &) is replaced,
 * names cut to the 70 characters the scheme allows.
 */
function sepaText(value: string, max: number): string {
  const plain = value.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  return plain.replace(/[^A-Za-z0-9 /\-?:().,'+]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, max);
}

/** The creditor's name as SEPA writes it: the holder's, else the agent's when the holder's has no SEPA letter at all. */
function sepaName(holderName: string, agentName: string): string {
  return sepaText(holderName, 70) || sepaText(agentName, 70);
}

/** Whether a payee can be named in a SEPA file (the scheme requires a name): an Arabic-only name and agent cannot. */
export function hasSepaName(holderName: string, agentName: string): boolean {
  return sepaName(holderName, agentName) !== '';
}

export interface SepaDebtor {
  name: string;
  iban: string;
  bic: string;
}

/** A pain.001.001.03 credit transfer of `payouts` (euros, each to an IBAN), executed on `executionDate`. */
export function sepaCreditTransfer(payouts: readonly BankFilePayout[], debtor: SepaDebtor, options: { messageId: string; createdAt: Date; executionDate: string }): string {
  const total = payouts.reduce((sum, payout) => sum + payout.amountMinor, 0);
  const control = minorToDecimal(total, 'EUR');
  const document = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    Document: {
      '@_xmlns': 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.03',
      '@_xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
      CstmrCdtTrfInitn: {
        GrpHdr: {
          MsgId: options.messageId,
          CreDtTm: options.createdAt.toISOString().replace(/\.\d{3}Z$/, ''),
          NbOfTxs: payouts.length,
          CtrlSum: control,
          InitgPty: { Nm: sepaText(debtor.name, 70) },
        },
        PmtInf: {
          PmtInfId: `${options.messageId}-1`,
          PmtMtd: 'TRF',
          BtchBookg: 'true',
          NbOfTxs: payouts.length,
          CtrlSum: control,
          PmtTpInf: { SvcLvl: { Cd: 'SEPA' } },
          ReqdExctnDt: options.executionDate,
          Dbtr: { Nm: sepaText(debtor.name, 70) },
          DbtrAcct: { Id: { IBAN: debtor.iban } },
          DbtrAgt: { FinInstnId: { BIC: debtor.bic } },
          ChrgBr: 'SLEV',
          CdtTrfTxInf: payouts.map((payout) => ({
            PmtId: { EndToEndId: `PO-${payout.id}` },
            Amt: { InstdAmt: { '@_Ccy': 'EUR', '#text': minorToDecimal(payout.amountMinor, 'EUR') } },
            ...(payout.payee.bic ? { CdtrAgt: { FinInstnId: { BIC: payout.payee.bic } } } : {}),
            Cdtr: { Nm: sepaName(payout.payee.holderName, payout.agentName) },
            CdtrAcct: { Id: { IBAN: payout.payee.account } },
            RmtInf: { Ustrd: sepaText(remittance(payout), 140) },
          })),
        },
      },
    },
  };
  return new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, suppressEmptyNode: true }).build(document) as string;
}
