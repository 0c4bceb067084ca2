import type pg from 'pg';
import { exportAgent, exportFacilityName } from '../../lib/exports/export-heading.ts';
import {
  BOOKING_DEFAULT_SORT,
  stripBookingIdPrefix,
  type BookingListQuery,
  type BookingPage,
  type BookingRow,
  type BookingSortColumn,
} from '@portal/contracts/bookings';
import type { Locale } from '@portal/contracts/preferences';
import { referralScope } from '@portal/contracts/partner-roles';
import type { AuthenticatedUser } from '../../plugins/auth-guard.ts';
import type { SessionWithUserRow } from '../../lib/session-sql.ts';
import { LruCache } from '../../lib/lru-cache.ts';
import { paginate, pageUrlBuilder } from '../../lib/paginate.ts';
import { TooManyRequestsError } from '../../lib/errors.ts';
import { leftToRight } from '../../lib/exports/export-columns.ts';
import { BOOKING_EXPORT_TEXTS } from './export-texts.ts';
import { BOOKING_MESSAGES } from './messages.ts';
import type { ReadQueryable } from '../../db/pipelined-reader.ts';
import {
  countFiltered,
  findExportBatch,
  findPage,
  findSessionPage,
  hasFilters,
  type BookingListFilters,
  type BookingCommission,
  type BookingRecord,
  type PageResult,
  type BookingQueryFilters,
  type BookingSort,
  type ExportRecord,
} from './repository.ts';

/**
 * A page read with its session goes to the reader (a pipelined connection, where a slow statement would hold up the
 * reads queued behind it) when it is sure to be fast: no filter, so the sort's own index (agent, key, id) gives the
 * page in order, and at most this many index entries deep (offset + page size), a fraction of a millisecond. A
 * filtered list may walk many entries of that index to find its rows (a facility under another sort, say), and page
 * 2,000 takes a few milliseconds: they take a pooled connection of their own.
 */
export const PIPELINED_PAGE_ROWS = 1_000;
/** At most this many search words are matched (each is one more LIKE on the trigram index). */
const MAX_SEARCH_WORDS = 8;
const EXPORT_BATCH_SIZE = 1_000;
/** Counts kept per process: (agent, data version, filters) → total. Stale entries can never be hit (see repository.ts). */
const COUNT_CACHE_ENTRIES = 20_000;
const COUNT_CACHE_MAX_AGE_MS = 30 * 60_000;

export interface BookingsServiceOptions {
  pool: pg.Pool;
  /**
   * Where a shallow page read with its session goes (Database.reader: a pipelined connection on PostgreSQL);
   * without it, the pool.
   */
  reader?: ReadQueryable;
  /** absolute base of page links, e.g. https://portal.example.com */
  appUrl: string;
  /** exports running at once in this process; more get 429 */
  maxConcurrentExports?: number;
  /** rows an export reads at a time (EXPORT_BATCH_SIZE); tests use a few to cross several batches */
  exportBatchSize?: number;
}

export interface ExportMeta {
  agentName: string;
  agentLogo: string | null;
  /** [label, value] lines describing the filters, for the file's header */
  filterLines: [string, string][];
  total: number;
  timeZone: string;
  /** now, as wall-clock time in timeZone ('YYYY-MM-DD HH:mm') */
  generatedAt: string;
  /** today in timeZone (YYYY-MM-DD), for the file name */
  today: string;
}

export type BookingsService = ReturnType<typeof createBookingsService>;

