/**
 * Bookings queries. Every statement is scoped by `b.referral_agent_id = $1` inside the query itself.
 *
 * How the list stays fast at 1,000,000 bookings (an agent with 100,000), measured in
 * docs/decisions-bookings.md and by bench/bookings-bench.ts:
 *
 * - A page is a deferred join: the inner `SELECT id … ORDER BY date_time DESC, id DESC LIMIT n OFFSET m`
 *   reads only the covering index (referral_agent_id, date_time DESC, id DESC) INCLUDE (facility_id,
 *   invoice_status, created_at) — an index-only scan that never touches the table for the rows it skips —
 *   and only the page's ids are joined to the table and its catalogue rows. Page 2,000 skips 20,000 index
 *   entries (a few ms) instead of 20,000 heap rows. Each other sort and the facility and created_at
 *   filters have their own index of the same shape.
 * - The unfiltered total is `booking_stats.total`, kept exact by statement-level triggers on bookings; the
 *   same row carries `version`, which every write to the agent's bookings changes (from a sequence, so a
 *   version never comes back). The page query returns both in the same statement (same snapshot).
 * - A filtered total is needed only when it cannot be read off the page itself (a short page is the last
 *   one: total = offset + rows). Otherwise it is counted once per (agent, version, filters) and kept in an
 *   in-process LRU; any write bumps the version, so a cached count is never served for data it does not
 *   describe. Count and version come from one statement, so they describe the same snapshot.
 * - search: every word must occur in `search_text` (ticket, patient, facility, service, specialty and
 *   assignee, lower-cased); `LIKE '%word%'` is answered by the GIN (referral_agent_id, search_text
 *   gin_trgm_ops) index (btree_gin puts the agent into the same index, so a rare word over 1,000,000 rows
 *   only reads this agent's matches).
 * - Statements without search words are named (prepared once per connection): their plan does not depend on
 *   the values. Searches are planned each time, because the right plan depends on how rare the words are.
 * - Exports read in keyset batches of 1,000 — `WHERE (key, id) < (last key, last id)` over the same indexes —
 *   each batch a short statement of its own. A cursor would hold a connection for the whole download, and
 *   the embedded database has exactly one: every other request would wait behind the export.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { BookingFilterBy, BookingSortColumn, InvoiceStatus } from '@portal/contracts/bookings';
import { PARTNER_ROLES, partnerRoleCan, referralScope } from '@portal/contracts/partner-roles';
import { sessionWithUserSql, type SessionWithUserRow } from '../../lib/session-sql.ts';
import type { ReadQueryable } from '../../db/pipelined-reader.ts';
import { containsPattern, type Queryable } from '../../db/queryable.ts';

/** The filters of a list, whoever's it is. */
export interface BookingListFilters {
  filterBy: BookingFilterBy;
  /** YYYY-MM-DD, inclusive, in timeZone */
  from?: string | undefined;
  /** YYYY-MM-DD, inclusive, in timeZone */
  to?: string | undefined;
  timeZone: string;
  /** lower-case words without the ticket prefix; each must occur */
  searchWords: string[];
  facilityId?: number | undefined;
  invoiceStatus?: InvoiceStatus | undefined;
}

/** The filters of one agent's list, or of one member's referrals within it. */
export interface BookingQueryFilters extends BookingListFilters {
  referralAgentId: number;
  /**
   * The member whose referrals only are listed (referralScope 'own', issue 17: `b.referred_by_user_id`), or
   * undefined for the whole agent. Part of the scope, not a filter: an 'agent' role never reads past it.
   */
  referredByUserId?: number | undefined;
}

export interface BookingSort {
  column: BookingSortColumn;
  direction: 'asc' | 'desc';
}

