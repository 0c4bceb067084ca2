import { Readable } from 'node:stream';
import type { CreatedPartner } from '../../test/factories.ts';
import { createBooking } from '../../test/booking-factories.ts';
import { ONE_PAGE_PDF } from '../../test/pdf-fixtures.ts';
import type { PartnerAccessFixture, PartnerAccessRequest, PartnerAccessWorld } from '../../test/partner-access.ts';
import { EVIDENCE_KIND } from './service.ts';

/**
 * Records for the role × endpoint matrix (kit/partner-access.test.ts): a period of the member's agent with one item
 * in the state the route acts on, written straight in SQL (the matching has its own tests). Every member of the agent
 * whose role holds reconciliation.use reaches them; another agent gets 404.
 */

let sequence = 0;

type State = 'matched' | 'suggested' | 'partner_only' | 'facility_only' | 'amount_mismatch';

async function periodWithItem(world: PartnerAccessWorld, member: CreatedPartner, state: State, facility = 'Matrix Reconciliation Clinic'): Promise<{ period: number; item: number; facility: number }> {
  sequence += 1;
  const pool = world.context.database.pool;
  const month = new Date(Date.UTC(1990, sequence, 1)).toISOString().slice(0, 10);
  const booking = await createBooking(pool, { referralAgentId: member.referralAgentId, referredByUserId: member.userId, dateTime: `${month.slice(0, 8)}05T10:00:00Z`, facility });
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO reconciliation_periods (referral_agent_id, facility_id, month, currency, status, lock_on) VALUES ($1, $2, $3::date, 'AED', 'in_review', $3::date + 40) RETURNING id`,
    [member.referralAgentId, booking.facilityId, month],
  );
  const period = Number(rows[0]!.id);
  let line: number | null = null;
  if (state !== 'partner_only') {
    const statement = await pool.query<{ id: string }>(
      `INSERT INTO reconciliation_statements (period_id, file, file_sha256, line_count, source, imported_by) VALUES ($1, '{}', repeat('a', 64), 1, 'operator', 'test') RETURNING id`,
      [period],
    );
    const inserted = await pool.query<{ id: string }>(
      `INSERT INTO reconciliation_statement_lines (statement_id, period_id, row_number, facility_ref, treatment_on, service, amount_minor, currency)
       VALUES ($1, $2, 1, 'M-1', $3::date + 4, 'Cardiac Consultation', 150000, 'AED') RETURNING id`,
      [statement.rows[0]!.id, period, month],
    );
    line = Number(inserted.rows[0]!.id);
  }
  const item = await pool.query<{ id: string }>(
    `INSERT INTO reconciliation_items (period_id, referral_agent_id, booking_id, statement_line_id, state) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [period, member.referralAgentId, state === 'facility_only' ? null : booking.id, line, state],
  );
  return { period, item: Number(item.rows[0]!.id), facility: booking.facilityId };
}

const item = (state: State, body?: unknown) => async (world: PartnerAccessWorld, member: CreatedPartner): Promise<PartnerAccessRequest> => ({
  params: { id: (await periodWithItem(world, member, state)).item },
  ...(body === undefined ? {} : { body }),
});

const period = async (world: PartnerAccessWorld, member: CreatedPartner): Promise<PartnerAccessRequest> => ({ params: { id: (await periodWithItem(world, member, 'matched')).period } });

/** A dispute of the member's agent, with one message carrying an evidence file. */
async function dispute(world: PartnerAccessWorld, member: CreatedPartner): Promise<{ id: number; messageId: number }> {
  const { period: periodId, item: itemId } = await periodWithItem(world, member, 'amount_mismatch');
  const pool = world.context.database.pool;
  const file = await world.context.app.storage.save(EVIDENCE_KIND, Readable.from([ONE_PAGE_PDF]), { filename: 'evidence.pdf' });
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO reconciliation_disputes (period_id, referral_agent_id, item_id, reason_code, due_on, opened_by_user_id) VALUES ($1, $2, $3, 'amount_differs', current_date + 14, $4) RETURNING id`,
    [periodId, member.referralAgentId, itemId, member.userId],
  );
  const message = await pool.query<{ id: string }>(
    `INSERT INTO reconciliation_dispute_messages (dispute_id, author_type, author_user_id, body, evidence) VALUES ($1, 'partner', $2, 'The bill differs.', $3) RETURNING id`,
    [rows[0]!.id, member.userId, JSON.stringify(file)],
  );
  return { id: Number(rows[0]!.id), messageId: Number(message.rows[0]!.id) };
}

/** A locked period with its statement files. */
async function lockedPeriod(world: PartnerAccessWorld, member: CreatedPartner): Promise<PartnerAccessRequest> {
  const { period: periodId } = await periodWithItem(world, member, 'matched');
  await world.context.app.reconciliation.lock({ type: 'system', id: 'access-fixture' }, periodId, { requireAgreed: false });
  return { params: { id: periodId, format: 'csv' } };
}

export const accessFixtures: PartnerAccessFixture[] = [
  { route: 'GET /api/reconciliations/periods/:id', visibleTo: 'agent', create: period, served: [200] },
  { route: 'GET /api/reconciliations/periods/:id/finance', visibleTo: 'agent', create: period, served: [200] },
  { route: 'GET /api/reconciliations/periods/:id/statement/:format', visibleTo: 'agent', create: lockedPeriod, served: [200] },
  { route: 'POST /api/reconciliations/periods/:id/accept-matched', visibleTo: 'agent', create: period, served: [200] },
  { route: 'POST /api/reconciliations/periods/:id/agree', visibleTo: 'agent', create: period, served: [200] },
  {
    route: 'GET /api/reconciliations/facilities/:providerId',
    visibleTo: 'agent',
    // a facility of its own: the caller's agent has no period there unless the record is theirs
    create: async (world, member) => ({ params: { providerId: (await periodWithItem(world, member, 'matched', `Matrix Clinic ${sequence + 1}`)).facility } }),
    served: [200],
  },
  { route: 'POST /api/reconciliations/items/:id/accept', visibleTo: 'agent', create: item('suggested'), served: [200] },
  { route: 'POST /api/reconciliations/items/:id/decline', visibleTo: 'agent', create: item('facility_only', { reason: 'not_ours' }), served: [200] },
  { route: 'POST /api/reconciliations/items/:id/claim', visibleTo: 'agent', create: item('partner_only', { note: 'Treated here, see the letter.' }), served: [201] },
  { route: 'POST /api/reconciliations/items/:id/dispute', visibleTo: 'agent', create: item('amount_mismatch', { reason: 'amount_differs', message: 'The quote was lower.' }), served: [201] },
  { route: 'GET /api/reconciliations/items/:id/comments', visibleTo: 'agent', create: item('matched'), served: [200] },
  { route: 'POST /api/reconciliations/items/:id/comments', visibleTo: 'agent', create: item('matched', { body: 'Checked against our records.' }), served: [201] },
  { route: 'GET /api/reconciliations/disputes/:id', visibleTo: 'agent', create: async (world, member) => ({ params: { id: (await dispute(world, member)).id } }), served: [200] },
  {
    route: 'POST /api/reconciliations/disputes/:id/messages',
    visibleTo: 'agent',
    create: async (world, member) => ({ params: { id: (await dispute(world, member)).id }, body: { message: 'Here is the quote.' } }),
    served: [201],
  },
  {
    route: 'GET /api/reconciliations/disputes/:id/evidence/:messageId',
    visibleTo: 'agent',
    create: async (world, member) => {
      const found = await dispute(world, member);
      return { params: { id: found.id, messageId: found.messageId } };
    },
    served: [200],
  },
];
