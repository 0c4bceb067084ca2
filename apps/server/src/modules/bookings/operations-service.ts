import { randomInt } from 'node:crypto';
import type pg from 'pg';
import { canTransition, isFinalBookingStatus, isReachedByRefund, mayCompleteBy, BOOKING_INITIAL_STATUS } from '@portal/contracts/booking-lifecycle';
import type { BookingStatus, InvoiceStatus } from '@portal/contracts/bookings';
import { decimalToMinor } from '@portal/contracts/money';
import { inTransaction, type Queryable } from '../../db/queryable.ts';
import { recordAudit, type AuditActor } from '../../lib/audit/audit-log.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import {
  notifyBookingCreated,
  notifyBookingStatusChanged,
  type BookingCreatedInput,
  type BookingStatusChangedInput,
  type Notifier,
} from '../notifications/public.ts';
import { BOOKING_CONSOLE_MESSAGES as MESSAGES } from './console-messages.ts';
import {
  agentClientName,
  agentExists,
  agentOwnerId,
  facilityCurrency,
  facilityLocationId,
  facilityName,
  facilityService,
  findBookingStatus,
  insertBooking,
  insertClient,
  insertStatusStep,
  isReferringMember,
  lockBookingRow,
  setAssignee,
  setBookingAmount,
  setBookingStatus,
  setInvoiceStatus,
  staffExists,
  staffName,
  type LockedBooking,
} from './operations-repository.ts';
import type { AfterCommit, BookingWriteChange, BookingWriteListener } from './public.ts';

/**
 * Every write to a booking's lifecycle, for the console (console-routes.ts) and the admin command's simulate-booking
 * and simulate-booking-status (cli/notify-commands.ts): one set of rules, whoever acts.
 *
 * Each write runs on the transaction's client it is given: it locks the booking, checks the change against the
 * lifecycle (packages/contracts/src/booking-lifecycle.ts) and the value the caller expects to replace, writes it,
 * its status-history row (booking_status_history, what the earnings ledger reads) and exactly one audit row, and
 * answers the domain events the change raises. The caller fires those after the commit (`publishBookingEvents`), so
 * no partner is told of a change that then rolls back; `createBookingOperations` does both for a pool.
 *
 * Answers: 404 no such booking; 409 the booking changed since the caller read it (expected_* differs); 422 a change
 * the lifecycle never allows from the current state (a final status, a skipped step, the same status), or a choice
 * that does not belong together (a patient of another agent); 403 an amount other than the price without
 * bookings.finance.
 */

export type BookingDomainEvent = ({ kind: 'created' } & BookingCreatedInput) | ({ kind: 'status_changed' } & BookingStatusChangedInput);

export interface BookingWrite {
  bookingId: number;
  /** What partners are told once the transaction has committed. */
  events: BookingDomainEvent[];
  /** The amount it changed, for the listeners (the ledger adjusts a completed booking's commission). */
  amountChange?: BookingWriteChange['amountChange'];
}

/** A booking by its row id (the console) or its ticket number (the CLI; with or without the 'MT-' prefix). */
export type BookingTarget = { id: number } | { ticketId: string };

async function lockBooking(db: Queryable, target: BookingTarget): Promise<LockedBooking> {
  const booking = await lockBookingRow(db, 'id' in target ? { column: 'id', value: target.id } : { column: 'ticket_id', value: target.ticketId.trim().replace(/^MT-/i, '') });
  if (!booking) throw new NotFoundError();
  return booking;
}

function ticketOf(booking: { id: number; ticket_id: string | null }): string {
  return booking.ticket_id ?? String(booking.id);
}

async function recordStatusStep(db: Queryable, actor: AuditActor, bookingId: number, from: BookingStatus | null, to: BookingStatus, reason: string | null) {
  await insertStatusStep(db, { bookingId, from, to, actorType: actor.type, actorId: actor.id === undefined || actor.id === null ? null : String(actor.id), reason });
}

export interface StatusChange {
  to: BookingStatus;
  /** The status the caller saw; a different current one is a 409. The CLI, which saw none, leaves it out. */
  expected?: BookingStatus | undefined;
  reason?: string | null | undefined;
  /** The ledger's full refund: the only way to `refunded` (booking-lifecycle.ts). */
  byRefund?: boolean | undefined;
}

