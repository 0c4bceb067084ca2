import { stripBookingIdPrefix } from '@portal/contracts/bookings';
import {
  AGENT_CLIENTS_LIMIT,
  type AgentClients,
  type ConsoleBookingDetail,
  type ConsoleBookingListQuery,
  type ConsoleBookingOptions,
  type ConsoleBookingRow,
} from '@portal/contracts/console-bookings';
import { PARTNER_ROLES, partnerRoleCan } from '@portal/contracts/partner-roles';
import { containsPattern, escapeLike, type Queryable } from '../../db/queryable.ts';

/** The roles whose members may be a booking's referrer: those who read referrals (so every referral is someone's to see). */
export const REFERRING_ROLES: string[] = PARTNER_ROLES.filter((role) => partnerRoleCan(role, 'referrals.read'));

/**
 * Bookings as the console reads them: every agent's (no scoping by agent: the console's guard and its permission
 * are the scope). Plain statements on the list kit's pattern; the partner list's fast path (repository.ts) is not
 * involved and unchanged. The unfiltered total is read off booking_stats (kept exact by triggers) instead of
 * counting up to a million rows; the default order has its own index (migration 0010).
 */

const ISO = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const MAX_SEARCH_WORDS = 8;

const SORT_COLUMNS = {
  date_time: 'b.date_time',
  created_at: 'b.created_at',
  amount: 'b.amount',
  ticket_id: "coalesce(b.ticket_id, '')",
} as const;

const ROW_SELECT = `b.id, b.ticket_id, ${ISO('b.date_time')} AS date_time, b.status, b.invoice_status, b.amount::text AS amount, b.currency,
  c.name AS patient, json_build_object('id', ra.id, 'name', ra.name) AS referral_agent,
  json_build_object('id', f.id, 'name', f.name) AS facility, s.name AS service,
  CASE WHEN st.id IS NULL THEN NULL ELSE st.first_name || ' ' || st.last_name END AS assignee,
  ${ISO('b.created_at')} AS created_at`;

const ROW_FROM = `bookings b
  JOIN clients c ON c.id = b.client_id
  JOIN referral_agents ra ON ra.id = b.referral_agent_id
  JOIN facilities f ON f.id = b.facility_id
  JOIN facility_service_details d ON d.id = b.facility_service_detail_id
  JOIN services s ON s.id = d.service_id
  LEFT JOIN staff st ON st.id = b.assignee_id`;

function searchWords(search: string | undefined): string[] {
  const words: string[] = [];
  for (const raw of (search ?? '').toLowerCase().split(/\s+/)) {
    const word = stripBookingIdPrefix(raw);
    if (word && !words.includes(word)) words.push(word);
    if (words.length === MAX_SEARCH_WORDS) break;
  }
  return words;
}