export interface BookingRecord {
  id: number;
  ticket_id: string | null;
  /** ISO 8601 in UTC with milliseconds, as Date.toISOString() writes it (formatted by the database) */
  date_time: string;
  status: string;
  invoice_status: string;
  amount: string;
  currency: string;
  created_at: string;
  patient_name: string;
  facility_id: number;
  facility_name: string;
  assignee_first_name: string | null;
  assignee_last_name: string | null;
  service_name: string;
  specialty_name: string | null;
}

/** A page's row: the booking and its commission line (BookingRow.commission), read in the page's one statement. */
export interface PageRecord extends BookingRecord {
  /** the line's amount_minor, currency and status as JSON; null while the booking has no commission line */
  commission_json: string | null;
}

export interface ExportRecord extends Omit<BookingRecord, 'date_time' | 'created_at'> {
  /** wall-clock times in the export's time zone, 'YYYY-MM-DDTHH:MI:SS' */
  local_date_time: string;
  local_created_at: string;
  sort_key: string | null;
  /** the agent the row belongs to: the export checks it against the agent it reads for */
  referral_agent_id: number;
  /** the member who referred it: a member-scoped export checks it too */
  referred_by_user_id: number | null;
}

/** The SQL expression each sort column orders by; each has an index (referral_agent_id, expression, id). */
const SORT_EXPRESSIONS: Record<BookingSortColumn, { expression: string; cast: string }> = {
  date_time: { expression: 'b.date_time', cast: 'timestamptz' },
  created_at: { expression: 'b.created_at', cast: 'timestamptz' },
  amount: { expression: 'b.amount', cast: 'numeric' },
  ticket_id: { expression: "coalesce(b.ticket_id, '')", cast: 'text' },
};

export function hasFilters(filters: BookingListFilters): boolean {
  return Boolean(filters.from || filters.to || filters.searchWords.length > 0 || filters.facilityId || filters.invoiceStatus);
}

/**
 * WHERE clause of the scoped, filtered list; parameters are appended to `params`. The agent is
 * `filters.referralAgentId` as the first parameter ($1), or `agent`, an SQL expression the statement computes.
 */
export function whereClause(
  filters: BookingListFilters & { referralAgentId?: number; referredByUserId?: number | undefined },
  params: unknown[],
  agent?: string,
): string {
  let agentExpression = agent;
  if (agentExpression === undefined) {
    if (filters.referralAgentId === undefined) throw new Error('whereClause: no agent to scope by');
    params.push(filters.referralAgentId);
    agentExpression = `$${params.length}`;
  }
  const clauses = [`b.referral_agent_id = ${agentExpression}`];
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  // A member's own referrals (referralScope 'own'): the (agent, member, …) twins of the agent indexes serve it.
  if (filters.referredByUserId !== undefined) {
    if (agent !== undefined) throw new Error('whereClause: a statement that reads its agent reads its member too');
    clauses.push(`b.referred_by_user_id = ${add(filters.referredByUserId)}`);
  }
  if (filters.facilityId !== undefined) clauses.push(`b.facility_id = ${add(filters.facilityId)}`);
  if (filters.invoiceStatus !== undefined) clauses.push(`b.invoice_status = ${add(filters.invoiceStatus)}`);
  const dateColumn = filters.filterBy === 'created_at' ? 'b.created_at' : 'b.date_time';
  if (filters.from || filters.to) {
    const zone = add(filters.timeZone);
    // Local midnight of `from` up to (not including) local midnight after `to`, in the caller's zone.
    if (filters.from) clauses.push(`${dateColumn} >= (${add(filters.from)}::date)::timestamp AT TIME ZONE ${zone}::text`);
    if (filters.to) clauses.push(`${dateColumn} < (${add(filters.to)}::date + 1)::timestamp AT TIME ZONE ${zone}::text`);
  }
  for (const word of filters.searchWords) clauses.push(`b.search_text LIKE lower(${add(containsPattern(word))})`);
  return clauses.join(' AND ');
}

function orderBy(sort: BookingSort): string {
  const direction = sort.direction === 'asc' ? 'ASC' : 'DESC';
  return `${SORT_EXPRESSIONS[sort.column].expression} ${direction}, b.id ${direction}`;
}

