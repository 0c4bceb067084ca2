import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex, signHttpApiString } from './realtime/signatures.ts';
import { createTestApp, type TestContext } from './test/test-app.ts';
import { createPartner } from './test/factories.ts';
import { insertSession } from './test/sign-in.ts';
import { createTestOperator, insertOperatorSession } from './test/console-sign-in.ts';
import { XSRF_COOKIE } from './plugins/session.ts';
import { CONSOLE_SESSION_COOKIE } from './plugins/operator-session.ts';
import { CONSOLE_CSRF_COOKIE } from '@portal/contracts/console-session';
import { createRandom } from './db/seeds/booking-catalog.ts';

/**
 * Malformed input for every operation of the app's own OpenAPI document (`app.swagger()`), so a route added
 * tomorrow is covered without touching this file: no answer may be a 5xx. Each query, path and body parameter gets
 * NUL bytes, over-long strings, wrong types, out-of-range numbers, invalid UTF-8 and its percent-encoding, deep
 * JSON and huge arrays, the other parameters staying plausible; each body as a whole gets the wrong shape, deep
 * nesting, a huge array, invalid UTF-8 and another content type. Every request is sent signed out and signed in
 * (both with the CSRF token), and to the Pusher HTTP API (/apps/…) correctly signed with the app's secret.
 *
 * The operations console's endpoints (/api/console/…, issue 14) are sent signed out and with a signed-in admin
 * operator's session and its CSRF header (an admin holds every permission, so each request reaches the route's own
 * validation). There, input that is certainly bad (a NUL byte in any parameter or field, truncated JSON) must be
 * refused with a 4xx that says why (a `message`), not accepted nor answered 5xx.
 *
 * Bounded and repeatable: a fixed seed picks which of the malformed values each parameter gets (a few hundred
 * requests in all, through app.inject), and rate limits are cleared before each request so a 429 cannot hide a
 * deeper error (as the outside probe did). The server's error log of a failing request is in the failure message.
 */

const SEED = 0x5eed_2026;


function pick<T>(random: () => number, values: readonly T[], count: number): T[] {
  const pool = [...values];
  const chosen: T[] = [];
  while (chosen.length < count && pool.length > 0) chosen.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  return chosen;
}

// ---- the malformed values ----

/** Query and path values, already percent-encoded as they go into the URL. */
const ALWAYS_URL_VALUES = ['a%00b', '2147483648', '%C3%28'];
const MORE_URL_VALUES = [
  '%00',
  'x'.repeat(5000),
  '-1',
  '0',
  '1e308',
  '9'.repeat(30),
  'NaN',
  '%FF%FE',
  '%E0%80%80',
  '%ED%A0%80',
  '%',
  '%2',
  'a%0Ab%0D',
  '%1F%7F',
  '..%2F..%2Fetc%2Fpasswd',
  '%5B%5D',
  'true',
  '%F0%9F%98%80',
  '%20%20',
];
/** Path parameters: also one just under and one over Fastify's 100-character limit (414). */
const MORE_PATH_VALUES = [...MORE_URL_VALUES.filter((value) => value.length < 100), 'x'.repeat(99), 'x'.repeat(150)];

function nested(depth: number): unknown {
  let value: unknown = 'x';
  for (let index = 0; index < depth; index += 1) value = index % 2 === 0 ? [value] : { a: value };
  return value;
}

/** JSON body field values. */
const ALWAYS_FIELD_VALUES: unknown[] = ['a\u0000b', 2_147_483_648, { a: 1 }];
const MORE_FIELD_VALUES: unknown[] = [
  '\u0000',
  'x'.repeat(100_000),
  '\uD800',
  'a\uDFFFb',
  '\u0001\u001F\u007F',
  'line\nbreak\ttab',
  -1,
  0,
  1.5,
  1e308,
  2 ** 64,
  -(2 ** 63),
  Number.MAX_SAFE_INTEGER + 2,
  true,
  null,
  [],
  ['a', 'b'],
  '',
  '   ',
  '1',
  nested(500),
  Array.from({ length: 20_000 }, (_, index) => index),
  { __proto__: { polluted: true }, constructor: { prototype: { polluted: true } } },
];

/** `base` as JSON with each string value replaced by bytes that are not UTF-8 (and a field of them when none). */
function withInvalidUtf8(base: Record<string, unknown>): Buffer {
  const marker = '@@not-utf8@@';
  const entries = Object.entries(base).map(([key, value]) => [key, typeof value === 'string' ? marker : value]);
  const text = JSON.stringify(Object.fromEntries(entries.length > 0 ? entries : [['a', marker]]));
  const invalid = Buffer.from([0xc3, 0x28, 0xff, 0xfe, 0xed, 0xa0, 0x80]);
  const parts = text.split(marker).map((part) => Buffer.from(part, 'utf8'));
  return Buffer.concat(parts.flatMap((part, index) => (index === 0 ? [part] : [invalid, part])));
}

