import { Readable } from 'node:stream';
import type { StatementImportResult } from '@portal/contracts/console-reconciliation';
import { createBooking, ensureFacility } from '../../test/booking-factories.ts';
import { createPartner, type CreatedPartner } from '../../test/factories.ts';
import type { TestContext } from '../../test/test-app.ts';

/** What the reconciliation tests share: a facility, an agent's completed bookings there, a period and its statement. */

export const FACILITY = 'Harbor View Hospital';
export const OPERATOR = { type: 'operator' as const, id: 1, role: 'admin' };

let sequence = 0;

export async function facilityId(context: TestContext, name = FACILITY): Promise<number> {
  return ensureFacility(context.database.pool, name, 'AE', 'AED');
}

export interface BookingSpec {
  ticket?: string | null;
  /** 'YYYY-MM-DD' */
  day: string;
  service?: string;
  amount?: string;
  referredBy?: number | null;
  status?: 'completed' | 'cancelled';
  facility?: string;
  patient?: string;
}

export async function booking(context: TestContext, agent: CreatedPartner, spec: BookingSpec): Promise<number> {
  sequence += 1;
  const created = await createBooking(context.database.pool, {
    referralAgentId: agent.referralAgentId,
    referredByUserId: spec.referredBy === undefined ? agent.userId : spec.referredBy,
    ticketId: spec.ticket === undefined ? `R${900_000 + sequence}` : spec.ticket,
    dateTime: `${spec.day}T10:00:00Z`,
    facility: spec.facility ?? FACILITY,
    service: spec.service ?? 'Cardiac Consultation',
    amount: spec.amount ?? '1500.00',
    currency: 'AED',
    status: spec.status ?? 'completed',
    patient: spec.patient ?? `Patient ${sequence}`,
  });
  return created.id;
}

export async function newAgent(context: TestContext, role: CreatedPartner['role'] = 'owner'): Promise<CreatedPartner> {
  return createPartner(context.database.pool, { role });
}

export async function openPeriod(context: TestContext, agent: CreatedPartner, month = '2026-03', facility = FACILITY): Promise<number> {
  return context.app.reconciliation.openPeriod(OPERATOR, { referral_agent_id: agent.referralAgentId, facility_id: await facilityId(context, facility), month });
}

export interface LineSpec {
  ref: string;
  day: string;
  service?: string;
  amount?: string;
  booking?: string;
  code?: string;
}

export function statementCsv(lines: LineSpec[]): string {
  const rows = lines.map((line) => [line.ref, line.day, line.service ?? 'Cardiac Consultation', line.amount ?? '1500.00', 'AED', line.booking ?? '', line.code ?? ''].join(','));
  return ['Invoice no,Treatment date,Service,Amount,Currency,Booking ref,Referral code', ...rows].join('\n') + '\n';
}

export async function importStatement(context: TestContext, periodId: number, csv: string, confirm = true): Promise<StatementImportResult> {
  return context.app.reconciliation.importStatement(OPERATOR, periodId, Readable.from([Buffer.from(csv)]), { mapping: undefined, confirm, source: 'operator' });
}

export interface ItemState {
  booking: number | null;
  ref: string | null;
  state: string;
  rule: string | null;
}

export async function itemsOf(context: TestContext, periodId: number): Promise<ItemState[]> {
  const { rows } = await context.database.pool.query<ItemState>(
    `SELECT i.booking_id AS booking, l.facility_ref AS ref, i.state, i.rule FROM reconciliation_items i
       LEFT JOIN reconciliation_statement_lines l ON l.id = i.statement_line_id WHERE i.period_id = $1 ORDER BY i.booking_id NULLS LAST, l.row_number`,
    [periodId],
  );
  return rows;
}

const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
let codes = 0;

/** Gives the member a fresh referral code (the portal's alphabet) and answers it. */
export async function giveReferralCode(context: TestContext, userId: number): Promise<string> {
  codes += 1;
  let n = codes + 7_919 * process.pid;
  let code = '';
  for (let index = 0; index < 8; index += 1) {
    code += CODE_ALPHABET[n % CODE_ALPHABET.length];
    n = Math.floor(n / CODE_ALPHABET.length);
  }
  await context.database.pool.query('INSERT INTO referral_codes (code, user_id) VALUES ($1, $2)', [code, userId]);
  return code;
}
