import type { BookingStatus, InvoiceStatus } from '@portal/contracts/bookings';
import type { Queryable } from '../../db/queryable.ts';
import { REFERRING_ROLES } from './console-repository.ts';

/**
 * The SQL of a booking's lifecycle writes (operations-service.ts): each runs on the transaction's client the write is
 * given; the booking is locked FOR UPDATE before it changes.
 */

export interface LockedBooking {
  id: number;
  ticket_id: string | null;
  status: BookingStatus;
  invoice_status: InvoiceStatus;
  amount: string;
  currency: string;
  /** the appointment: a booking is completed only once it has passed */
  date_time: Date;
  facility_id: number;
  assignee_id: number | null;
  referral_agent_id: number;
  referred_by_user_id: number | null;
}

/** A booking by its row id or its ticket number (without the 'MT-' prefix), locked. */
export async function lockBookingRow(db: Queryable, by: { column: 'id'; value: number } | { column: 'ticket_id'; value: string }): Promise<LockedBooking | undefined> {
  const { rows } = await db.query<LockedBooking>(
    `SELECT id, ticket_id, status, invoice_status, amount::text AS amount, currency, date_time, facility_id, assignee_id, referral_agent_id, referred_by_user_id
       FROM bookings WHERE ${by.column} = $1 FOR UPDATE`,
    [by.value],
  );
  return rows[0];
}

export async function insertStatusStep(
  db: Queryable,
  step: { bookingId: number; from: BookingStatus | null; to: BookingStatus; actorType: string; actorId: string | null; reason: string | null },
): Promise<void> {
  await db.query('INSERT INTO booking_status_history (booking_id, from_status, to_status, actor_type, actor_id, reason) VALUES ($1, $2, $3, $4, $5, $6)', [
    step.bookingId,
    step.from,
    step.to,
    step.actorType,
    step.actorId,
    step.reason,
  ]);
}

export async function findBookingStatus(db: Queryable, bookingId: number): Promise<string | undefined> {
  const { rows } = await db.query<{ status: string }>('SELECT status FROM bookings WHERE id = $1', [bookingId]);
  return rows[0]?.status;
}

export async function setBookingStatus(db: Queryable, bookingId: number, status: BookingStatus): Promise<void> {
  await db.query('UPDATE bookings SET status = $2 WHERE id = $1', [bookingId, status]);
}

export async function setInvoiceStatus(db: Queryable, bookingId: number, status: InvoiceStatus): Promise<void> {
  await db.query('UPDATE bookings SET invoice_status = $2 WHERE id = $1', [bookingId, status]);
}

/** Sets the amount and currency; answers the amount as stored (its scale), undefined when no booking was updated. */
export async function setBookingAmount(db: Queryable, bookingId: number, amount: string, currency: string): Promise<string | undefined> {
  const { rows } = await db.query<{ amount: string }>('UPDATE bookings SET amount = $2, currency = $3 WHERE id = $1 RETURNING amount::text AS amount', [bookingId, amount, currency]);
  return rows[0]?.amount;
}

export async function setAssignee(db: Queryable, bookingId: number, assigneeId: number | null): Promise<void> {
  await db.query('UPDATE bookings SET assignee_id = $2 WHERE id = $1', [bookingId, assigneeId]);
}

/** The facility's billing currency, undefined when there is no such facility. */
export async function facilityCurrency(db: Queryable, facilityId: number): Promise<string | undefined> {
  const { rows } = await db.query<{ currency: string }>('SELECT currency FROM facilities WHERE id = $1', [facilityId]);
  return rows[0]?.currency;
}

export async function facilityName(db: Queryable, facilityId: number): Promise<string | undefined> {
  const { rows } = await db.query<{ name: string }>('SELECT name FROM facilities WHERE id = $1', [facilityId]);
  return rows[0]?.name;
}

/** The location `locationId` of the facility, or its first location when none is named; undefined when there is none. */
export async function facilityLocationId(db: Queryable, facilityId: number, locationId: number | null | undefined): Promise<number | undefined> {
  const { rows } = await db.query<{ id: number }>(
    locationId ? 'SELECT id FROM facility_locations WHERE id = $2 AND facility_id = $1' : 'SELECT id FROM facility_locations WHERE facility_id = $1 ORDER BY id LIMIT 1',
    locationId ? [facilityId, locationId] : [facilityId],
  );
  return rows[0]?.id;
}