/** Moves a booking along its lifecycle. */
export async function changeBookingStatus(db: Queryable, actor: AuditActor, target: BookingTarget, change: StatusChange): Promise<BookingWrite> {
  const booking = await lockBooking(db, target);
  if (change.expected !== undefined && change.expected !== booking.status) throw new ConflictError(MESSAGES.statusChanged);
  if (booking.status === change.to) throw ValidationError.field('status', MESSAGES.alreadyInStatus);
  if (isFinalBookingStatus(booking.status)) throw ValidationError.field('status', MESSAGES.finalStatus);
  if (!canTransition(booking.status, change.to)) throw ValidationError.field('status', MESSAGES.illegalTransition);
  if (isReachedByRefund(change.to) && !change.byRefund) throw ValidationError.field('status', MESSAGES.refundedByRefund);
  // No commission before the treatment (issue 31): the ledger earns a line on the appointment's day.
  if (change.to === 'completed' && !mayCompleteBy(booking.date_time)) throw ValidationError.field('status', MESSAGES.completedBeforeAppointment);
  const reason = change.reason?.trim() || null;
  await setBookingStatus(db, booking.id, change.to);
  await recordStatusStep(db, actor, booking.id, booking.status, change.to, reason);
  await recordAudit(db, actor, {
    action: 'booking.status_changed',
    target: { type: 'booking', id: booking.id },
    before: { status: booking.status },
    after: { status: change.to, ticket_id: booking.ticket_id },
    reason,
  });
  return {
    bookingId: booking.id,
    events: [{ kind: 'status_changed', referralAgentId: booking.referral_agent_id, referredByUserId: booking.referred_by_user_id, ticketId: ticketOf(booking), field: 'status', from: booking.status, to: change.to }],
  };
}

/** Marks the invoice paid or unpaid (bookings.finance). */
export async function changeInvoiceStatus(
  db: Queryable,
  actor: AuditActor,
  target: BookingTarget,
  change: { to: InvoiceStatus; expected?: InvoiceStatus | undefined },
): Promise<BookingWrite> {
  const booking = await lockBooking(db, target);
  if (change.expected !== undefined && change.expected !== booking.invoice_status) throw new ConflictError(MESSAGES.invoiceChanged);
  if (booking.invoice_status === change.to) throw ValidationError.field('invoice_status', MESSAGES.alreadyInvoiceStatus);
  await setInvoiceStatus(db, booking.id, change.to);
  await recordAudit(db, actor, {
    action: 'booking.invoice_status_changed',
    target: { type: 'booking', id: booking.id },
    before: { invoice_status: booking.invoice_status },
    after: { invoice_status: change.to, ticket_id: booking.ticket_id },
  });
  return {
    bookingId: booking.id,
    events: [
      { kind: 'status_changed', referralAgentId: booking.referral_agent_id, referredByUserId: booking.referred_by_user_id, ticketId: ticketOf(booking), field: 'invoice_status', from: booking.invoice_status, to: change.to },
    ],
  };
}

/**
 * Sets the amount and its currency (bookings.finance). Partners are not told of the amount itself: no domain event
 * says so yet. A completed booking's amount changes only with a reason and in its currency, and the write names the
 * change to the listeners: the ledger writes the commission's adjustment in the same transaction (issue 31). A
 * refunded booking's amount never changes.
 */
export async function changeBookingAmount(
  db: Queryable,
  actor: AuditActor,
  target: BookingTarget,
  change: { amount: string; currency: string; expected?: string | undefined; reason?: string | null | undefined },
): Promise<BookingWrite> {
  const booking = await lockBooking(db, target);
  // The amount the operator saw, as typed ('1500' for '1500.00'): compared as money, not as text.
  if (change.expected !== undefined && decimalToMinor(change.expected, booking.currency) !== decimalToMinor(booking.amount, booking.currency)) {
    throw new ConflictError(MESSAGES.amountChanged);
  }
  const reason = change.reason?.trim() || null;
  if (booking.status === 'refunded') throw ValidationError.field('amount', MESSAGES.refundedAmountFinal);
  if (booking.status === 'completed') {
    if (change.currency !== booking.currency) throw ValidationError.field('currency', MESSAGES.completedCurrencyFinal);
    if (!reason) throw ValidationError.field('reason', MESSAGES.completedAmountNeedsReason);
  }
  await requireBillingCurrency(db, booking.facility_id, change.currency);
  const stored = await setBookingAmount(db, booking.id, change.amount, change.currency);
  await recordAudit(db, actor, {
    action: 'booking.amount_changed',
    target: { type: 'booking', id: booking.id },
    before: { amount: booking.amount, currency: booking.currency },
    after: { amount: stored ?? change.amount, currency: change.currency, ticket_id: booking.ticket_id },
    reason,
  });
  const amountChange = { from: booking.amount, to: stored ?? change.amount, currency: change.currency, reason, actor };
  return { bookingId: booking.id, events: [], amountChange };
}