interface RawBody {
  label: string;
  payload: string | Buffer;
  contentType: string;
}

/** Whole-body cases for every operation that takes a body. */
function bodyCases(base: Record<string, unknown>): RawBody[] {
  const json = 'application/json';
  const baseText = JSON.stringify(base);
  return [
    { label: 'an array', payload: '[]', contentType: json },
    { label: 'a string', payload: '"x"', contentType: json },
    { label: 'a number', payload: '1e400', contentType: json },
    { label: 'null', payload: 'null', contentType: json },
    { label: 'truncated JSON', payload: baseText.slice(0, -3), contentType: json },
    { label: 'duplicate keys', payload: `{${baseText.slice(1, -1)},${baseText.slice(1, -1)}}`, contentType: json },
    { label: '100k nested arrays', payload: '['.repeat(100_000) + ']'.repeat(100_000), contentType: json },
    { label: '10k nested objects', payload: '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000), contentType: json },
    { label: 'a huge array', payload: JSON.stringify(Array.from({ length: 100_000 }, () => 1)), contentType: json },
    { label: '__proto__ keys', payload: `{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}},${baseText.slice(1)}`, contentType: json },
    { label: 'invalid UTF-8 in every string', payload: withInvalidUtf8(base), contentType: json },
    { label: 'text/plain', payload: baseText, contentType: 'text/plain' },
    { label: 'a form', payload: 'a=%00&b=%C3%28', contentType: 'application/x-www-form-urlencoded' },
    { label: 'multipart', payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n', contentType: 'multipart/form-data; boundary=x' },
    { label: 'an unknown content type', payload: baseText, contentType: 'application/x-fuzz' },
  ];
}

// ---- the OpenAPI document ----

interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  default?: unknown;
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
  minimum?: number;
}

interface Operation {
  method: string;
  path: string;
  query: string[];
  pathParams: string[];
  /** A plausible body (every field of the schema) when the operation takes one; the fields' names. */
  body: { base: Record<string, unknown>; fields: string[]; form: boolean } | undefined;
}

function plausible(name: string, schema: JsonSchema | undefined): unknown {
  if (!schema) return 'abc';
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (variant) return plausible(name, variant);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return {};
    default:
      if (schema.format === 'email' || name.includes('email')) return 'fuzz@example.test';
      if (name.includes('password')) return 'Fuzz-Pass-2026!a';
      if (name === 'phone_country') return 'AE';
      if (name === 'phone') return '+971501234567';
      if (name === 'socket_id') return '1234.5678';
      if (name === 'channel_name') return 'private-App.Models.User.1';
      return 'abc';
  }
}

function operationsOf(document: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = (operation.parameters ?? []) as { in: string; name: string }[];
      const content = (operation.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined)?.content ?? {};
      const schema = content['application/json']?.schema;
      const fields = Object.keys(schema?.properties ?? {});
      operations.push({
        method: method.toUpperCase(),
        path,
        query: parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name),
        pathParams: parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name),
        body:
          schema || method.toUpperCase() !== 'GET'
            ? {
                base: Object.fromEntries(fields.map((field) => [field, plausible(field, schema?.properties?.[field])])),
                fields,
                form: 'application/x-www-form-urlencoded' in content,
              }
            : undefined,
      });
    }
  }
  return operations;
}

// ---- sending ----

type State = 'signed out' | 'signed in' | 'pusher-signed' | 'operator';

const CONSOLE_PATH = '/api/console/';

interface FuzzRequest {
  method: string;
  /** The path with its parameters filled in, percent-encoded. */
  path: string;
  /** The query string, percent-encoded, without '?'. */
  query: string;
  payload?: string | Buffer;
  contentType?: string;
  label: string;
  /** Certainly invalid, whatever the operation (a NUL byte, truncated JSON): must be refused with a 4xx and a reason. */
  bad?: boolean;
}

interface Failure {
  state: State;
  request: string;
  status: number;
  body: string;
  log: string[];
}

