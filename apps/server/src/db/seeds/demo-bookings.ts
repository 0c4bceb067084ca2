import type pg from 'pg';
import {
  createRandom,
  ensureBookingCatalog,
  PATIENT_FIRST_NAMES,
  PATIENT_LAST_NAMES,
  seedFromText,
  type Catalog,
  type CatalogDetail,
} from './booking-catalog.ts';
import { DEMO_EMAILS } from './demo-identities.ts';

/**
 * The demo partners' booking history: about three years of referrals (and two months of upcoming
 * appointments) at some fifty facilities in ten countries. The main demo partner's agent gets about 3,000
 * bookings, the second partner's 800 and the affiliate's 200, each agent with its own patients.
 *
 * Deterministic: names, facilities, services, amounts, statuses and ticket numbers come from a seeded PRNG,
 * so every fresh start shows the same data. Dates are laid out backwards from the day of seeding, so the
 * demo always has recent activity (a screenshot taken on another day shows the same rows, shifted in time).
 */
export const DEMO_BOOKING_PLAN = [
  {
    email: DEMO_EMAILS.partner,
    bookings: 3_000,
    seed: 'harbor',
    homeCountries: ['AE', 'IN', 'TH', 'TR'],
    // Issue 17: Harbor Health Partners' patients are spread over the members who refer (never finance). Each patient
    // is one member's, so are all of their bookings: the two field agents refer most, the owner and the manager
    // fewer, the newest agent (who has yet to set a password) a handful.
    referrers: [
      { email: DEMO_EMAILS.agent, weight: 32 },
      { email: DEMO_EMAILS.secondAgent, weight: 26 },
      { email: DEMO_EMAILS.partner, weight: 20 },
      { email: DEMO_EMAILS.twoFactor, weight: 15 },
      { email: DEMO_EMAILS.mustChangePassword, weight: 7 },
    ],
  },
  { email: DEMO_EMAILS.second, bookings: 800, seed: 'northwind', homeCountries: ['GB', 'DE', 'ES'], referrers: [] },
  { email: DEMO_EMAILS.affiliate, bookings: 200, seed: 'brightpath', homeCountries: ['SG', 'MY', 'KR'], referrers: [] },
] as const satisfies readonly { email: string; bookings: number; seed: string; homeCountries: readonly string[]; referrers: readonly { email: string; weight: number }[] }[];

const FIRST_TICKET = 100_231;
const DAY_MS = 86_400_000;

interface PlannedBooking {
  ticketId: string | null;
  dateTime: Date;
  createdAt: Date;
  patient: number;
  detail: CatalogDetail;
  locationId: number | null;
  assigneeId: number | null;
  status: string;
  invoiceStatus: string;
  amount: string;
}