export function createBookingsService(options: BookingsServiceOptions) {
  const { pool } = options;
  const reader = options.reader ?? pool;
  const countCache = new LruCache<string, number>(COUNT_CACHE_ENTRIES, COUNT_CACHE_MAX_AGE_MS);
  const maxExports = options.maxConcurrentExports ?? 2;
  let runningExports = 0;

  function countKey(filters: BookingQueryFilters, version: string): string {
    return JSON.stringify([
      filters.referralAgentId,
      // A member's count is their own: the member is part of the key (null: the whole agent's).
      filters.referredByUserId ?? null,
      version,
      filters.filterBy,
      filters.from ?? null,
      filters.to ?? null,
      filters.from || filters.to ? filters.timeZone : null,
      filters.searchWords,
      filters.facilityId ?? null,
      filters.invoiceStatus ?? null,
    ]);
  }

  /** An exact filtered total: cached per (agent, data version, filters), counted on a miss. */
  async function countedTotal(filters: BookingQueryFilters, version: string | null): Promise<number> {
    if (version !== null) {
      const cached = countCache.get(countKey(filters, version));
      if (cached !== undefined) return cached;
    }
    const counted = await countFiltered(pool, filters);
    if (counted.version !== null) countCache.set(countKey(filters, counted.version), counted.total);
    return counted.total;
  }

  /**
   * The total of a list: the agent's total (booking_stats) when the whole agent's list is unfiltered, read off a
   * page that is not full, else counted (and cached per agent, member, version and filters). A member's unfiltered
   * list is counted: booking_stats holds agents' totals only.
   */
  async function listTotal(
    filters: BookingQueryFilters,
    page: { rows: unknown[]; agentTotal: number; version: string | null },
    limit: number,
    offset: number,
  ): Promise<number> {
    if (!hasFilters(filters) && filters.referredByUserId === undefined) return page.agentTotal;
    // A page that is not full is the last one.
    if (page.rows.length > 0 && page.rows.length < limit) return offset + page.rows.length;
    if (page.rows.length === 0 && offset === 0) return 0;
    return countedTotal(filters, page.version);
  }

  async function finishPage(
    filters: BookingQueryFilters,
    query: BookingListQuery,
    page: PageResult,
    linkQuery: Record<string, string>,
  ): Promise<BookingPage> {
    const offset = (query.page - 1) * query.per_page;
    const total = await listTotal(filters, page, query.per_page, offset);
    return paginate({
      rows: page.rows.map((record) => ({ ...toBookingRow(record), commission: record.commission_json === null ? null : (JSON.parse(record.commission_json) as BookingCommission) })),
      total,
      page: query.page,
      perPage: query.per_page,
      pageUrl: pageUrlBuilder(`${options.appUrl}/api/clients/bookings`, linkQuery),
    });
  }

  return {
    async list(user: AuthenticatedUser, query: BookingListQuery, linkQuery: Record<string, string>): Promise<BookingPage> {
      const filters = toFilters(user, query);
      const sort = parseSort(query.sort, query.filter_by);
      const page = await findPage(pool, filters, sort, query.per_page, (query.page - 1) * query.per_page);
      return finishPage(filters, query, page, linkQuery);
    },

    /** Whether `listWithSession` can read this list: one without search words (see sessionPageQuery). */
    readsSessionInQuery(query: BookingListQuery): boolean {
      return searchWords(query.search).length === 0;
    },

    /**
     * The list of the session whose stored id is `sessionId`, read with the session in one statement. The
     * session row goes to `authorize` (the route's auth guard: it throws 401/403, or answers the user) before
     * anything else is done with the page; the statement itself reads bookings only for a user the guard lets
     * through, and the user's agent is the one the statement scoped by.
     */
    async listWithSession(
      sessionId: string,
      query: BookingListQuery,
      linkQuery: Record<string, string>,
      authorize: (session: SessionWithUserRow | null) => Promise<AuthenticatedUser>,
    ): Promise<BookingPage> {
      const listFilters = toListFilters(query);
      const sort = parseSort(query.sort, query.filter_by);
      const offset = (query.page - 1) * query.per_page;
      const db = !hasFilters(listFilters) && offset + query.per_page <= PIPELINED_PAGE_ROWS ? reader : pool;
      const { session, page } = await findSessionPage(db, sessionId, listFilters, sort, query.per_page, offset);
      const user = await authorize(session);
      if (session?.guarded_agent_id !== user.referralAgentId || session.partner_role !== user.role || session.user_id !== user.id) {
        // Cannot happen while the SQL and the guard agree; never answer a page read for someone else.
        throw new Error("bookings: the page was not read for the authorised user's agent");
      }
      return finishPage(toFilters(user, query), query, page, linkQuery);
    },

    /**
     * Reserves an export slot (429 when the process already streams its share) and describes the export.
     * The caller must call `release` when the file is written or abandoned.
     */
    async startExport(
      user: AuthenticatedUser,
      query: BookingListQuery,
      locale: Locale = 'en',
    ): Promise<{ meta: ExportMeta; rows: AsyncIterable<ExportRecord[]>; release: () => void }> {
      if (runningExports >= maxExports) {
        throw new TooManyRequestsError(BOOKING_MESSAGES.exportBusy, 5);
      }
      runningExports += 1;
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        runningExports -= 1;
      };
      try {
        const filters = toFilters(user, query);
        const sort = parseSort(query.sort, query.filter_by);
        const [agent, facilityName, probe] = await Promise.all([
          exportAgent(pool, user.referralAgentId),
          filters.facilityId !== undefined ? exportFacilityName(pool, filters.facilityId) : Promise.resolve(null),
          findPage(pool, filters, sort, 1, 0),
        ]);
        const total = hasFilters(filters) ? await countedTotal(filters, probe.version) : probe.agentTotal;
        const now = new Date();
        const meta: ExportMeta = {
          agentName: agent?.name ?? 'Referral agent',
          agentLogo: agent?.logo ?? null,
          filterLines: describeFilters(filters, query, sort, facilityName, locale),
          total,
          timeZone: filters.timeZone,
          generatedAt: wallClock(now, filters.timeZone).replace('T', ' ').slice(0, 16),
          today: wallClock(now, filters.timeZone).slice(0, 10),
        };
        return { meta, rows: exportBatches(pool, filters, sort, options.exportBatchSize ?? EXPORT_BATCH_SIZE), release };
      } catch (error) {
        release();
        throw error;
      }
    },
  };
}