describe('fuzzing every operation of the OpenAPI document', () => {
  let context: TestContext;
  let partnerUserId: number;
  let operatorId: number;
  const errorLines: string[] = [];

  beforeAll(async () => {
    context = await createTestApp(
      {},
      {
        logStream: {
          write(line: string) {
            // Errors and warnings only (a 5xx is logged at one of these), at most a few hundred characters each.
            if (/"level":(40|50|60)/.test(line)) errorLines.push(line.slice(0, 600));
          },
        },
      },
    );
    const partner = await createPartner(context.database.pool);
    partnerUserId = partner.userId;
    operatorId = (await createTestOperator(context, { role: 'admin' })).id;
    // Something for the lists to find: a notification of the partner's.
    await context.database.pool.query(`INSERT INTO notifications (user_id, type, title) VALUES ($1, 'fuzz', 'Fuzz')`, [partnerUserId]);
  });

  afterAll(async () => {
    await context?.close();
  });

  async function cookiesFor(state: State): Promise<{ cookie: string; csrf: string } | undefined> {
    if (state === 'pusher-signed') return undefined;
    if (state === 'operator') {
      const session = await insertOperatorSession(context.database.pool, operatorId);
      return { cookie: `${CONSOLE_SESSION_COOKIE}=${session.token}; ${CONSOLE_CSRF_COOKIE}=${encodeURIComponent(session.csrfToken)}`, csrf: session.csrfToken };
    }
    if (state === 'signed in') {
      const session = await insertSession(context.database.pool, partnerUserId);
      return { cookie: `${context.config.sessionCookie}=${session.token}; ${XSRF_COOKIE}=${encodeURIComponent(session.csrfToken)}`, csrf: session.csrfToken };
    }
    const response = await context.app.inject({ method: 'GET', url: '/sanctum/csrf-cookie', headers: { accept: 'application/json' } });
    const jar = response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
    const xsrf = response.cookies.find((cookie) => cookie.name === XSRF_COOKIE)?.value ?? '';
    return { cookie: jar, csrf: decodeURIComponent(xsrf) };
  }

  function pusherQuery(request: FuzzRequest): string {
    const params: Record<string, string> = {
      auth_key: context.config.pusher.key,
      auth_timestamp: String(Math.floor(Date.now() / 1000)),
      auth_version: '1.0',
    };
    if (request.payload !== undefined && request.payload.length > 0) params.body_md5 = md5Hex(request.payload);
    params.auth_signature = signHttpApiString(context.config.pusher.secret, request.method, request.path, params);
    return new URLSearchParams(params).toString();
  }

  async function send(
    state: State,
    session: { cookie: string; csrf: string } | undefined,
    request: FuzzRequest,
    failures: Failure[],
  ): Promise<{ status: number; body: string; url: string }> {
    await context.database.pool.query('DELETE FROM rate_limits');
    const query = state === 'pusher-signed' ? [request.query, pusherQuery(request)].filter(Boolean).join('&') : request.query;
    const url = query ? `${request.path}?${query}` : request.path;
    const headers: Record<string, string> = { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' };
    if (session) {
      headers.cookie = session.cookie;
      headers['x-xsrf-token'] = session.csrf;
    }
    if (request.contentType) headers['content-type'] = request.contentType;
    const logged = errorLines.length;
    let status: number;
    let body: string;
    try {
      const response = await context.app.inject({
        method: request.method as 'GET',
        url,
        headers,
        ...(request.payload === undefined ? {} : { payload: request.payload }),
      });
      status = response.statusCode;
      body = response.body;
    } catch (error) {
      status = 599;
      body = `inject threw: ${String(error)}`;
    }
    if (status >= 500) {
      failures.push({
        state,
        request: `${request.method} ${url.slice(0, 200)} (${request.label})`,
        status,
        body: body.slice(0, 300),
        log: errorLines.slice(logged),
      });
    }
    return { status, body, url };
  }

  function requestsFor(operation: Operation, random: () => number, perParameter: number): FuzzRequest[] {
    const requests: FuzzRequest[] = [];
    const fillPath = (values: Record<string, string>) =>
      operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => values[name] ?? (name === 'appId' ? 'portal' : name === 'channelName' ? 'presence-agent.1' : '1'));
    const plainBody = operation.body ? JSON.stringify(operation.body.base) : undefined;
    const withBody = (request: Omit<FuzzRequest, 'payload' | 'contentType'>): FuzzRequest =>
      plainBody === undefined ? request : { ...request, payload: plainBody, contentType: 'application/json' };

    for (const name of operation.pathParams) {
      for (const value of [...ALWAYS_URL_VALUES, ...pick(random, MORE_PATH_VALUES, perParameter)]) {
        requests.push(withBody({ method: operation.method, path: fillPath({ [name]: value }), query: '', label: `path ${name}`, bad: value.includes('%00') }));
      }
    }
    for (const name of operation.query) {
      for (const value of [...ALWAYS_URL_VALUES, ...pick(random, MORE_URL_VALUES, perParameter)]) {
        requests.push(withBody({ method: operation.method, path: fillPath({}), query: `${name}=${value}`, label: `query ${name}`, bad: value.includes('%00') }));
      }
      // Repeated and bracketed keys.
      requests.push(withBody({ method: operation.method, path: fillPath({}), query: `${name}=1&${name}=%00&${name}[]=x&${name}[a]=b`, label: `query ${name} repeated` }));
    }
    if (operation.body) {
      const { base, fields, form } = operation.body;
      for (const field of fields) {
        for (const value of [...ALWAYS_FIELD_VALUES, ...pick(random, MORE_FIELD_VALUES, perParameter)]) {
          requests.push({
            method: operation.method,
            path: fillPath({}),
            query: '',
            payload: JSON.stringify({ ...base, [field]: value }),
            contentType: 'application/json',
            label: `body ${field}`,
            bad: typeof value === 'string' && value.includes('\u0000'),
          });
        }
        if (form) {
          requests.push({
            method: operation.method,
            path: fillPath({}),
            query: '',
            payload: `${field}=a%00b&${field}=%C3%28`,
            contentType: 'application/x-www-form-urlencoded',
            label: `form ${field}`,
            bad: true,
          });
        }
      }
      for (const raw of pick(random, bodyCases(base), Math.max(4, perParameter + 2))) {
        requests.push({
          method: operation.method,
          path: fillPath({}),
          query: '',
          payload: raw.payload,
          contentType: raw.contentType,
          label: `body: ${raw.label}`,
          bad: raw.label === 'truncated JSON',
        });
      }
    }
    if (requests.length === 0) requests.push(withBody({ method: operation.method, path: fillPath({}), query: 'x=%00&y=%C3%28', label: 'unknown query' }));
    return requests;
  }

  /** A 4xx answer that says why: JSON with a non-empty `message`. */
  function refusedWithReason(status: number, body: string): boolean {
    if (status < 400 || status >= 500) return false;
    try {
      const message = (JSON.parse(body) as { message?: unknown }).message;
      return typeof message === 'string' && message.trim() !== '';
    } catch {
      return false;
    }
  }

  it('answers no 5xx to malformed input, signed out, signed in, as an operator and (Pusher API) signed', { timeout: 600_000 }, async () => {
    const operations = operationsOf(context.app.swagger() as never);
    const random = createRandom(SEED);
    const failures: Failure[] = [];
    // Operator requests with certainly bad input that were not refused with a 4xx and a reason.
    const accepted: { request: string; status: number; body: string }[] = [];
    const statuses = new Map<number, number>();
    const operatorStatuses = new Map<number, number>();
    const exercised = new Set<string>();
    // Console operations that answered an operator something other than 401 (no session) or 419 (CSRF).
    const reached = new Set<string>();
    let sent = 0;

    for (const operation of operations) {
      const states: State[] = operation.path.startsWith('/apps/')
        ? ['signed out', 'pusher-signed']
        : operation.path.startsWith(CONSOLE_PATH)
          ? ['signed out', 'operator']
          : ['signed out', 'signed in'];
      for (const state of states) {
        // Signed in (as a partner or an operator, or signed with the app's secret) gets two extra values per
        // parameter, signed out one.
        const requests = requestsFor(operation, random, state === 'signed out' ? 1 : 2);
        // A session of its own for each operation: one (sign-out, say) may end it.
        const session = await cookiesFor(state);
        for (const request of requests) {
          const { status, body, url } = await send(state, session, request, failures);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          sent += 1;
          if (state !== 'operator') continue;
          operatorStatuses.set(status, (operatorStatuses.get(status) ?? 0) + 1);
          if (status !== 401 && status !== 419) reached.add(`${operation.method} ${operation.path}`);
          if (request.bad && !refusedWithReason(status, body)) {
            accepted.push({ request: `${request.method} ${url.slice(0, 200)} (${request.label})`, status, body: body.slice(0, 300) });
          }
        }
        exercised.add(`${state} ${operation.method} ${operation.path}`);
      }
    }

    expect(failures, JSON.stringify(failures, null, 2)).toEqual([]);
    expect(accepted, JSON.stringify(accepted, null, 2)).toEqual([]);
    // Every console endpoint was fuzzed past the operator's session and CSRF check, most of them to their validation.
    const consoleOperations = operations.filter((operation) => operation.path.startsWith(CONSOLE_PATH));
    expect(consoleOperations.length).toBeGreaterThanOrEqual(10);
    expect([...reached].sort()).toEqual(consoleOperations.map((operation) => `${operation.method} ${operation.path}`).sort());
    expect(operatorStatuses.get(422) ?? 0).toBeGreaterThan(consoleOperations.length);
    // The fuzz reached what it meant to: every operation of the document in each state, and past the session and
    // CSRF checks to the routes' own validation (422) and the Pusher API's (400, 413, 415).
    expect(operations.length).toBeGreaterThanOrEqual(25);
    expect(exercised.size).toBe(operations.length * 2);
    expect(statuses.get(422) ?? 0).toBeGreaterThan(100);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(10);
    expect(statuses.get(415) ?? 0).toBeGreaterThan(0);
    // Bounded: some tens of requests per operation (the document grows with every area).
    expect(sent).toBeGreaterThan(300);
    expect(sent).toBeLessThan(operations.length * 60);
  });
});