/**
 * A booking is in its facility's billing currency (docs/earnings.md): no conversion is recorded on a booking, so an
 * amount in another currency could not be priced. 422 on `currency`.
 */
async function requireBillingCurrency(db: Queryable, facilityId: number, currency: string): Promise<void> {
  const billing = await facilityCurrency(db, facilityId);
  if (billing !== undefined && billing !== currency) throw ValidationError.field('currency', MESSAGES.currencyNotBilling({ currency: billing }));
}

/** Assigns the booking to a staff member, or to nobody (null). */
export async function changeBookingAssignee(db: Queryable, actor: AuditActor, target: BookingTarget, assigneeId: number | null): Promise<BookingWrite> {
  const booking = await lockBooking(db, target);
  let assigneeName: string | null = null;
  if (assigneeId !== null) {
    const name = await staffName(db, assigneeId);
    if (name === undefined) throw ValidationError.field('assignee_id', MESSAGES.unknownAssignee);
    assigneeName = name;
  }
  if (booking.assignee_id === assigneeId) return { bookingId: booking.id, events: [] };
  await setAssignee(db, booking.id, assigneeId);
  await recordAudit(db, actor, {
    action: 'booking.assignee_changed',
    target: { type: 'booking', id: booking.id },
    before: { assignee_id: booking.assignee_id },
    after: { assignee_id: assigneeId, assignee: assigneeName, ticket_id: booking.ticket_id },
  });
  return { bookingId: booking.id, events: [] };
}

export interface NewBooking {
  referralAgentId: number;
  /** an existing patient of the agent, or `newPatient` */
  clientId?: number | null | undefined;
  newPatient?: { name: string; email?: string | null | undefined; phone?: string | null | undefined } | null | undefined;
  referredByUserId?: number | null | undefined;
  facilityId: number;
  /** null: the facility's first location */
  locationId?: number | null | undefined;
  /** facility_service_details.id */
  serviceId: number;
  /** ISO 8601 */
  dateTime: string;
  /** default: the service's price and currency */
  amount?: string | null | undefined;
  currency?: string | null | undefined;
  /** default: a new nine-digit number */
  ticketId?: string | null | undefined;
  assigneeId?: number | null | undefined;
}

/**
 * Creates a pending booking. `mayPrice`: whether the actor may set an amount other than the service's price (an
 * operator with bookings.finance, the CLI); without it such an amount is a 403.
 */
