/**
 * The one HTTP client of the SPA (spec §7). Every call to the API goes through here, so every call:
 * - speaks JSON (`Accept: application/json`, which Fortify-style servers need to answer JSON errors),
 * - carries `X-Requested-With: XMLHttpRequest` and the anti-forgery header `X-XSRF-TOKEN` (the XSRF-TOKEN
 *   cookie, URL-decoded: a raw `%3D` would be refused),
 * - carries `X-Socket-ID` once the realtime connection has one, so the server can leave this tab out of its
 *   own broadcasts (`toOthers()`), and only to this origin (a third-party CORS preflight would fail on it),
 * - on a 419 (CSRF mismatch: the session or its token changed) refetches the cookie and retries once,
 * - on a 401 tells the registered handler (the auth store signs the user out) and rethrows,
 * - on a 403 `password_update_required` tells its handler (the app goes to /update-password) and rethrows,
 * - throws an HttpError for any other non-2xx answer; a 503 (the portal's database is unreachable) or a proxy's
 *   502/504 carries SERVICE_UNAVAILABLE_MESSAGE, so no page shows "Server Error" or, at sign-in, a CSRF mismatch,
 * - says which language the reader uses (`Accept-Language`), so the server's messages (422 field errors) follow it.
 */
import type { z } from 'zod';
import { SERVICE_UNAVAILABLE_MESSAGE } from '@portal/contracts/errors';
import { AUTH_ERROR_CODES } from '@portal/contracts/session';
import { currentLocale, sharedText } from '../i18n/i18n';

export const CSRF_COOKIE_NAME = 'XSRF-TOKEN';
export const CSRF_COOKIE_URL = '/sanctum/csrf-cookie';

/**
 * Where this page's session hands out its anti-forgery token. The partner SPA uses Sanctum's; the operations console
 * (its own entry, a session of its own) sets its cookie and URL once at start (console/main.tsx).
 */
const csrfSettings = { cookieName: CSRF_COOKIE_NAME, cookieUrl: CSRF_COOKIE_URL };

export function configureCsrf(settings: { cookieName: string; cookieUrl: string }): void {
  csrfSettings.cookieName = settings.cookieName;
  csrfSettings.cookieUrl = settings.cookieUrl;
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What every page shows when the portal cannot serve the request right now (the server sends the same words). */
export { SERVICE_UNAVAILABLE_MESSAGE };
/** 503 from the portal (its database is down: it says Retry-After); 502/504 from a proxy in front of it. */
const UNAVAILABLE_STATUSES = new Set([502, 503, 504]);

/** A non-2xx answer. `body` is the parsed JSON body when there was one, else the text (or null). */
export class HttpError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly headers: Headers;

  constructor(status: number, body: unknown, message: string, headers: Headers = new Headers()) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.body = body;
    this.headers = headers;
  }

  /** The portal cannot serve requests right now (503, or a proxy's 502/504): try again later. */
  get unavailable(): boolean {
    return UNAVAILABLE_STATUSES.has(this.status);
  }

  /** The `code` of a `{message, code}` body (403 approval_pending, password_update_required…). */
  get code(): string | undefined {
    const code = isRecord(this.body) ? this.body.code : undefined;
    return typeof code === 'string' ? code : undefined;
  }

  /** Laravel's 422 `errors: {field: [messages]}`, or {} when the body has none. */
  get fieldErrors(): Record<string, string[]> {
    const errors = isRecord(this.body) ? this.body.errors : undefined;
    if (!isRecord(errors)) return {};
    const result: Record<string, string[]> = {};
    for (const [field, messages] of Object.entries(errors)) {
      if (Array.isArray(messages)) result[field] = messages.filter((message): message is string => typeof message === 'string');
      else if (typeof messages === 'string') result[field] = [messages];
    }
    return result;
  }
}

export function isHttpError(error: unknown, status?: number): error is HttpError {
  return error instanceof HttpError && (status === undefined || error.status === status);
}

