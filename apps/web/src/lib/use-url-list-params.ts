import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { LIST_DEBOUNCE_MS } from '@portal/contracts/constants';

/**
 * The list state of spec §3/§4 (page, per_page, sort, search and a list's own filters), kept in the URL query so
 * a filtered view survives a reload and can be shared, and read through the list's contract schema (the one the
 * server validates the request with), so the SPA never sends what the server would refuse:
 *
 *   const list = useUrlListParams(earningListQuerySchema);
 *   const earnings = useEarnings(list);                       // usePagedQuery(earningsQueryOptions(list.query), list)
 *   <DataTable searchValue={list.params.search} onSearch={(search) => list.set({ search })}
 *              page={list.params.page} perPage={list.params.per_page} onPageChange={list.setPage} …/>
 *
 * - Only non-empty values are kept in the URL and sent, and a value equal to its default stays out of the URL
 *   (`/earnings`, not `/earnings?page=1&per_page=10`).
 * - Any change but the page itself goes back to page 1 (spec §4): page 7 of a narrower list is usually empty.
 * - `query`, what to send, follows the URL LIST_DEBOUNCE_MS (500 ms, spec §7/§9) after it stops changing, so a
 *   burst of changes is one request; the first request goes at once.
 * - A value the schema refuses (a hand-edited or truncated link) falls back to its default.
 */

/**
 * A list's query schema: a zod object every field of which is optional or defaulted, with `page` (and usually
 * `per_page`). The contracts' `listQuerySchema()` builds these; `.extend()` and refinements keep them objects.
 */
export type ListQuerySchema = z.ZodObject;

/** The list's state: the schema's parsed output. */
export type ListParams<S extends ListQuerySchema> = z.output<S>;

type FieldOf<S extends ListQuerySchema> = keyof z.output<S> & string;

/**
 * The name in the URL of each field the URL keeps. Fields left out are never read from or written to the URL
 * (bookings leaves out `format`, which would turn the list into a download, and `team`, which is fixed).
 */
export type UrlKeys<S extends ListQuerySchema> = Partial<Record<FieldOf<S>, string>>;

/** A change to the list: `null`, `undefined` or '' puts a field back to its default. */
export type ListPatch<S extends ListQuerySchema> = { [K in FieldOf<S>]?: z.output<S>[K] | null };

/** The values of a request's query string. */
export type QueryValues = Record<string, string | number | boolean>;

/** The paging fields, which are not filters: changing them keeps the rest, clearing filters keeps them. */
const PAGING_FIELDS: readonly string[] = ['page', 'per_page'];

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * The non-empty values of `params` (spec §7: only non-empty values are sent). List values are scalars; anything
 * else (an object) is not a query value and is left out.
 */
export function toQueryValues(params: object): QueryValues {
  const values: QueryValues = {};
  for (const [key, value] of Object.entries(params)) {
    if (isEmpty(value)) continue;
    if (typeof value === 'string') values[key] = value.trim();
    else if (typeof value === 'number' || typeof value === 'boolean') values[key] = value;
  }
  return values;
}

const defaultsCache = new WeakMap<ListQuerySchema, Record<string, unknown>>();

/** What the list shows with nothing in the URL. A list schema accepts `{}`: every field is optional or defaulted. */
export function listDefaults<S extends ListQuerySchema>(schema: S): ListParams<S> {
  let defaults = defaultsCache.get(schema);
  if (!defaults) {
    const parsed = schema.safeParse({});
    if (!parsed.success) throw new Error(`A list query schema must accept no values at all: ${parsed.error.message}`);
    defaults = parsed.data as Record<string, unknown>;
    defaultsCache.set(schema, defaults);
  }
  return defaults as ListParams<S>;
}

/** Every field of the schema under its own name, unless `urlKeys` says which fields and names. */
export function resolveUrlKeys<S extends ListQuerySchema>(schema: S, urlKeys?: UrlKeys<S>): Array<[FieldOf<S>, string]> {
  if (urlKeys) return Object.entries(urlKeys).filter((entry): entry is [FieldOf<S>, string] => typeof entry[1] === 'string');
  return Object.keys(schema.shape).map((field) => [field as FieldOf<S>, field]);
}

function without(input: Record<string, unknown>, ...fields: string[]): Record<string, unknown> {
  const rest = { ...input };
  for (const field of fields) delete rest[field];
  return rest;
}

/**
 * `input` parsed, dropping what the schema refuses. Each field alone has passed already, so what is left is a rule
 * across fields (a start after its end). Which side is wrong cannot be told, so every field without which the rule
 * holds is dropped: a reversed range goes as a whole rather than turning into an open-ended one.
 */
function parseDroppingConflicts<S extends ListQuerySchema>(schema: S, input: Record<string, unknown>): ListParams<S> {
  let current = input;
  for (;;) {
    const result = schema.safeParse(current);
    if (result.success) return result.data as ListParams<S>;
    const fields = Object.keys(current);
    const culprits = fields.filter((field) => schema.safeParse(without(current, field)).success);
    const named = result.error.issues.map((issue) => String(issue.path[0])).filter((field) => fields.includes(field));
    const drop = culprits.length > 0 ? culprits : named;
    // Nothing left to blame: the defaults, which a list schema always accepts.
    if (drop.length === 0) return listDefaults(schema);
    current = without(current, ...drop);
  }
}

/**
 * The list state a URL query asks for. A repeated key counts as its last value (Laravel's rule); a value its field
 * refuses falls back to the field's default without taking the other fields with it.
 */