export async function createBooking(db: Queryable, actor: AuditActor, input: NewBooking, options: { mayPrice: boolean }): Promise<BookingWrite> {
  if (!(await agentExists(db, input.referralAgentId))) throw ValidationError.field('referral_agent_id', MESSAGES.unknownAgent);

  // Issue 17: every booking records the member who referred it: one of the agent's active members who read referrals
  // (not finance), the agent's owner when none is named (none at all only for an agent without an active owner).
  let referredByUserId: number | null = input.referredByUserId ?? null;
  if (referredByUserId) {
    if (!(await isReferringMember(db, referredByUserId, input.referralAgentId))) throw ValidationError.field('referred_by_user_id', MESSAGES.partnerNotOfAgent);
  } else {
    referredByUserId = await agentOwnerId(db, input.referralAgentId);
  }

  const facility = await facilityName(db, input.facilityId);
  if (facility === undefined) throw ValidationError.field('facility_id', MESSAGES.unknownFacility);
  const locationId = await facilityLocationId(db, input.facilityId, input.locationId);
  if (input.locationId && locationId === undefined) throw ValidationError.field('facility_location_id', MESSAGES.locationNotOfFacility);
  const service = await facilityService(db, input.serviceId, input.facilityId);
  if (!service) throw ValidationError.field('service_id', MESSAGES.serviceNotOfFacility);

  const amount = input.amount ?? service.price;
  const currency = input.currency ?? service.currency;
  await requireBillingCurrency(db, input.facilityId, currency);
  if (!options.mayPrice && (amount !== service.price || currency !== service.currency)) {
    throw new ForbiddenError(MESSAGES.amountNeedsFinance, 'amount_needs_finance', { code: 'amount_needs_finance' });
  }
  if (input.assigneeId) {
    if (!(await staffExists(db, input.assigneeId))) throw ValidationError.field('assignee_id', MESSAGES.unknownAssignee);
  }

  let clientId = input.clientId ?? null;
  let patientName: string;
  if (clientId) {
    const name = await agentClientName(db, clientId, input.referralAgentId);
    if (name === undefined) throw ValidationError.field('client_id', MESSAGES.patientNotOfAgent);
    patientName = name;
  } else {
    const patient = input.newPatient!;
    clientId = await insertClient(db, { referralAgentId: input.referralAgentId, referredByUserId, name: patient.name, email: patient.email ?? null, phone: patient.phone ?? null });
    patientName = patient.name;
  }

  const insert = (ticketId: string) =>
    insertBooking(db, {
      ticketId,
      dateTime: input.dateTime,
      clientId,
      facilityId: input.facilityId,
      locationId: locationId ?? null,
      serviceId: input.serviceId,
      specialtyId: service.specialty_id,
      assigneeId: input.assigneeId ?? null,
      status: BOOKING_INITIAL_STATUS,
      amount,
      currency,
      referralAgentId: input.referralAgentId,
      referredByUserId,
    });
  let created: { id: number; ticket_id: string } | undefined;
  if (input.ticketId) {
    created = await insert(input.ticketId.replace(/^MT-/i, ''));
    if (!created) throw ValidationError.field('ticket_id', MESSAGES.ticketTaken);
  } else {
    for (let attempt = 0; attempt < 5 && !created; attempt += 1) created = await insert(String(100_000_000 + randomInt(900_000_000)));
    if (!created) throw new ConflictError(MESSAGES.ticketTaken);
  }

  await recordStatusStep(db, actor, created.id, null, BOOKING_INITIAL_STATUS, null);
  await recordAudit(db, actor, {
    action: 'booking.created',
    target: { type: 'booking', id: created.id },
    after: {
      ticket_id: created.ticket_id,
      referral_agent_id: input.referralAgentId,
      client_id: clientId,
      patient: patientName,
      facility,
      service_id: input.serviceId,
      appointment_at: input.dateTime,
      amount,
      currency,
      assignee_id: input.assigneeId ?? null,
    },
  });
  return {
    bookingId: created.id,
    events: [
      {
        kind: 'created',
        referralAgentId: input.referralAgentId,
        referredByUserId,
        ticketId: created.ticket_id,
        patientName,
        facilityName: facility,
        appointmentAt: input.dateTime,
      },
    ],
  };
}

/** Tells partners what `events` say: every approved partner of the booking's agent, each in their language. */
export async function publishBookingEvents(notifier: Notifier, events: readonly BookingDomainEvent[]): Promise<number> {
  let sent = 0;
  for (const event of events) {
    if (event.kind === 'created') {
      const { kind: _kind, ...input } = event;
      sent += (await notifyBookingCreated(notifier, input)).length;
    } else {
      const { kind: _kind, ...input } = event;
      sent += (await notifyBookingStatusChanged(notifier, input)).length;
    }
  }
  return sent;
}

export interface BookingOperationsOptions {
  pool: pg.Pool;
  notifier: Notifier;
  /** A notification that could not be stored after the commit: the change stands; this logs it. */
  onPublishError(error: unknown, events: readonly BookingDomainEvent[]): void;
  /** What other modules run in the write's transaction (public.ts, `app.bookingLifecycle.onWrite`). */
  listeners?: readonly BookingWriteListener[];
}

/**
 * The console's way in: `run` makes one write in its own transaction, then fires its events after the commit.
 * Answers the booking's id.
 */
export function createBookingOperations(options: BookingOperationsOptions) {
  return {
    async run(write: (client: Queryable) => Promise<BookingWrite>): Promise<number> {
      const afterCommit: AfterCommit[] = [];
      const done = await inTransaction(options.pool, async (client) => {
        const written = await write(client);
        if (options.listeners?.length) {
          const status = (await findBookingStatus(client, written.bookingId))!;
          for (const listener of options.listeners) {
            const then = await listener(client, { bookingId: written.bookingId, status, amountChange: written.amountChange });
            if (then) afterCommit.push(then);
          }
        }
        return written;
      });
      if (done.events.length > 0) {
        try {
          await publishBookingEvents(options.notifier, done.events);
        } catch (error) {
          options.onPublishError(error, done.events);
        }
      }
      for (const then of afterCommit) {
        try {
          await then();
        } catch (error) {
          options.onPublishError(error, done.events);
        }
      }
      return done.bookingId;
    },
  };
}