async function* exportBatches(pool: pg.Pool, filters: BookingQueryFilters, sort: BookingSort, batchSize: number): AsyncGenerator<ExportRecord[]> {
  // Batches are read one at a time, while the writer waits. Reading the next one ahead was tried (2026-11-22) and
  // gave nothing measurable then; 100,000 rows now read in ~2-3 s of a ~10 s export, so it could save at most that.
  let after: { sortKey: string | null; id: number } | undefined;
  for (;;) {
    const batch = await findExportBatch(pool, filters, sort, batchSize, after);
    if (
      batch.some(
        (row) =>
          row.referral_agent_id !== filters.referralAgentId ||
          (filters.referredByUserId !== undefined && row.referred_by_user_id !== filters.referredByUserId),
      )
    ) {
      // Cannot happen while the batch statement scopes by the agent (and member); never write someone else's row.
      throw new Error("bookings export: a batch held a row of another agent's");
    }
    if (batch.length === 0) return;
    yield batch;
    if (batch.length < batchSize) return;
    const last = batch[batch.length - 1]!;
    after = { sortKey: last.sort_key, id: last.id };
  }
}

/** The distinct words of a search, without the ticket prefix, at most MAX_SEARCH_WORDS. */
function searchWords(search: string | undefined): string[] {
  const words: string[] = [];
  if (!search) return words;
  for (const raw of search.split(/\s+/)) {
    const word = stripBookingIdPrefix(raw);
    if (word && !words.includes(word)) words.push(word);
    if (words.length === MAX_SEARCH_WORDS) break;
  }
  return words;
}