export function readListParams<S extends ListQuerySchema>(schema: S, search: URLSearchParams, urlKeys?: UrlKeys<S>): ListParams<S> {
  const shape = schema.shape as Record<string, z.ZodType>;
  const input: Record<string, unknown> = {};
  for (const [field, name] of resolveUrlKeys(schema, urlKeys)) {
    const value = search.getAll(name).at(-1);
    if (value === undefined || !shape[field]) continue;
    if (shape[field].safeParse(value).success) input[field] = value;
  }
  return parseDroppingConflicts(schema, input);
}

/**
 * `current` with the list's keys replaced by `params` (other keys, say `utm_source`, are kept). Empty values and
 * defaults are left out, so the plain list has the plain URL.
 */
export function writeListParams<S extends ListQuerySchema>(
  schema: S,
  current: URLSearchParams,
  params: ListPatch<S>,
  urlKeys?: UrlKeys<S>,
): URLSearchParams {
  const defaults = listDefaults(schema) as Record<string, unknown>;
  const next = new URLSearchParams(current);
  for (const [field, name] of resolveUrlKeys(schema, urlKeys)) {
    const value: unknown = params[field];
    if (isEmpty(value) || value === defaults[field]) next.delete(name);
    else next.set(name, String(value).trim());
  }
  return next;
}

/** True when a field the URL keeps, other than the page and its size, is not at its default. */
export function hasListFilters<S extends ListQuerySchema>(schema: S, params: ListParams<S>, urlKeys?: UrlKeys<S>): boolean {
  const defaults = listDefaults(schema) as Record<string, unknown>;
  const values = params as Record<string, unknown>;
  return resolveUrlKeys(schema, urlKeys).some(
    ([field]) => !PAGING_FIELDS.includes(field) && !isEmpty(values[field]) && values[field] !== defaults[field],
  );
}

export interface UseUrlListParamsOptions<S extends ListQuerySchema> {
  /** Which fields the URL keeps, under which names; every field of the schema under its own name unless given. */
  urlKeys?: UrlKeys<S>;
  /**
   * How long `query` waits for the URL to stop changing; LIST_DEBOUNCE_MS unless given. 0 sends every change at
   * once, for a list without a text box whose every change is one deliberate click.
   */
  debounceMs?: number;
}

export interface UrlListParams<S extends ListQuerySchema> {
  /** What the URL asks for now, parsed: what the controls show. */
  params: ListParams<S>;
  /** The non-empty values of `params` once they have been still for the debounce: send these. Stable between changes. */
  query: Partial<ListParams<S>>;
  /** True while `query` waits for the debounce (`params` have changed, `query` not yet). */
  pending: boolean;
  /** True when anything narrows the list (page and page size do not). */
  hasFilters: boolean;
  /** Applies `patch`; the page goes back to 1 unless the patch sets it. No history entry when nothing changes. */
  set: (patch: ListPatch<S>, options?: { replace?: boolean }) => void;
  setPage: (page: number, options?: { replace?: boolean }) => void;
  /** Back to the defaults of every filter and to page 1; the page size stays. */
  clearFilters: () => void;
}

export function useUrlListParams<S extends ListQuerySchema>(schema: S, options: UseUrlListParamsOptions<S> = {}): UrlListParams<S> {
  const { debounceMs = LIST_DEBOUNCE_MS } = options;
  // Callers usually pass a constant; an inline object must not re-read the URL on every render.
  const urlKeysText = JSON.stringify(options.urlKeys ?? null);
  const urlKeys = useMemo(() => JSON.parse(urlKeysText) as UrlKeys<S> | null, [urlKeysText]) ?? undefined;

  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => readListParams(schema, searchParams, urlKeys), [schema, searchParams, urlKeys]);

  // A string key: `params` is a new object for every URL change, the request only changes with its text.
  const key = JSON.stringify(toQueryValues(params));
  const [settledKey, setSettledKey] = useState(key);
  const debounced = debounceMs > 0;
  useEffect(() => {
    if (!debounced || key === settledKey) return undefined;
    const timer = window.setTimeout(() => setSettledKey(key), debounceMs);
    return () => window.clearTimeout(timer);
  }, [debounced, debounceMs, key, settledKey]);
  const sentKey = debounced ? settledKey : key;
  const query = useMemo(() => JSON.parse(sentKey) as Partial<ListParams<S>>, [sentKey]);

  // The URL this hook last wrote, and the render's URL it was written over. Two changes before React renders the
  // first (two selects changed in a row while the router renders the navigation in a transition) must each build on
  // the one before: merging with the render's `params` would drop the first change.
  const lastWrite = useRef<{ over: URLSearchParams; next: URLSearchParams } | null>(null);

  const set = useCallback(
    (patch: ListPatch<S>, { replace = false }: { replace?: boolean } = {}) => {
      const base = lastWrite.current?.over === searchParams ? lastWrite.current.next : searchParams;
      const merged = { ...readListParams(schema, base, urlKeys), ...patch } as ListPatch<S>;
      if (patch.page === undefined) (merged as Record<string, unknown>).page = undefined;
      const next = writeListParams(schema, base, merged, urlKeys);
      if (next.toString() === base.toString()) return;
      lastWrite.current = { over: searchParams, next };
      setSearchParams(next, { replace });
    },
    [schema, searchParams, setSearchParams, urlKeys],
  );

  const setPage = useCallback(
    (page: number, setOptions?: { replace?: boolean }) => set({ page } as unknown as ListPatch<S>, setOptions),
    [set],
  );

  const clearFilters = useCallback(() => {
    const cleared: Record<string, null> = {};
    for (const [field] of resolveUrlKeys(schema, urlKeys)) if (!PAGING_FIELDS.includes(field)) cleared[field] = null;
    set(cleared as ListPatch<S>);
  }, [schema, set, urlKeys]);

  return {
    params,
    query,
    pending: sentKey !== key,
    hasFilters: hasListFilters(schema, params, urlKeys),
    set,
    setPage,
    clearFilters,
  };
}