/**
 * A row's columns. The catalogue names are scalar subqueries rather than joins: for 10 rows it is the same
 * 10 index probes per table, but the planner plans a 2-relation query instead of searching the join orders of
 * 8 relations, which cost more than running the query (about 5 ms of planning against 0.5 ms of execution).
 */
// (colons quoted: same output, and pgbench's `:variable` syntax leaves the bench's copy of this SQL alone)
const ISO_UTC = `'YYYY-MM-DD"T"HH24":"MI":"SS.MS"Z"'`;
const ROW_COLUMNS = `
  b.id, b.ticket_id, to_char(b.date_time AT TIME ZONE 'UTC', ${ISO_UTC}) AS date_time, b.status, b.invoice_status,
  b.amount::text AS amount, b.currency, to_char(b.created_at AT TIME ZONE 'UTC', ${ISO_UTC}) AS created_at,
  (SELECT c.name FROM clients c WHERE c.id = b.client_id) AS patient_name,
  b.facility_id,
  (SELECT f.name FROM facilities f WHERE f.id = b.facility_id) AS facility_name,
  (SELECT st.first_name FROM staff st WHERE st.id = b.assignee_id) AS assignee_first_name,
  (SELECT st.last_name FROM staff st WHERE st.id = b.assignee_id) AS assignee_last_name,
  (SELECT sv.name FROM facility_service_details d JOIN services sv ON sv.id = d.service_id
    WHERE d.id = b.facility_service_detail_id) AS service_name,
  (SELECT sp.name FROM specialties sp WHERE sp.id = b.specialty_id) AS specialty_name,
  (SELECT json_build_object('amount_minor', cl.amount_minor, 'currency', cl.currency, 'status', cl.status)::text
     FROM commission_lines cl
    WHERE cl.kind = 'commission' AND cl.booking_id = b.id AND cl.referral_agent_id = b.referral_agent_id
    LIMIT 1) AS commission_json`;

function checkedLimit(limit: number): number {
  if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) throw new Error(`Invalid page size ${limit}`);
  return limit;
}

/** Named (prepared) statements for plans that do not depend on the values; see the note at the top. */
function statement(text: string, values: unknown[], prepare: boolean): pg.QueryConfig {
  if (!prepare) return { text, values };
  let name = statementNames.get(text);
  if (name === undefined) {
    name = statementName(text);
    // Named texts are few (sort × page size × which filters are present), but keep the memo bounded anyway.
    if (statementNames.size >= 1_000) statementNames.clear();
    statementNames.set(text, name);
  }
  return { name, text, values };
}
/** text → statement name: hashing the text on every request cost more than building it. */
const statementNames = new Map<string, string>();