export async function seedDemoBookings(pool: pg.Pool): Promise<{ agentId: number; bookings: number }[]> {
  const client = await pool.connect();
  try {
    const agents = (
      await client.query<{ email: string; user_id: number; referral_agent_id: number; has_bookings: boolean }>(
        `SELECT lower(u.email) AS email, u.id AS user_id, p.referral_agent_id,
                EXISTS (SELECT 1 FROM bookings b WHERE b.referral_agent_id = p.referral_agent_id) AS has_bookings
           FROM users u JOIN partner_profiles p ON p.user_id = u.id
          WHERE lower(u.email) = ANY($1::text[])`,
        [DEMO_BOOKING_PLAN.map((plan) => plan.email)],
      )
    ).rows;
    const catalog = await ensureBookingCatalog(client);
    const facilityCountry = new Map(
      (await client.query<{ id: number; country: string }>('SELECT id, country FROM facilities')).rows.map((row) => [row.id, row.country]),
    );
    const today = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS);
    let nextTicket = FIRST_TICKET;
    const seeded: { agentId: number; bookings: number }[] = [];
    await client.query('BEGIN');
    for (const plan of DEMO_BOOKING_PLAN) {
      const agent = agents.find((row) => row.email === plan.email);
      if (!agent || agent.has_bookings) continue;
      const random = createRandom(seedFromText(plan.seed));
      const bookings = planBookings(random, plan, catalog, facilityCountry, today);
      // Ticket numbers follow the order the operator received the bookings in.
      bookings.sort((left, right) => left.createdAt.getTime() - right.createdAt.getTime());
      for (const booking of bookings) {
        if (booking.ticketId !== null) booking.ticketId = String(nextTicket++);
      }
      const patientCount = Math.round(plan.bookings * 0.55);
      const referrers = await patientReferrers(client, plan, agent, patientCount);
      const patientIds = await insertPatients(client, random, plan.seed, agent, bookings, patientCount, referrers);
      await insertBookings(client, agent, bookings, patientIds, referrers);
      seeded.push({ agentId: agent.referral_agent_id, bookings: bookings.length });
    }
    await client.query('COMMIT');
    return seeded;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

function weightedPick<T>(random: () => number, items: readonly T[], weights: readonly number[]): T {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let point = random() * total;
  for (let index = 0; index < items.length; index += 1) {
    point -= weights[index]!;
    if (point < 0) return items[index]!;
  }
  return items[items.length - 1]!;
}

/**
 * Who referred each patient (and so each of their bookings): a weighted pick among the plan's referrers who are
 * members of the agent, from a PRNG of its own (the rest of the plan stays as it was); the agent's partner when
 * the plan names none.
 */
async function patientReferrers(
  client: pg.PoolClient,
  plan: (typeof DEMO_BOOKING_PLAN)[number],
  agent: { user_id: number; referral_agent_id: number },
  count: number,
): Promise<number[]> {
  const members = (
    await client.query<{ email: string; id: number }>(
      `SELECT lower(u.email) AS email, u.id FROM users u JOIN partner_profiles p ON p.user_id = u.id
        WHERE lower(u.email) = ANY($1::text[]) AND p.referral_agent_id = $2`,
      [plan.referrers.map((referrer) => referrer.email), agent.referral_agent_id],
    )
  ).rows;
  const present = plan.referrers.flatMap((referrer) => {
    const member = members.find((row) => row.email === referrer.email);
    return member ? [{ id: member.id, weight: referrer.weight }] : [];
  });
  if (present.length === 0) return new Array<number>(count).fill(agent.user_id);
  const random = createRandom(seedFromText(`${plan.seed}:referrers`));
  return Array.from({ length: count }, () => weightedPick(random, present, present.map((referrer) => referrer.weight)).id);
}

function planBookings(
  random: () => number,
  plan: (typeof DEMO_BOOKING_PLAN)[number],
  catalog: Catalog,
  facilityCountry: Map<number, string>,
  today: Date,
): PlannedBooking[] {
  // Each agent refers mostly to facilities in "its" countries, a few favourites most of all.
  const home = new Set<string>(plan.homeCountries);
  const facilityWeights = catalog.facilityIds.map((id) => {
    const base = home.has(facilityCountry.get(id) ?? '') ? 4 : 0.6;
    return base * (0.2 + random() * random() * 3);
  });
  const detailsByFacility = new Map<number, CatalogDetail[]>();
  for (const detail of catalog.details) {
    const list = detailsByFacility.get(detail.facilityId) ?? [];
    list.push(detail);
    detailsByFacility.set(detail.facilityId, list);
  }
  const staffWeights = catalog.staffIds.map(() => 0.3 + random() * 2);
  const start = today.getTime() - 3 * 365 * DAY_MS;
  const end = today.getTime() + 60 * DAY_MS;
  // The plan is a function of the day, never of the moment: two seeds minutes apart give the same bookings, the same
  // ticket numbers and statuses (bookings-seeds.test.ts), even across a quarter hour.
  const dayStart = today.getTime();
  const patients = Math.round(plan.bookings * 0.55);
  const bookings: PlannedBooking[] = [];
  for (let index = 0; index < plan.bookings; index += 1) {
    const facilityId = weightedPick(random, catalog.facilityIds, facilityWeights);
    const details = detailsByFacility.get(facilityId) ?? catalog.details;
    const detail = weightedPick(random, details, details.map((item) => item.weight));
    // A growing partner: more referrals lately (density rises towards today).
    const day = Math.floor(start / DAY_MS + Math.sqrt(random()) * ((end - start) / DAY_MS));
    // Clinic hours 08:00–17:45 in the Gulf (UTC+4), on the quarter hour.
    const minutes = 8 * 60 + Math.floor(random() * 40) * 15 - 4 * 60;
    const dateTime = new Date(day * DAY_MS + minutes * 60_000);
    const leadHours = 6 + Math.floor(random() * 45 * 24);
    // Booked `leadHours` ahead; one that would be booked today or later was booked in the three weeks before today
    // (spread by the same draw, so the dashboard's days look ordinary, not every far-off appointment booked at once).
    const bookedAt = dateTime.getTime() - leadHours * 3_600_000;
    const createdAt = new Date(bookedAt < dayStart ? bookedAt : dayStart - (1 + (leadHours % (21 * 24))) * 3_600_000);
    // Today's appointments are still to come: the day is not over.
    const upcoming = dateTime.getTime() >= dayStart;
    const roll = random();
    // Treatments of the last three days the facility has not reported yet: confirmed, waiting to be completed (a
    // booking is completed only after its appointment, issue 31).
    const awaitingCompletion = !upcoming && dateTime.getTime() >= dayStart - 3 * DAY_MS && roll < 0.5;
    const status = upcoming
      ? roll < 0.6 ? 'confirmed' : 'pending'
      : awaitingCompletion ? 'confirmed' : roll < 0.76 ? 'completed' : roll < 0.9 ? 'cancelled' : 'no_show';
    const invoiceRoll = random();
    // A facility pays its invoice within about two months: older completed treatments are paid, recent ones mostly.
    const invoiceStatus =
      (status === 'completed' && (invoiceRoll < 0.86 || dateTime.getTime() < dayStart - 60 * DAY_MS)) || ((status === 'confirmed' || status === 'pending') && invoiceRoll < 0.2)
        ? 'paid'
        : 'unpaid';
    // Most bookings are at list price; some carry a package discount.
    const discounted = random() < 0.18;
    const amount = discounted ? (Math.round((Number(detail.price) * (0.85 + random() * 0.1)) / 5) * 5).toFixed(2) : detail.price;
    const unassigned = status === 'pending' ? random() < 0.25 : random() < 0.03;
    bookings.push({
      // A brand-new pending booking may not have its ticket number yet (shown as '-').
      ticketId: status === 'pending' && upcoming && random() < 0.08 ? null : 'pending',
      dateTime,
      createdAt,
      patient: Math.floor(random() * random() * patients),
      detail,
      locationId: detail.locationIds.length > 0 ? detail.locationIds[Math.floor(random() * detail.locationIds.length)]! : null,
      assigneeId: unassigned ? null : weightedPick(random, catalog.staffIds, staffWeights),
      status,
      invoiceStatus,
      amount,
    });
  }
  return bookings;
}

async function insertPatients(
  client: pg.PoolClient,
  random: () => number,
  seed: string,
  agent: { user_id: number; referral_agent_id: number },
  bookings: PlannedBooking[],
  count: number,
  /** the member who referred each patient */
  referrers: number[],
): Promise<number[]> {
  const firstBooked = new Array<number>(count).fill(Number.POSITIVE_INFINITY);
  for (const booking of bookings) {
    firstBooked[booking.patient] = Math.min(firstBooked[booking.patient]!, booking.createdAt.getTime());
  }
  const names: string[] = [];
  const emails: (string | null)[] = [];
  const phones: (string | null)[] = [];
  const created: Date[] = [];
  for (let index = 0; index < count; index += 1) {
    const first = PATIENT_FIRST_NAMES[Math.floor(random() * PATIENT_FIRST_NAMES.length)]!;
    const last = PATIENT_LAST_NAMES[Math.floor(random() * PATIENT_LAST_NAMES.length)]!;
    names.push(`${first} ${last}`);
    const handle = `${first}.${last}`.normalize('NFD').replace(/[^A-Za-z.]/g, '').toLowerCase();
    emails.push(random() < 0.7 ? `${handle}.${seed}${index + 1}@example.com` : null);
    phones.push(random() < 0.6 ? `+9715${Math.floor(random() * 10)}${String(Math.floor(random() * 10_000_000)).padStart(7, '0')}` : null);
    const firstSeen = Number.isFinite(firstBooked[index]!) ? firstBooked[index]! : Date.now() - Math.floor(random() * 900) * DAY_MS;
    created.push(new Date(firstSeen - Math.floor(random() * 72) * 3_600_000));
  }
  const { rows } = await client.query<{ id: number; ordinal: string }>(
    `WITH input AS (
       SELECT * FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::timestamptz[])
                WITH ORDINALITY AS p(referred_by, name, email, phone, created_at, ordinal)
     ), inserted AS (
       INSERT INTO clients (referral_agent_id, referred_by_user_id, name, email, phone, created_at)
       SELECT $1, referred_by, name, email, phone, created_at FROM input ORDER BY ordinal
       RETURNING id
     )
     SELECT id, row_number() OVER (ORDER BY id)::text AS ordinal FROM inserted`,
    [agent.referral_agent_id, referrers, names, emails, phones, created],
  );
  // Identity values are handed out in insertion order within the statement: the n-th id is the n-th patient.
  return rows.sort((left, right) => Number(left.ordinal) - Number(right.ordinal)).map((row) => row.id);
}

async function insertBookings(
  client: pg.PoolClient,
  agent: { user_id: number; referral_agent_id: number },
  bookings: PlannedBooking[],
  patientIds: number[],
  /** the member who referred each patient: their bookings are that member's referrals */
  referrers: number[],
): Promise<void> {
  for (let offset = 0; offset < bookings.length; offset += 1_000) {
    const chunk = bookings.slice(offset, offset + 1_000);
    await client.query(
      `INSERT INTO bookings (ticket_id, date_time, created_at, updated_at, client_id, facility_id, facility_location_id, assignee_id,
                             facility_service_detail_id, specialty_id, status, invoice_status, amount, currency,
                             referral_agent_id, referred_by_user_id)
       SELECT b.ticket_id, b.date_time, b.created_at, greatest(b.created_at, least(b.date_time, now())), b.client_id, b.facility_id,
              b.location_id, b.assignee_id, b.detail_id, b.specialty_id, b.status, b.invoice_status, b.amount, b.currency, $1, b.referred_by
         FROM unnest($2::int[], $3::text[], $4::timestamptz[], $5::timestamptz[], $6::int[], $7::int[], $8::int[], $9::int[], $10::int[],
                     $11::int[], $12::text[], $13::text[], $14::numeric[], $15::text[])
              AS b(referred_by, ticket_id, date_time, created_at, client_id, facility_id, location_id, assignee_id, detail_id, specialty_id,
                   status, invoice_status, amount, currency)`,
      [
        agent.referral_agent_id,
        chunk.map((booking) => referrers[booking.patient]!),
        chunk.map((booking) => booking.ticketId),
        chunk.map((booking) => booking.dateTime),
        chunk.map((booking) => booking.createdAt),
        chunk.map((booking) => patientIds[booking.patient]!),
        chunk.map((booking) => booking.detail.facilityId),
        chunk.map((booking) => booking.locationId),
        chunk.map((booking) => booking.assigneeId),
        chunk.map((booking) => booking.detail.id),
        chunk.map((booking) => booking.detail.specialtyId),
        chunk.map((booking) => booking.status),
        chunk.map((booking) => booking.invoiceStatus),
        chunk.map((booking) => booking.amount),
        chunk.map((booking) => booking.detail.currency),
      ],
    );
  }
}
