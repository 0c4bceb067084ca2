import { z } from 'zod';
import { PAGE_SIZES, type PageSize } from './constants.ts';
import { INVALID_TIME_ZONE, TIME_ZONE_MAX, idStringField, isTimeZone, textField } from './fields.ts';
import { paginatedSchema } from './pagination.ts';

/**
 * The list kit's contract half: how every paged list of the portal reads its query string (spec §3/§4), so an
 * area declares only its own filters and sorts. The server validates `GET /api/<list>?…` with the schema
 * `listQuerySchema()` builds; the SPA keeps the same values in the URL and parses them with the same schema.
 *
 *   export const earningListQuerySchema = listQuerySchema({
 *     filters: {
 *       status: enumQueryField('status', EARNING_STATUSES),
 *       from: dateQueryField('from'),
 *       sort: defaultedSortQueryField(['created_at', 'amount'], '-created_at'),
 *     },
 *     defaultPageSize: 10,
 *   });
 *
 * Query-string conventions (Laravel's, which the spec's SPA was written against): a repeated key counts as its
 * last value; '' and blanks count as absent; numbers are accepted too, for the SPA's own state.
 */

/** Highest page number any list accepts; beyond the last page the answer is simply empty. */
export const LIST_MAX_PAGE = 1_000_000;

/** A repeated key (`?page=1&page=2`) counts as its last value; '' and blanks count as absent. */
export function queryValue(value: unknown): unknown {
  const single = Array.isArray(value) ? value[value.length - 1] : value;
  if (typeof single === 'number' && Number.isFinite(single)) return String(single);
  if (typeof single === 'string' && single.trim() === '') return undefined;
  return single;
}

/** An optional query parameter read through queryValue. */
export function queryField<T extends z.ZodType>(schema: T) {
  return z.preprocess(queryValue, schema.optional());
}

/** A positive integer given as a string ('12'), 1..max, with Laravel's messages. */
export function integerString(label: string, max: number) {
  return z
    .string({ error: `The ${label} field must be an integer.` })
    .trim()
    .regex(/^\d+$/, `The ${label} field must be an integer.`)
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(1, `The ${label} field must be at least 1.`)
        .max(max, `The ${label} field must not be greater than ${max}.`),
    );
}

/** An optional id (1..2,147,483,647, PostgreSQL's integer), e.g. a facility filter. */
export function idQueryField(label: string) {
  return queryField(idStringField(label));
}

export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1900 && year <= 2999 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** An optional calendar date, YYYY-MM-DD. */
export function dateQueryField(label: string) {
  return queryField(
    z
      .string({ error: `The ${label} field must be a date (YYYY-MM-DD).` })
      .trim()
      .refine(isCalendarDate, `The ${label} field must be a valid date (YYYY-MM-DD).`),
  );
}

/** An optional value out of a fixed set. */
export function enumQueryField<const T extends readonly [string, ...string[]]>(label: string, values: T) {
  return queryField(z.enum(values, { error: `The selected ${label} is invalid.` }));
}

/** A value out of a fixed set, `fallback` when none is given. */
export function defaultedEnumQueryField<const T extends readonly [string, ...string[]]>(label: string, values: T, fallback: T[number]) {
  return z.preprocess(queryValue, z.enum(values, { error: `The selected ${label} is invalid.` }).default(fallback as never));
}

/** Optional free text (a search box): trimmed, at most `max` characters, no control characters (NUL included). */
export function textQueryField(label: string, max: number) {
  return queryField(textField(label, { max }));
}

/** An optional IANA time zone ('Europe/Istanbul'): the zone the list's dates are meant in; one PostgreSQL knows too (fields.ts isTimeZone). */
export function timeZoneQueryField() {
  return queryField(
    z.string({ error: 'The timezone field must be a time zone.' }).trim().max(TIME_ZONE_MAX, INVALID_TIME_ZONE).refine(isTimeZone, INVALID_TIME_ZONE),
  );
}

/** `column` ascending and `-column` descending, for each sortable column. */
export function sortValues<const Column extends string>(columns: readonly [Column, ...Column[]]) {
  return columns.flatMap((column) => [column, `-${column}`] as const) as unknown as readonly [
    Column | `-${Column}`,
    ...(Column | `-${Column}`)[],
  ];
}

/** `page`: 1 by default. */
export function pageField(maxPage = LIST_MAX_PAGE) {
  return z.preprocess(queryValue, integerString('page', maxPage).default(1));
}

/** `per_page`: one of the spec's page sizes (PAGE_SIZES). */
export function perPageField(defaultSize: PageSize, sizes: readonly PageSize[] = PAGE_SIZES) {
  const values = sizes.map(String) as [string, ...string[]];
  return z.preprocess(
    queryValue,
    z
      .enum(values, { error: `The per page field must be one of ${sizes.join(', ')}.` })
      .transform((value) => Number(value) as PageSize)
      .default(defaultSize),
  );
}

/**
 * `sort`: `column` or `-column` for one of `columns`. With `defaultSort` it is always set; without it the sort is
 * optional, for a list whose default depends on other filters (bookings') and is picked in its service.
 */
export function sortQueryField<const Column extends string>(columns: readonly [Column, ...Column[]]) {
  return enumQueryField('sort', sortValues(columns));
}

export function defaultedSortQueryField<const Column extends string>(
  columns: readonly [Column, ...Column[]],
  defaultSort: Column | `-${Column}`,
) {
  return defaultedEnumQueryField('sort', sortValues(columns), defaultSort);
}

export interface ListQueryOptions<Filters extends z.ZodRawShape> {
  /**
   * The list's own parameters, built from the *QueryField helpers above (so empty values are ignored), `sort`
   * (sortQueryField) among them when the list can be sorted.
   */
  filters: Filters;
  /** The page size when none is given (one of PAGE_SIZES). */
  defaultPageSize: PageSize;
  maxPage?: number;
}

/**
 * A list's query schema: its filters, `page` and `per_page`. The result is a plain zod object, so a list can
 * `.extend()` it (bookings adds `format`) or refine it (a date range).
 */
export function listQuerySchema<Filters extends z.ZodRawShape>(options: ListQueryOptions<Filters>) {
  return z.object({
    ...options.filters,
    page: pageField(options.maxPage),
    per_page: perPageField(options.defaultPageSize),
  });
}


/**
 * A paged list endpoint, declared once in the contracts: the server's `listRoute` serves it and the SPA's
 * `usePagedQuery` reads it, so the URL, the query and the row cannot drift apart.
 */
export interface ListEndpoint<Query extends z.ZodObject = z.ZodObject, Row extends z.ZodType = z.ZodType> {
  /** e.g. '/api/notifications' */
  url: string;
  query: Query;
  row: Row;
  /** The answer: Laravel's paginator of `row`. */
  page: ReturnType<typeof paginatedSchema<Row>>;
}

export function listEndpoint<Query extends z.ZodObject, Row extends z.ZodType>(url: string, query: Query, row: Row): ListEndpoint<Query, Row> {
  return { url, query, row, page: paginatedSchema(row) };
}
