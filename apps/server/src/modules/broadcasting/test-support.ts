import Pusher, { type Channel } from 'pusher-js';
import PusherServer from 'pusher';
import type pg from 'pg';
import type { Config } from '../../config.ts';
import { XSRF_COOKIE } from '../../plugins/session.ts';
import type { TestClient } from '../../test/http-client.ts';
import { insertSession } from '../../test/sign-in.ts';
import { signInSocket, waitFor } from '../../realtime/test-support.ts';

export { signInSocket, waitFor };

/** Test helpers only: signed-in sessions, the real pusher-js client in Node, and waiting with timeouts. */


export interface SignedInSession {
  /** `Cookie` header value carrying the session (and XSRF) cookies, for requests outside a TestClient. */
  cookie: string;
  xsrf: string;
}

/**
 * Signs `userId` in the way a successful /api/login leaves a browser: a session row and its two cookies
 * (set in `client`'s jar when given).
 */
export async function signIn(pool: pg.Pool, config: Config, userId: number, client?: TestClient): Promise<SignedInSession> {
  const { token, csrfToken } = await insertSession(pool, userId);
  client?.jar.set(config.sessionCookie, token);
  client?.jar.set(XSRF_COOKIE, csrfToken);
  return { cookie: `${config.sessionCookie}=${token}; ${XSRF_COOKIE}=${csrfToken}`, xsrf: csrfToken };
}

let headerCheckDisabled = false;
/**
 * pusher-js's Node build posts to the auth endpoints through the `xmlhttprequest` shim, which silently drops
 * `Cookie` (it applies the browser's forbidden-header list, though there is no cookie jar to replace it).
 * A browser sends its cookies by itself; in Node the test lifts that check so the real ajax transport
 * (form-urlencoded socket_id and channel_name, status → subscription_error) runs with a real session cookie.
 */
function allowCookieHeader(): void {
  if (headerCheckDisabled) return;
  headerCheckDisabled = true;
  const runtime = Pusher.Runtime as unknown as { createXHR(): { setDisableHeaderCheck?(state: boolean): void } };
  const original = runtime.createXHR.bind(runtime);
  runtime.createXHR = () => {
    const xhr = original();
    xhr.setDisableHeaderCheck?.(true);
    return xhr;
  };
}

export function createPusherClient(input: {
  port: number;
  key: string;
  cookie?: string;
  /** '/broadcasting/auth' (default) or '/api/broadcasting/auth'. */
  authPath?: string;
}): Pusher {
  allowCookieHeader();
  const base = `http://127.0.0.1:${input.port}`;
  const headers = {
    accept: 'application/json',
    'x-requested-with': 'XMLHttpRequest',
    ...(input.cookie ? { cookie: input.cookie } : {}),
  };
  return new Pusher(input.key, {
    cluster: 'mt1',
    wsHost: '127.0.0.1',
    wsPort: input.port,
    forceTLS: false,
    enabledTransports: ['ws'],
    channelAuthorization: { endpoint: `${base}${input.authPath ?? '/broadcasting/auth'}`, transport: 'ajax', headers },
    userAuthentication: { endpoint: `${base}/broadcasting/user-auth`, transport: 'ajax', headers },
  });
}

export function createPusherServer(config: Config, port: number): PusherServer {
  return new PusherServer({
    appId: config.pusher.appId,
    key: config.pusher.key,
    secret: config.pusher.secret,
    host: '127.0.0.1',
    port: String(port),
    useTLS: false,
  });
}


export function waitForConnection(pusher: Pusher): Promise<string> {
  return waitFor<string>('pusher connected', (resolve) => {
    if (pusher.connection.state === 'connected') {
      resolve(pusher.connection.socket_id);
      return;
    }
    const onConnected = () => resolve(pusher.connection.socket_id);
    pusher.connection.bind('connected', onConnected);
    return () => pusher.connection.unbind('connected', onConnected);
  });
}

export function waitForSubscription(channel: Channel): Promise<unknown> {
  return waitFor(`subscription to ${channel.name}`, (resolve) => {
    const onSucceeded = (data: unknown) => resolve(data);
    channel.bind('pusher:subscription_succeeded', onSucceeded);
    return () => channel.unbind('pusher:subscription_succeeded', onSucceeded);
  });
}

export function waitForEvent<T = unknown>(channel: Channel, event: string, timeoutMs?: number): Promise<T> {
  return waitFor<T>(
    `${event} on ${channel.name}`,
    (resolve) => {
      const handler = (data: T) => resolve(data);
      channel.bind(event, handler);
      return () => channel.unbind(event, handler);
    },
    timeoutMs,
  );
}

/**
 * Resolves when the service closes the connection for good (terminate_connections: 4009, which pusher-js does
 * not retry), with the state it ended in.
 */
export function waitForTermination(pusher: Pusher, timeoutMs?: number): Promise<string> {
  return waitFor<string>(
    'connection closed by the service',
    (resolve) => {
      const onChange = ({ current }: { current: string }) => {
        if (current === 'disconnected' || current === 'failed') resolve(current);
      };
      pusher.connection.bind('state_change', onChange);
      return () => pusher.connection.unbind('state_change', onChange);
    },
    timeoutMs,
  );
}

/** Collects every `event` on `channel` from now on. */
export function collectEvents<T = unknown>(channel: Channel, event: string): T[] {
  const received: T[] = [];
  channel.bind(event, (data: T) => received.push(data));
  return received;
}

export function disconnectAll(clients: Pusher[]): void {
  for (const client of clients) client.disconnect();
  clients.length = 0;
}