function toListFilters(query: BookingListQuery): BookingListFilters {
  return {
    filterBy: query.filter_by,
    from: query.from,
    to: query.to,
    timeZone: query.timezone ?? 'UTC',
    searchWords: searchWords(query.search),
    facilityId: query.medical_service_provider,
    invoiceStatus: query.invoice_status,
  };
}

/** The list's filters, scoped to what the member may see: their agent's bookings, or only their own (referralScope). */
export function toFilters(user: AuthenticatedUser, query: BookingListQuery): BookingQueryFilters {
  return { ...toListFilters(query), referralAgentId: user.referralAgentId, referredByUserId: memberScope(user) };
}

/** The member whose referrals only `user` sees, or undefined when they see the whole agent's. */
export function memberScope(user: AuthenticatedUser): number | undefined {
  return referralScope(user.role) === 'own' ? user.id : undefined;
}

/**
 * `-column` is descending. Without a sort, newest appointment first, or newest booking first when the dates
 * filter on created_at: the list is then read in the order of the index its date range selects.
 */
export function parseSort(sort: string | undefined, filterBy: BookingListQuery['filter_by'] = 'appointment_date'): BookingSort {
  const value = sort ?? (filterBy === 'created_at' ? '-created_at' : BOOKING_DEFAULT_SORT);
  const descending = value.startsWith('-');
  return { column: (descending ? value.slice(1) : value) as BookingSortColumn, direction: descending ? 'desc' : 'asc' };
}

export function toBookingRow(record: BookingRecord): BookingRow {
  return {
    id: record.id,
    ticket_id: record.ticket_id,
    date_time: record.date_time,
    status: record.status as BookingRow['status'],
    invoice_status: record.invoice_status as BookingRow['invoice_status'],
    amount: record.amount,
    currency: record.currency,
    created_at: record.created_at,
    booking_patient_detail: { name: record.patient_name },
    provider: { id: record.facility_id, name: record.facility_name },
    ticket: {
      assignee:
        record.assignee_first_name === null
          ? null
          : { first_name: record.assignee_first_name, last_name: record.assignee_last_name ?? '' },
    },
    medical_service_provider_service_detail: { medical_service_provider_service: { name: record.service_name } },
    specialty: record.specialty_name === null ? null : { name: record.specialty_name },
  };
}

/** The export's description of the filters and the sort, in the file's language (export-texts.ts). */
function describeFilters(
  filters: BookingQueryFilters,
  query: BookingListQuery,
  sort: BookingSort,
  facilityName: string | null,
  locale: Locale,
): [string, string][] {
  const texts = BOOKING_EXPORT_TEXTS[locale].filters;
  const lines: [string, string][] = [];
  const dateLabel = filters.filterBy === 'created_at' ? texts.created : texts.appointmentDate;
  if (filters.from && filters.to) lines.push([dateLabel, texts.between(filters.from, filters.to)]);
  else if (filters.from) lines.push([dateLabel, texts.from(filters.from)]);
  else if (filters.to) lines.push([dateLabel, texts.upTo(filters.to)]);
  if (filters.facilityId !== undefined) lines.push([texts.facility, facilityName ?? `#${filters.facilityId}`]);
  if (filters.invoiceStatus) lines.push([texts.invoiceStatus, BOOKING_EXPORT_TEXTS[locale].invoiceStatuses[filters.invoiceStatus]]);
  if (query.search) lines.push([texts.search, `"${query.search}"`]);
  if (lines.length === 0) lines.push([texts.filters, texts.none]);
  const [label, ascending, descending] = texts.sorts[sort.column];
  lines.push([texts.sortedBy, `${label}, ${sort.direction === 'asc' ? ascending : descending}`]);
  lines.push([texts.timeZone, locale === 'en' ? filters.timeZone : leftToRight(filters.timeZone)]);
  return lines;
}

/** 'YYYY-MM-DDTHH:mm:ss' wall-clock time of an instant in an IANA zone. */
export function wallClock(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? '00';
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}:${part('second')}`;
}