export async function listConsoleBookings(db: Queryable, query: ConsoleBookingListQuery): Promise<{ rows: ConsoleBookingRow[]; total: number }> {
  const values: unknown[] = [];
  const conditions: string[] = [];
  const add = (condition: (parameter: string) => string, value: unknown) => {
    values.push(value);
    conditions.push(condition(`$${values.length}`));
  };
  // search_text is lower-cased "ticket patient facility service specialty assignee", trigram-indexed.
  for (const word of searchWords(query.search)) add((p) => `b.search_text LIKE ${p}`, `%${escapeLike(word)}%`);
  if (query.status) add((p) => `b.status = ${p}`, query.status);
  if (query.invoice_status) add((p) => `b.invoice_status = ${p}`, query.invoice_status);
  if (query.agent_id) add((p) => `b.referral_agent_id = ${p}`, query.agent_id);
  if (query.facility_id) add((p) => `b.facility_id = ${p}`, query.facility_id);
  const where = conditions.length > 0 ? conditions.join(' AND ') : 'true';

  const total =
    conditions.length === 0
      ? Number((await db.query<{ total: string }>('SELECT coalesce(sum(total), 0)::text AS total FROM booking_stats')).rows[0]?.total ?? 0)
      : (await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM bookings b WHERE ${where}`, values)).rows[0]?.total ?? 0;
  const offset = (query.page - 1) * query.per_page;
  if (offset >= total) return { rows: [], total };

  const descending = query.sort.startsWith('-');
  const direction = descending ? 'DESC' : 'ASC';
  const column = SORT_COLUMNS[query.sort.replace(/^-/, '') as keyof typeof SORT_COLUMNS];
  const limit = values.length + 1;
  // The page's ids first (from bookings alone, on its indexes), then their rows.
  const { rows } = await db.query<ConsoleBookingRow>(
    `WITH page AS (
       SELECT b.id, ${column} AS sort_key FROM bookings b WHERE ${where}
        ORDER BY ${column} ${direction}, b.id ${direction} LIMIT $${limit} OFFSET $${limit + 1}
     )
     SELECT ${ROW_SELECT} FROM page JOIN ${ROW_FROM} ON b.id = page.id
      ORDER BY page.sort_key ${direction}, page.id ${direction}`,
    [...values, query.per_page, offset],
  );
  return { rows, total };
}

export async function findConsoleBooking(db: Queryable, id: number): Promise<ConsoleBookingDetail | undefined> {
  const { rows } = await db.query<Omit<ConsoleBookingDetail, 'status_history' | 'changes'>>(
    `SELECT ${ROW_SELECT},
            CASE WHEN l.id IS NULL THEN NULL ELSE json_build_object('id', l.id, 'name', l.name, 'city', l.city) END AS location,
            sp.name AS specialty,
            json_build_object('id', c.id, 'name', c.name, 'email', c.email, 'phone', c.phone) AS patient_detail,
            CASE WHEN u.id IS NULL THEN NULL
                 ELSE json_build_object('id', u.id, 'name', u.first_name || ' ' || u.last_name, 'email', u.email) END AS referred_by,
            b.assignee_id, ${ISO('b.updated_at')} AS updated_at
       FROM ${ROW_FROM}
       LEFT JOIN facility_locations l ON l.id = b.facility_location_id
       LEFT JOIN specialties sp ON sp.id = b.specialty_id
       LEFT JOIN users u ON u.id = b.referred_by_user_id
      WHERE b.id = $1`,
    [id],
  );
  const booking = rows[0];
  if (!booking) return undefined;
  const actorName = `CASE WHEN o.id IS NOT NULL THEN o.name ELSE h.actor_id END`;
  const history = await db.query<ConsoleBookingDetail['status_history'][number]>(
    `SELECT h.from_status, h.to_status, h.actor_type, ${actorName} AS actor_name, h.reason, ${ISO('h.created_at')} AS at
       FROM booking_status_history h
       LEFT JOIN operators o ON h.actor_type = 'operator' AND o.id::text = h.actor_id
      WHERE h.booking_id = $1 ORDER BY h.id`,
    [id],
  );
  const changes = await db.query<ConsoleBookingDetail['changes'][number]>(
    `SELECT h.action, h.actor_type, ${actorName} AS actor_name, h.before, h.after, ${ISO('h.created_at')} AS at
       FROM audit_events h
       LEFT JOIN operators o ON h.actor_type = 'operator' AND o.id::text = h.actor_id
      WHERE h.target_type = 'booking' AND h.target_id = $1
        AND h.action IN ('booking.invoice_status_changed', 'booking.amount_changed', 'booking.assignee_changed', 'booking.refund_recorded')
      ORDER BY h.created_at, h.id`,
    [String(id)],
  );
  return { ...booking, status_history: history.rows, changes: changes.rows };
}

/** The filters' and the forms' choices. The catalogue is small (facilities are counted in hundreds at most). */
export async function bookingOptions(db: Queryable): Promise<ConsoleBookingOptions> {
  const agents = await db.query<{ id: number; name: string }>('SELECT id, name FROM referral_agents ORDER BY lower(name), id');
  const facilities = await db.query<ConsoleBookingOptions['facilities'][number]>(
    `SELECT f.id, f.name, f.city,
            coalesce((SELECT json_agg(json_build_object('id', l.id, 'name', l.name, 'city', l.city) ORDER BY l.name, l.id)
                        FROM facility_locations l WHERE l.facility_id = f.id), '[]'::json) AS locations,
            coalesce((SELECT json_agg(json_build_object('id', d.id, 'name', s.name, 'specialty', sp.name,
                                                        'price', d.price::text, 'currency', d.currency) ORDER BY s.name, d.id)
                        FROM facility_service_details d JOIN services s ON s.id = d.service_id
                        LEFT JOIN specialties sp ON sp.id = d.specialty_id
                       WHERE d.facility_id = f.id), '[]'::json) AS services
       FROM facilities f ORDER BY lower(f.name), f.id`,
  );
  const staff = await db.query<{ id: number; name: string }>(
    "SELECT id, first_name || ' ' || last_name AS name FROM staff ORDER BY lower(first_name), lower(last_name), id",
  );
  return { agents: agents.rows, facilities: facilities.rows, staff: staff.rows };
}

/** An agent's patients (matching `search`, the latest first) and its approved partners; undefined for no such agent. */
export async function agentClients(db: Queryable, agentId: number, search: string | undefined): Promise<AgentClients | undefined> {
  const agent = await db.query('SELECT 1 FROM referral_agents WHERE id = $1', [agentId]);
  if (agent.rows.length === 0) return undefined;
  const values: unknown[] = [agentId, AGENT_CLIENTS_LIMIT];
  let filter = '';
  if (search) {
    values.push(containsPattern(search));
    filter = `AND (name ILIKE $3 OR coalesce(email, '') ILIKE $3 OR coalesce(phone, '') ILIKE $3)`;
  }
  const clients = await db.query<AgentClients['clients'][number]>(
    `SELECT id, name, email, phone FROM clients WHERE referral_agent_id = $1 ${filter} ORDER BY created_at DESC, id DESC LIMIT $2`,
    values,
  );
  // Issue 17: the members who may refer (active, with a role that reads referrals), the owner first.
  const partners = await db.query<AgentClients['partners'][number]>(
    `SELECT u.id, u.first_name || ' ' || u.last_name AS name, u.email, p.role
       FROM users u JOIN partner_profiles p ON p.user_id = u.id
      WHERE p.referral_agent_id = $1 AND u.status = 'approved' AND p.role = ANY($2::text[])
      ORDER BY p.role <> 'owner', lower(u.first_name), lower(u.last_name), u.id`,
    [agentId, REFERRING_ROLES],
  );
  return { clients: clients.rows, partners: partners.rows };
}