/** The server's message for an error, or `fallback` (network failures, unreadable answers). */
export function errorMessage(error: unknown, fallback?: string): string {
  const otherwise = fallback ?? sharedText('errors.requestFailed');
  if (error instanceof HttpError) return error.message || otherwise;
  return otherwise;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// ---- hooks the rest of the app registers ----

type Listener = (error: HttpError) => void;
const unauthorizedListeners = new Set<Listener>();
const passwordUpdateListeners = new Set<Listener>();

/** Called on every 401 (except calls made with `signOutOnUnauthorized: false`). Returns an unsubscribe. */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** Called on every 403 whose code is `password_update_required`. Returns an unsubscribe. */
export function onPasswordUpdateRequired(listener: Listener): () => void {
  passwordUpdateListeners.add(listener);
  return () => passwordUpdateListeners.delete(listener);
}

let socketId: string | null = null;

/** The realtime client calls this with its socket id once connected, and with null when it disconnects. */
export function setSocketId(id: string | null): void {
  socketId = id;
}

export function getSocketId(): string | null {
  return socketId;
}

// ---- CSRF cookie ----

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return null;
}

/** The XSRF-TOKEN cookie as the server wants it back: URL-decoded. */
export function csrfToken(): string | null {
  const raw = readCookie(csrfSettings.cookieName);
  if (!raw) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

let csrfRequest: Promise<void> | null = null;

/**
 * GET /sanctum/csrf-cookie: starts a session and (re)sets the XSRF-TOKEN cookie. Called before sign-in, the
 * password calls and registration, and again after a 419. Concurrent callers share one request.
 */
export function ensureCsrfCookie(): Promise<void> {
  csrfRequest ??= (async () => {
    try {
      const response = await fetch(csrfSettings.cookieUrl, {
        method: 'GET',
        headers: baseHeaders(csrfSettings.cookieUrl),
        credentials: 'same-origin',
      });
      if (!response.ok) throw await toHttpError(response);
    } finally {
      csrfRequest = null;
    }
  })();
  return csrfRequest;
}

// ---- requests ----

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  /** Query string parameters; empty values ('' / null / undefined) are left out (spec §7). */
  query?: Record<string, QueryValue>;
  /** JSON-encoded unless it is FormData, a Blob or a string. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * false on the sign-in, two-factor, one-time link and sign-out calls: their 401 is an answer to show, not a
   * session that ended, and signing out from inside sign-out would loop.
   */
  signOutOnUnauthorized?: boolean;
}

