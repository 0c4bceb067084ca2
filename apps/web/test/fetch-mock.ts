import { vi } from 'vitest';

/** What a stubbed fetch saw: the method, the path (no query), the parsed query, the headers and the JSON body. */
export interface RecordedRequest {
  method: string;
  url: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

export type MockHandler = (request: RecordedRequest) => Response | Promise<Response>;

/** A JSON answer; `null` body for 204. */
export function jsonResponse(status: number, body?: unknown, headers: Record<string, string> = {}): Response {
  if (status === 204 || body === undefined) return new Response(null, { status, headers });
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

/**
 * Replaces the global fetch with a table of `'METHOD /path'` → handler (or a fixed Response factory). Unknown calls
 * answer 404 JSON. GET /sanctum/csrf-cookie answers 204 and sets the XSRF-TOKEN cookie unless the table says
 * otherwise. Returns the recorded requests.
 */
export function mockFetch(table: Record<string, MockHandler>) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const parsed = new URL(url, window.location.origin);
    const method = (init.method ?? 'GET').toUpperCase();
    let body: unknown = init.body ?? undefined;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        // keep the text
      }
    }
    const request: RecordedRequest = {
      method,
      url,
      path: parsed.pathname,
      query: parsed.searchParams,
      headers: new Headers(init.headers),
      body,
    };
    requests.push(request);
    const handler = table[`${method} ${parsed.pathname}`];
    if (handler) return handler(request);
    if (method === 'GET' && parsed.pathname === '/sanctum/csrf-cookie') {
      document.cookie = 'XSRF-TOKEN=test-token%3D%3D; path=/';
      return jsonResponse(204);
    }
    return jsonResponse(404, { message: `No mock for ${method} ${parsed.pathname}` });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    requests,
    /** Requests to `METHOD /path`. */
    calls: (method: string, path: string) => requests.filter((request) => request.method === method && request.path === path),
  };
}

export function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}
