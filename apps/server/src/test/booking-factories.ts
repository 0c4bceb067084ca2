import type pg from 'pg';

/**
 * Inserts the rows a bookings test needs, with defaults for everything it does not care about. Names are
 * looked up or created (facilities by name, services/specialties by name, staff by name), so tests can
 * simply say what they mean: createBooking(pool, {agentId, patient: 'Zainab Khan', facility: 'Marina Heart'}).
 */
export interface BookingFixture {
  referralAgentId: number;
  referredByUserId?: number | null;
  ticketId?: string | null;
  /** ISO instant */
  dateTime?: string;
  /** ISO instant */
  createdAt?: string;
  patient?: string;
  /** an existing client of the agent, instead of `patient` */
  clientId?: number;
  facility?: string;
  /** ISO 3166-1 alpha-2 ('AE'), as facilities.country holds it */
  facilityCountry?: string;
  service?: string;
  /** null: no specialty */
  specialty?: string | null;
  /** null: unassigned; 'First Last' */
  assignee?: string | null;
  status?: 'pending' | 'confirmed' | 'completed' | 'cancelled' | 'no_show';
  invoiceStatus?: 'paid' | 'unpaid';
  amount?: string;
  currency?: string;
}

export interface CreatedBooking {
  id: number;
  clientId: number;
  facilityId: number;
  detailId: number;
}

let sequence = 0;

/** The id of the row `select` finds with the first `selectArity` values, inserted with all of them when missing. */
async function idOf(pool: pg.Pool, select: string, insert: string, values: unknown[], selectArity = values.length): Promise<number> {
  const found = await pool.query<{ id: number }>(select, values.slice(0, selectArity));
  if (found.rows[0]) return found.rows[0].id;
  return (await pool.query<{ id: number }>(insert, values)).rows[0]!.id;
}

/** A facility by name, created billing in `currency` (a booking is in its facility's billing currency). */
export async function ensureFacility(pool: pg.Pool, name: string, country = 'AE', currency = 'AED'): Promise<number> {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const id = await idOf(
    pool,
    'SELECT id FROM facilities WHERE slug = $1',
    `INSERT INTO facilities (slug, name, country, city, currency) VALUES ($1, $2, $3, 'Dubai', $4) RETURNING id`,
    [slug, name, country, currency],
    1,
  );
  await pool.query(
    `INSERT INTO facility_locations (facility_id, name, city, country)
     SELECT $1, 'Main campus', 'Dubai', $2 WHERE NOT EXISTS (SELECT 1 FROM facility_locations WHERE facility_id = $1)`,
    [id, country],
  );
  return id;
}

export async function ensureSpecialty(pool: pg.Pool, name: string): Promise<number> {
  return idOf(pool, 'SELECT id FROM specialties WHERE name = $1', 'INSERT INTO specialties (name) VALUES ($1) RETURNING id', [name]);
}

export async function ensureStaff(pool: pg.Pool, fullName: string): Promise<number> {
  const [first, ...rest] = fullName.split(' ');
  return idOf(
    pool,
    'SELECT id FROM staff WHERE first_name = $1 AND last_name = $2',
    'INSERT INTO staff (first_name, last_name) VALUES ($1, $2) RETURNING id',
    [first, rest.join(' ')],
  );
}

export async function ensureServiceDetail(
  pool: pg.Pool,
  facilityId: number,
  service: string,
  specialty: string | null,
  price: string,
  currency: string,
): Promise<{ detailId: number; specialtyId: number | null }> {
  const specialtyId = specialty === null ? null : await ensureSpecialty(pool, specialty);
  const serviceId = await idOf(
    pool,
    'SELECT id FROM services WHERE name = $1',
    'INSERT INTO services (name, specialty_id) VALUES ($1, $2) RETURNING id',
    [service, specialtyId],
    1,
  );
  const detailId = await idOf(
    pool,
    'SELECT id FROM facility_service_details WHERE facility_id = $1 AND service_id = $2',
    'INSERT INTO facility_service_details (facility_id, service_id, specialty_id, price, currency) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [facilityId, serviceId, specialtyId, price, currency],
    2,
  );
  return { detailId, specialtyId };
}

export async function createClient(pool: pg.Pool, referralAgentId: number, name: string, referredByUserId: number | null = null): Promise<number> {
  const { rows } = await pool.query<{ id: number }>(
    'INSERT INTO clients (referral_agent_id, referred_by_user_id, name) VALUES ($1, $2, $3) RETURNING id',
    [referralAgentId, referredByUserId, name],
  );
  return rows[0]!.id;
}

export async function createBooking(pool: pg.Pool, fixture: BookingFixture): Promise<CreatedBooking> {
  sequence += 1;
  const currency = fixture.currency ?? 'AED';
  const facilityId = await ensureFacility(pool, fixture.facility ?? 'Al Safa Specialist Hospital', fixture.facilityCountry, currency);
  const specialty = fixture.specialty === undefined ? 'Cardiology' : fixture.specialty;
  const amount = fixture.amount ?? '1500.00';
  const { detailId, specialtyId } = await ensureServiceDetail(
    pool,
    facilityId,
    fixture.service ?? 'Cardiac Consultation',
    specialty,
    amount,
    currency,
  );
  const clientId =
    fixture.clientId ??
    (await createClient(pool, fixture.referralAgentId, fixture.patient ?? `Patient ${sequence}`, fixture.referredByUserId ?? null));
  const assigneeId = fixture.assignee === null ? null : await ensureStaff(pool, fixture.assignee ?? 'Amira Haddad');
  const location = await pool.query<{ id: number }>('SELECT id FROM facility_locations WHERE facility_id = $1 ORDER BY id LIMIT 1', [facilityId]);
  const { rows } = await pool.query<{ id: number }>(
    `INSERT INTO bookings (ticket_id, date_time, created_at, client_id, facility_id, facility_location_id, assignee_id,
                           facility_service_detail_id, specialty_id, status, invoice_status, amount, currency,
                           referral_agent_id, referred_by_user_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id`,
    [
      fixture.ticketId === undefined ? String(700_000 + sequence) : fixture.ticketId,
      fixture.dateTime ?? new Date(Date.UTC(2025, 0, 1) + sequence * 3_600_000).toISOString(),
      fixture.createdAt ?? fixture.dateTime ?? new Date(Date.UTC(2024, 11, 1) + sequence * 3_600_000).toISOString(),
      clientId,
      facilityId,
      location.rows[0]?.id ?? null,
      assigneeId,
      detailId,
      specialtyId,
      fixture.status ?? 'completed',
      fixture.invoiceStatus ?? 'paid',
      amount,
      currency,
      fixture.referralAgentId,
      fixture.referredByUserId ?? null,
    ],
  );
  return { id: rows[0]!.id, clientId, facilityId, detailId };
}