export function buildUrl(url: string, query?: Record<string, QueryValue>): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  const search = params.toString();
  if (!search) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${search}`;
}

function isSameOrigin(url: string): boolean {
  if (typeof window === 'undefined') return true;
  try {
    return new URL(url, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}

function baseHeaders(url: string): Headers {
  const headers = new Headers({
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
    'Accept-Language': currentLocale(),
  });
  if (isSameOrigin(url)) {
    const token = csrfToken();
    if (token) headers.set('X-XSRF-TOKEN', token);
    if (socketId) headers.set('X-Socket-ID', socketId);
  }
  return headers;
}

function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams || typeof body === 'string') {
    return body;
  }
  headers.set('Content-Type', 'application/json');
  return JSON.stringify(body);
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

async function toHttpError(response: Response): Promise<HttpError> {
  const body = await readBody(response).catch(() => null);
  const message = UNAVAILABLE_STATUSES.has(response.status)
    ? sharedText('errors.serviceUnavailable')
    : isRecord(body) && typeof body.message === 'string' && body.message
      ? body.message
      : response.statusText || `Request failed with status ${response.status}`;
  return new HttpError(response.status, body, message, response.headers);
}

function notify(listeners: Set<Listener>, error: HttpError): void {
  for (const listener of [...listeners]) {
    try {
      listener(error);
    } catch (listenerError) {
      console.error(listenerError);
    }
  }
}

/**
 * Sends a request with the app's headers, the 419 retry and the 401/403 hooks, and returns the raw Response
 * whatever its status. `request` and `getBlob` build on it; `download.ts` can take it as its `fetcher`.
 */
export async function send(method: string, url: string, options: RequestOptions = {}): Promise<Response> {
  const upper = method.toUpperCase();
  const target = buildUrl(url, options.query);
  const unsafe = UNSAFE_METHODS.has(upper);

  const attempt = async (): Promise<Response> => {
    if (unsafe && isSameOrigin(target) && !csrfToken()) await ensureCsrfCookie();
    const headers = baseHeaders(target);
    for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
    const body = encodeBody(options.body, headers);
    return fetch(target, { method: upper, headers, body, credentials: 'same-origin', signal: options.signal });
  };

  let response = await attempt();
  if (response.status === 419 && unsafe) {
    // The session (and so its token) changed under us, e.g. after sign-in or sign-out in another tab.
    await ensureCsrfCookie();
    response = await attempt();
  }

  if (response.status === 401 && options.signOutOnUnauthorized !== false) {
    notify(unauthorizedListeners, await toHttpError(response.clone()));
  } else if (response.status === 403) {
    const error = await toHttpError(response.clone());
    if (error.code === AUTH_ERROR_CODES.passwordUpdateRequired) notify(passwordUpdateListeners, error);
  }
  return response;
}

/** `fetch`-shaped: for helpers that take a fetcher (download.ts). Never throws on a status. */
export function sessionFetch(input: string, init: RequestInit = {}): Promise<Response> {
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, name) => {
    headers[name] = value;
  });
  return send(init.method ?? 'GET', input, { body: init.body ?? undefined, headers, signal: init.signal ?? undefined });
}

export interface JsonRequestOptions<Schema extends z.ZodType | undefined> extends RequestOptions {
  /** Parses (and so checks) the answer with the contract's schema. */
  schema?: Schema;
}

type Parsed<Schema> = Schema extends z.ZodType ? z.infer<Schema> : unknown;

/** Sends a JSON request; resolves with the parsed answer (undefined for 204), throws HttpError on non-2xx. */
export async function request<Schema extends z.ZodType | undefined = undefined>(
  method: string,
  url: string,
  options: JsonRequestOptions<Schema> = {},
): Promise<Parsed<Schema>> {
  const response = await send(method, url, options);
  if (!response.ok) throw await toHttpError(response);
  const body = response.status === 204 ? undefined : await readBody(response);
  return (options.schema ? options.schema.parse(body) : body) as Parsed<Schema>;
}

/** Downloads a file (exports, PDFs): the Blob and the answer's headers (Content-Disposition…). */
export async function getBlob(
  url: string,
  options: RequestOptions = {},
): Promise<{ blob: Blob; headers: Headers }> {
  const response = await send('GET', url, { ...options, headers: { Accept: '*/*', ...options.headers } });
  if (!response.ok) throw await toHttpError(response);
  return { blob: await response.blob(), headers: response.headers };
}

type BodyOptions<Schema extends z.ZodType | undefined> = Omit<JsonRequestOptions<Schema>, 'body'>;

export const http = {
  get: <Schema extends z.ZodType | undefined = undefined>(url: string, options?: JsonRequestOptions<Schema>) =>
    request<Schema>('GET', url, options),
  post: <Schema extends z.ZodType | undefined = undefined>(url: string, body?: unknown, options?: BodyOptions<Schema>) =>
    request<Schema>('POST', url, { ...options, body }),
  put: <Schema extends z.ZodType | undefined = undefined>(url: string, body?: unknown, options?: BodyOptions<Schema>) =>
    request<Schema>('PUT', url, { ...options, body }),
  patch: <Schema extends z.ZodType | undefined = undefined>(url: string, body?: unknown, options?: BodyOptions<Schema>) =>
    request<Schema>('PATCH', url, { ...options, body }),
  delete: <Schema extends z.ZodType | undefined = undefined>(url: string, options?: JsonRequestOptions<Schema>) =>
    request<Schema>('DELETE', url, options),
  getBlob,
};
