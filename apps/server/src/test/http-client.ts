import type { App } from '../app.ts';

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface TestResponse {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
  /** the body's bytes (downloads: xlsx, pdf) */
  rawBody: Buffer;
  json<T = any>(): T; // eslint-disable-line @typescript-eslint/no-explicit-any
  cookies: { name: string; value: string }[];
}

/**
 * A browser-like client over app.inject: it keeps cookies, and like the SPA it sends
 * X-XSRF-TOKEN from the XSRF-TOKEN cookie, Accept: application/json and X-Requested-With.
 */
export class TestClient {
  readonly jar = new Map<string, string>();
  constructor(private readonly app: App) {}

  cookie(name: string): string | undefined {
    return this.jar.get(name);
  }

  /** GET /sanctum/csrf-cookie, as the SPA does before sign-in and the password flows. */
  async csrf(): Promise<void> {
    await this.request('GET', '/sanctum/csrf-cookie');
  }

  get(url: string, headers: Record<string, string> = {}) {
    return this.request('GET', url, undefined, headers);
  }
  post(url: string, payload?: unknown, headers: Record<string, string> = {}) {
    return this.request('POST', url, payload, headers);
  }
  put(url: string, payload?: unknown, headers: Record<string, string> = {}) {
    return this.request('PUT', url, payload, headers);
  }
  patch(url: string, payload?: unknown, headers: Record<string, string> = {}) {
    return this.request('PATCH', url, payload, headers);
  }
  delete(url: string, headers: Record<string, string> = {}) {
    return this.request('DELETE', url, undefined, headers);
  }

  async request(method: Method, url: string, payload?: unknown, extraHeaders: Record<string, string> = {}): Promise<TestResponse> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      ...extraHeaders,
    };
    const xsrf = this.jar.get('XSRF-TOKEN');
    if (xsrf && !('x-xsrf-token' in extraHeaders)) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    if (this.jar.size > 0) {
      headers.cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const response = await this.app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    for (const cookie of response.cookies) {
      const expired = cookie.expires instanceof Date && cookie.expires.getTime() <= Date.now();
      if (cookie.value === '' || expired || cookie.maxAge === 0) this.jar.delete(cookie.name);
      else this.jar.set(cookie.name, cookie.value);
    }
    return {
      statusCode: response.statusCode,
      headers: response.headers,
      body: response.body,
      rawBody: response.rawPayload,
      json: () => response.json(),
      cookies: response.cookies.map((cookie) => ({ name: cookie.name, value: cookie.value })),
    };
  }
}