/** A service of the facility (facility_service_details), with its price. */
export async function facilityService(db: Queryable, serviceId: number, facilityId: number): Promise<{ price: string; currency: string; specialty_id: number | null } | undefined> {
  const { rows } = await db.query<{ price: string; currency: string; specialty_id: number | null }>(
    'SELECT price::text AS price, currency, specialty_id FROM facility_service_details WHERE id = $1 AND facility_id = $2',
    [serviceId, facilityId],
  );
  return rows[0];
}

/** A staff member's full name, undefined when there is none of that id. */
export async function staffName(db: Queryable, staffId: number): Promise<string | undefined> {
  const { rows } = await db.query<{ name: string }>("SELECT first_name || ' ' || last_name AS name FROM staff WHERE id = $1", [staffId]);
  return rows[0]?.name;
}

export async function staffExists(db: Queryable, staffId: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM staff WHERE id = $1', [staffId]);
  return rows.length > 0;
}

export async function agentExists(db: Queryable, referralAgentId: number): Promise<boolean> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM referral_agents WHERE id = $1', [referralAgentId]);
  return rows.length > 0;
}

/** Whether the user is an approved member of the agent whose role reads referrals (REFERRING_ROLES). */
export async function isReferringMember(db: Queryable, userId: number, referralAgentId: number): Promise<boolean> {
  const { rows } = await db.query(
    "SELECT 1 FROM users u JOIN partner_profiles p ON p.user_id = u.id WHERE u.id = $1 AND p.referral_agent_id = $2 AND u.status = 'approved' AND p.role = ANY($3::text[])",
    [userId, referralAgentId, REFERRING_ROLES],
  );
  return rows.length > 0;
}

/** The agent's first approved owner, or null. */
export async function agentOwnerId(db: Queryable, referralAgentId: number): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT u.id FROM users u JOIN partner_profiles p ON p.user_id = u.id
      WHERE p.referral_agent_id = $1 AND u.status = 'approved' AND p.role = 'owner' ORDER BY u.id LIMIT 1`,
    [referralAgentId],
  );
  return rows[0]?.id ?? null;
}

/** The name of a patient of the agent, undefined when the patient is another agent's or none. */
export async function agentClientName(db: Queryable, clientId: number, referralAgentId: number): Promise<string | undefined> {
  const { rows } = await db.query<{ name: string }>('SELECT name FROM clients WHERE id = $1 AND referral_agent_id = $2', [clientId, referralAgentId]);
  return rows[0]?.name;
}

export async function insertClient(
  db: Queryable,
  client: { referralAgentId: number; referredByUserId: number | null; name: string; email: string | null; phone: string | null },
): Promise<number> {
  const { rows } = await db.query<{ id: number }>('INSERT INTO clients (referral_agent_id, referred_by_user_id, name, email, phone) VALUES ($1, $2, $3, $4, $5) RETURNING id', [
    client.referralAgentId,
    client.referredByUserId,
    client.name,
    client.email,
    client.phone,
  ]);
  return rows[0]!.id;
}

export interface BookingRow {
  ticketId: string;
  dateTime: string;
  clientId: number;
  facilityId: number;
  locationId: number | null;
  serviceId: number;
  specialtyId: number | null;
  assigneeId: number | null;
  status: BookingStatus;
  amount: string;
  currency: string;
  referralAgentId: number;
  referredByUserId: number | null;
}

/** Inserts a booking; undefined when its ticket number is taken. */
export async function insertBooking(db: Queryable, booking: BookingRow): Promise<{ id: number; ticket_id: string } | undefined> {
  const { rows } = await db.query<{ id: number; ticket_id: string }>(
    `INSERT INTO bookings (ticket_id, date_time, client_id, facility_id, facility_location_id, facility_service_detail_id,
                           specialty_id, assignee_id, status, amount, currency, referral_agent_id, referred_by_user_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
     ON CONFLICT (ticket_id) DO NOTHING RETURNING id, ticket_id`,
    [
      booking.ticketId,
      booking.dateTime,
      booking.clientId,
      booking.facilityId,
      booking.locationId,
      booking.serviceId,
      booking.specialtyId,
      booking.assigneeId,
      booking.status,
      booking.amount,
      booking.currency,
      booking.referralAgentId,
      booking.referredByUserId,
    ],
  );
  return rows[0];
}