function statementName(text: string): string {
  return `bookings_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
}

export interface PageResult {
  rows: PageRecord[];
  /** the agent's unfiltered total and data version (0 and null when the agent never had a booking) */
  agentTotal: number;
  version: string | null;
}

/** The page of the filtered list, with the agent's total and data version read in the same statement. */
export function pageQuery(filters: BookingQueryFilters, sort: BookingSort, limit: number, offset: number): pg.QueryConfig {
  const params: unknown[] = [];
  return pageStatement({ kind: 'agent', from: '(SELECT $1::int AS agent_id) AS agent', agent: '$1', columns: '' }, filters, sort, limit, offset, params);
}

/**
 * The same page, for the signed-in session whose stored id is `sessionId`: the statement reads the session and
 * its user (sessionWithUserSql) and takes the agent from there, so a signed-in list costs one database round
 * trip. The rows carry the session row as JSON text in `session_json` (a SessionWithUserRow; no rows at all when
 * there is no live session): one column, computed once (OFFSET 0 keeps the subquery from being pulled up into the
 * rows), instead of 14 that every row would repeat and the driver would parse 10 times. Bookings are read only for
 * `guarded_agent_id`, the agent of a user the auth guard lets through, and for no one else.
 *
 * Only for lists without search words: their plan does not depend on the values (they are prepared), so taking
 * the agent from a join plans the same. A search is planned with the agent's value: look the session up first.
 */
export function sessionPageQuery(sessionId: string, filters: BookingListFilters, sort: BookingSort, limit: number, offset: number): pg.QueryConfig {
  if (filters.searchWords.length > 0) throw new Error('sessionPageQuery: a search is planned with the agent known; use pageQuery');
  const params: unknown[] = [sessionId];
  // The role decides in SQL as in partner-roles.ts: no referrals.read, no bookings at all (the route answers 403);
  // referralScope 'own', only the member's (member_id set); 'agent', the agent's (member_id null).
  const from = `(SELECT CASE WHEN l.partner_role IN (${REFERRAL_READERS_SQL}) THEN l.guarded_agent_id END AS guarded_agent_id,
                        CASE WHEN l.partner_role IN (${OWN_SCOPE_SQL}) THEN l.user_id END AS member_id,
                        row_to_json(l)::text AS session_json
                   FROM ${sessionWithUserSql('$1', 'l')} OFFSET 0) AS agent`;
  return pageStatement(
    { kind: 'session', from, agent: 'agent.guarded_agent_id', member: 'agent.member_id', columns: 'agent.session_json, ' },
    filters,
    sort,
    limit,
    offset,
    params,
  );
}

const sqlList = (roles: readonly string[]) => (roles.length === 0 ? 'NULL' : roles.map((role) => `'${role}'`).join(', '));
/** Roles that may read referrals, and those of them who see only their own (from the one role map). */
const REFERRAL_READERS_SQL = sqlList(PARTNER_ROLES.filter((role) => partnerRoleCan(role, 'referrals.read')));
const OWN_SCOPE_SQL = sqlList(PARTNER_ROLES.filter((role) => partnerRoleCan(role, 'referrals.read') && referralScope(role) === 'own'));

function pageStatement(
  /** `kind` names the other three: statements are memoised by it */
  source: { kind: 'agent' | 'session'; from: string; agent: string; member?: string; columns: string },
  filters: BookingListFilters & { referredByUserId?: number | undefined },
  sort: BookingSort,
  limit: number,
  offset: number,
  params: unknown[],
): pg.QueryConfig {
  const where = source.kind === 'agent' ? whereClause(filters, params) : whereClause(filters, params, source.agent);
  params.push(offset);
  // The text follows from the source, the WHERE clause (placeholders, not values), the sort and the page size:
  // built and named once per shape. Building ~1.5 KB of SQL and hashing it for the name memo on every request
  // cost ~2% of the server's CPU on the list.
  const key = `${source.kind}|${sort.column} ${sort.direction}|${limit}|${where}`;
  let shape = pageStatements.get(key);
  if (shape === undefined) {
    const text = pageText(source, where, sort, limit, `$${params.length}`);
    shape = { text, name: filters.searchWords.length === 0 ? statementName(text) : undefined };
    if (pageStatements.size >= 1_000) pageStatements.clear();
    pageStatements.set(key, shape);
  }
  return shape.name === undefined ? { text: shape.text, values: params } : { name: shape.name, text: shape.text, values: params };
}
/** page statement shape → its text and, for a prepared one, its name */
const pageStatements = new Map<string, { text: string; name: string | undefined }>();

function pageText(
  source: { from: string; agent: string; member?: string; columns: string },
  where: string,
  sort: BookingSort,
  limit: number,
  offsetParam: string,
): string {
  // LIMIT is written into the text (a page size from the whitelist, so a handful of statements): with it
  // known, even the prepared statement's generic plan is the "first few rows in index order" plan.
  const limitLiteral = checkedLimit(limit);
  const direction = sort.direction === 'asc' ? 'ASC' : 'DESC';
  const ids = (condition: string) => `SELECT b.id FROM bookings b WHERE ${condition} ORDER BY ${orderBy(sort)} LIMIT ${limitLiteral} OFFSET ${offsetParam}`;
  // A session's statement learns the scope from the session row: two branches, of which the row's member_id
  // switches one off before it runs (a one-time filter), each walking its own index: the agent's, or the member's.
  const page =
    source.member === undefined
      ? ids(where)
      : `(${ids(`${source.member} IS NULL AND ${where}`)})
         UNION ALL
         (${ids(`${source.member} IS NOT NULL AND ${where} AND b.referred_by_user_id = ${source.member}`)})`;
  // At least one row (with nulls for an empty page); none at all only when the session source finds no session.
  return `
SELECT ${source.columns}s.total AS agent_total, s.version::text AS version,
       p.id, p.ticket_id, p.date_time, p.status, p.invoice_status, p.amount, p.currency, p.created_at, p.patient_name,
       p.facility_id, p.facility_name, p.assignee_first_name, p.assignee_last_name, p.service_name, p.specialty_name,
       p.commission_json
  FROM ${source.from}
  LEFT JOIN booking_stats s ON s.referral_agent_id = ${source.agent}
  LEFT JOIN LATERAL (
    SELECT ${ROW_COLUMNS}, ${SORT_EXPRESSIONS[sort.column].expression} AS sort_value
      FROM (${page}) AS page
      JOIN bookings b ON b.id = page.id AND b.referral_agent_id = ${source.agent}
  ) AS p ON true
 ORDER BY p.sort_value ${direction}, p.id ${direction}`;
}

type PageRow = PageRecord & { agent_total: number | string | null; version: string | null };

function toPageResult(rows: PageRow[]): PageResult {
  const first = rows[0];
  return {
    rows: rows.filter((row) => row.id !== null),
    agentTotal: Number(first?.agent_total ?? 0),
    version: first?.version ?? null,
  };
}

export async function findPage(
  db: Queryable,
  filters: BookingQueryFilters,
  sort: BookingSort,
  limit: number,
  offset: number,
): Promise<PageResult> {
  const { rows } = await db.query<PageRow>(pageQuery(filters, sort, limit, offset));
  return toPageResult(rows);
}

/**
 * sessionPageQuery's answer: the session row (null: no live session) and the page, which is empty unless the
 * session's user passes the auth guard.
 */
export async function findSessionPage(
  db: ReadQueryable,
  sessionId: string,
  filters: BookingListFilters,
  sort: BookingSort,
  limit: number,
  offset: number,
): Promise<{ session: SessionWithUserRow | null; page: PageResult }> {
  const { rows } = await db.query<PageRow & { session_json: string }>(sessionPageQuery(sessionId, filters, sort, limit, offset));
  const first = rows[0];
  return { session: first ? (JSON.parse(first.session_json) as SessionWithUserRow) : null, page: toPageResult(rows) };
}

/** count(*) of the filtered list, and the version of the data it counted (same statement, same snapshot). */
export async function countFiltered(db: Queryable, filters: BookingQueryFilters): Promise<{ total: number; version: string | null }> {
  const params: unknown[] = [];
  const where = whereClause(filters, params);
  const text = `
SELECT s.version::text AS version, (SELECT count(*) FROM bookings b WHERE ${where}) AS total
  FROM (SELECT $1::int AS agent_id) AS agent
  LEFT JOIN booking_stats s ON s.referral_agent_id = agent.agent_id`;
  const { rows } = await db.query<{ version: string | null; total: number | string }>(
    statement(text, params, filters.searchWords.length === 0),
  );
  return { total: Number(rows[0]?.total ?? 0), version: rows[0]?.version ?? null };
}

/**
 * One export batch of up to `limit` rows after the keyset position `after` (the last row of the previous
 * batch), in the list's order, with wall-clock times in the filters' time zone.
 */
export async function findExportBatch(
  db: Queryable,
  filters: BookingQueryFilters,
  sort: BookingSort,
  limit: number,
  after: { sortKey: string | null; id: number } | undefined,
): Promise<ExportRecord[]> {
  const params: unknown[] = [];
  let where = whereClause(filters, params);
  const { expression, cast } = SORT_EXPRESSIONS[sort.column];
  if (after) {
    params.push(after.sortKey, after.id);
    const comparison = sort.direction === 'asc' ? '>' : '<';
    where += ` AND (${expression}, b.id) ${comparison} ($${params.length - 1}::${cast}, $${params.length}::int)`;
  }
  params.push(filters.timeZone);
  const zone = `$${params.length}::text`;
  // 1,000 rows a batch: joins beat 6,000 subquery probes here, and the dates come as wall-clock text in the
  // export's zone, so no Date is parsed. The agent scopes the `page` subquery, and the outer join takes exactly
  // its ids; the rows carry their agent, which exportBatches checks. The agent is not repeated on the join: with
  // the parameter there, the prepared statement's generic plan (which takes an agent for an average one, ~500
  // bookings) hash-joined each batch with the agent's whole history: 100,000 rows read for 1,000 written,
  // 80-130 ms a batch instead of 15-25 ms. Joining on the subquery's agent column instead kept the plan but
  // made the reading ~40 % slower (measured 2026-11-22).
  const text = `
SELECT b.id, b.referral_agent_id, b.referred_by_user_id, b.ticket_id, b.status, b.invoice_status, b.amount::text AS amount, b.currency,
       c.name AS patient_name, b.facility_id, f.name AS facility_name,
       st.first_name AS assignee_first_name, st.last_name AS assignee_last_name,
       sv.name AS service_name, sp.name AS specialty_name,
       to_char(b.date_time AT TIME ZONE ${zone}, 'YYYY-MM-DD"T"HH24":"MI":"SS') AS local_date_time,
       to_char(b.created_at AT TIME ZONE ${zone}, 'YYYY-MM-DD"T"HH24":"MI":"SS') AS local_created_at,
       (${expression})::text AS sort_key
  FROM (SELECT b.id FROM bookings b WHERE ${where} ORDER BY ${orderBy(sort)} LIMIT ${checkedLimit(limit)}) AS page
  JOIN bookings b ON b.id = page.id
  JOIN clients c ON c.id = b.client_id
  JOIN facilities f ON f.id = b.facility_id
  JOIN facility_service_details d ON d.id = b.facility_service_detail_id
  JOIN services sv ON sv.id = d.service_id
  LEFT JOIN staff st ON st.id = b.assignee_id
  LEFT JOIN specialties sp ON sp.id = b.specialty_id
 ORDER BY ${orderBy(sort)}`;
  const { rows } = await db.query<ExportRecord>(statement(text, params, filters.searchWords.length === 0));
  return rows;
}


/** A booking's commission line as the list shows it (BookingRow.commission). */
export interface BookingCommission {
  amount_minor: number;
  currency: string;
  status: 'pending' | 'approved' | 'in_payout' | 'paid' | 'reversed';
}

/**
 * The agent's bookings referred and completed per day over [from, to] from the `booking_daily` rollup (migration 0026),
 * those `memberId` referred when set (the dashboard's booking card).
 */
export async function bookingDays(db: Queryable, referralAgentId: number, memberId: number | null, from: string, to: string): Promise<{ measure: 'referred' | 'completed'; day: string; bookings: number }[]> {
  const values: unknown[] = [referralAgentId, from, to];
  let member = '';
  if (memberId !== null) {
    values.push(memberId);
    member = 'AND member_id = $4';
  }
  const { rows } = await db.query<{ measure: 'referred' | 'completed'; day: string; bookings: number }>(
    `SELECT measure, day::text AS day, sum(bookings)::int AS bookings FROM booking_daily
      WHERE referral_agent_id = $1 AND day BETWEEN $2::date AND $3::date ${member}
      GROUP BY measure, day`,
    values,
  );
  return rows;
}
