/**
 * The SPA's realtime connection (spec §1, §7, §8): pusher-js through laravel-echo, websocket only, namespace
 * 'App.Events', channel authorisation at /broadcasting/auth and user authentication at /broadcasting/user-auth.
 *
 * - Where to connect comes from the server (GET /api/realtime/config): the embedded service at the portal's own
 *   origin (TLS on 443 over HTTPS), or an external Pusher-compatible service. One build serves both.
 * - It connects once someone is signed in who may use the portal, and disconnects at sign-out (`followSession`).
 *   A user who must still change their password is not connected: the server refuses their channel (403) until
 *   they have (the auth store's `watchSession` reports them only then). One connection per tab, on the user's
 *   private channel `App.Models.User.{id}`, signed in as the user (`pusher:signin`).
 * - Once connected, the socket id goes to the HTTP client (`setSocketId`), which sends it as `X-Socket-ID` so the
 *   server leaves this tab out of the events its own requests cause; null again when the socket drops.
 * - pusher-js reconnects by itself after a drop. Events sent meanwhile are lost, so every reconnection is
 *   announced (`onRealtimeReconnect`) and the features refetch what they show.
 * - A refused channel authorisation arrives as pusher-js's `pusher:subscription_error` (spec §8) and is logged.
 * - When the server ends a user's sessions (password change or reset, rejection) it closes every socket signed in as
 *   that user (pusher:error 4009, then the close, which pusher-js does not retry), the sockets of the session it
 *   kept included. A tab whose socket was closed that way asks whether its own session still lives
 *   (`followSession`'s `confirm`): yes (the browser that changed the password) reconnects and refetches; no (401)
 *   signs the tab out; no answer asks again later. At most 3 reconnections a minute per user; more wait.
 */
import type Echo from 'laravel-echo';
import {
  BROADCASTING_AUTH_ENDPOINT,
  BROADCASTING_USER_AUTH_ENDPOINT,
  REALTIME_NAMESPACE,
  REALTIME_UNAUTHORIZED_CODE,
  realtimeConfigSchema,
  userChannelName,
  type RealtimeConfig,
} from '@portal/contracts/realtime';
import { csrfToken, http, setSocketId } from './http';

export type RealtimeEcho = Echo<'pusher'>;
type PrivateChannel = ReturnType<RealtimeEcho['private']>;
type Callback = (data: unknown) => void;

export const REALTIME_CONFIG_URL = '/api/realtime/config';
/** After a failed config request, try again this much later (while still signed in). */
const CONFIG_RETRY_MS = 15_000;
/** At most this many reconnections after terminations a minute: a server that keeps terminating is not chased. */
const MAX_RESUMES_PER_MINUTE = 3;
const RESUME_WINDOW_MS = 60_000;

interface Connection {
  userId: number;
  echo: RealtimeEcho;
  channel: PrivateChannel;
  /** True once the first connection was made: the next 'connected' is a reconnection. */
  connectedBefore: boolean;
  /** A pusher:error 4009 came since the last 'connected': if the socket now closes, the server terminated it. */
  terminationSeen: boolean;
}

let connection: Connection | null = null;
/** Bumped by every connect/disconnect, so a config answer that arrives late knows it is outdated. */
let generation = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let configRequest: Promise<RealtimeConfig> | null = null;
/**
 * Whether the tab's session still lives (GET /api/user), given by `followSession`: true, false (401: the tab is
 * being signed out), or it throws when it could not tell.
 */
let confirmSession: (() => Promise<boolean>) | null = null;
/** When the reconnections after terminations of the last minute happened (ms), for MAX_RESUMES_PER_MINUTE. */
let resumes: { userId: number; at: number[] } = { userId: 0, at: [] };
let resumeTimer: ReturnType<typeof setTimeout> | undefined;
/** Events were missed before the next connection: its first 'connected' is announced as a reconnection. */
let announceNextConnection = false;

/** Listeners on the user's private channel, kept across reconnections and sign-ins. */
const userChannelListeners = new Set<{ event: string; callback: Callback }>();
const reconnectListeners = new Set<() => void>();

/** Headers of the auth calls pusher-js makes: read at each call, since the XSRF token changes at sign-in. */
function authHeaders(): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
  const token = csrfToken();
  if (token) headers['X-XSRF-TOKEN'] = token;
  return headers;
}

/** Asked at each sign-in (a deploy may have moved the service); concurrent callers share one request. */
function fetchConfig(): Promise<RealtimeConfig> {
  configRequest ??= http.get(REALTIME_CONFIG_URL, { schema: realtimeConfigSchema }).finally(() => {
    configRequest = null;
  });
  return configRequest;
}

/**
 * Builds the Echo instance (and so opens the socket). Echo and pusher-js load on first use, after sign-in, so the
 * sign-in page and the first paint of the layout do not wait for them.
 */
export async function createEcho(config: RealtimeConfig): Promise<RealtimeEcho> {
  const [{ default: Echo }, { default: Pusher }] = await Promise.all([import('laravel-echo'), import('pusher-js')]);
  return new Echo({
    broadcaster: 'pusher',
    Pusher,
    key: config.key,
    cluster: config.cluster,
    ...(config.wsHost ? { wsHost: config.wsHost } : {}),
    wsPort: config.wsPort,
    wssPort: config.wssPort,
    forceTLS: config.forceTLS,
    enabledTransports: config.enabledTransports,
    namespace: REALTIME_NAMESPACE,
    authEndpoint: BROADCASTING_AUTH_ENDPOINT,
    channelAuthorization: { endpoint: BROADCASTING_AUTH_ENDPOINT, transport: 'ajax', headersProvider: authHeaders },
    userAuthentication: {
      endpoint: BROADCASTING_USER_AUTH_ENDPOINT,
      transport: 'ajax',
      headers: {},
      headersProvider: authHeaders,
    },
    // Our fetch client adds X-Socket-ID itself; Echo's axios/jQuery/Vue/Turbo interceptors have nothing to do.
    withoutInterceptors: true,
  });
}

function bindListener(channel: PrivateChannel, listener: { event: string; callback: Callback }): void {
  channel.listen(listener.event, listener.callback);
}

function open(userId: number, echo: RealtimeEcho): void {
  const channel = echo.private(userChannelName(userId));
  channel.error((error: unknown) => {
    // Spec §8: pusher-js reports a refused authorisation as pusher:subscription_error; say so in the console.
    console.error(`Realtime: authorisation of ${userChannelName(userId)} failed`, error);
  });
  for (const listener of userChannelListeners) bindListener(channel, listener);
  // pusher:signin (through /broadcasting/user-auth) ties the socket to the user, so the server can close every
  // socket of an account it locks out (terminate_connections), on every process.
  echo.connector.pusher.signin();

  const current: Connection = { userId, echo, channel, connectedBefore: announceNextConnection, terminationSeen: false };
  announceNextConnection = false;
  connection = current;
  echo.connector.pusher.connection.bind('error', (error: unknown) => {
    // (The server also answers a refused subscription with a 4009 and keeps the socket: only a close that follows counts.)
    if (connection === current && isTermination(error)) current.terminationSeen = true;
  });
  echo.connector.pusher.connection.bind('state_change', ({ current: state }: { previous: string; current: string }) => {
    if (connection !== current) return;
    if (state === 'connected') {
      current.terminationSeen = false;
      setSocketId(echo.socketId() ?? null);
      if (current.connectedBefore) for (const listener of [...reconnectListeners]) safely(listener);
      current.connectedBefore = true;
    } else {
      // A new socket id comes with the next connection; until then no request may claim this one.
      setSocketId(null);
      // pusher-js gives a socket closed with 4009 up ('disconnected'), and does not try again.
      if (state === 'disconnected' && current.terminationSeen) resumeAfterTermination(current);
    }
  });
}

function isTermination(error: unknown): boolean {
  const data = (error as { data?: { code?: unknown } } | null)?.data;
  return data?.code === REALTIME_UNAUTHORIZED_CODE;
}

/**
 * The server closed this socket because it ended sessions of the user. Reconnect if this tab's session is one it
 * kept; a dead one is signed out by `confirmSession` (its 401), and following the session then disconnects.
 */
function resumeAfterTermination(terminated: Connection): void {
  const mine = generation;
  const now = Date.now();
  if (resumes.userId !== terminated.userId) resumes = { userId: terminated.userId, at: [] };
  resumes.at = resumes.at.filter((at) => now - at < RESUME_WINDOW_MS);
  if (resumes.at.length >= MAX_RESUMES_PER_MINUTE) {
    // Not chased: tried again once the oldest reconnection is a minute old.
    scheduleResume(terminated, mine, resumes.at[0]! + RESUME_WINDOW_MS - now);
    return;
  }
  resumes.at.push(now);
  void (async () => {
    let alive: boolean;
    try {
      alive = confirmSession ? await confirmSession() : false;
    } catch {
      // Could not tell (offline, a server error): ask again later, still within the budget above.
      scheduleResume(terminated, mine, CONFIG_RETRY_MS);
      return;
    }
    // Signed out, or another connection meanwhile: nothing to resume.
    if (!alive || mine !== generation || connection !== terminated) return;
    disconnectRealtime();
    // Events sent while the socket was closed are lost: the new socket's first 'connected' says so.
    announceNextConnection = true;
    await connectRealtime(terminated.userId);
  })();
}

function scheduleResume(terminated: Connection, mine: number, delayMs: number): void {
  clearTimeout(resumeTimer);
  resumeTimer = setTimeout(() => {
    if (mine === generation && connection === terminated) resumeAfterTermination(terminated);
  }, delayMs);
}

function safely(listener: () => void): void {
  try {
    listener();
  } catch (error) {
    console.error(error);
  }
}

/** Opens the connection for `userId` (after fetching where to), replacing one for another user. */
export async function connectRealtime(userId: number): Promise<void> {
  if (connection?.userId === userId) return;
  disconnectRealtime();
  const mine = ++generation;
  try {
    const config = await fetchConfig();
    if (mine !== generation) return;
    const echo = await createEcho(config);
    if (mine !== generation) {
      echo.disconnect();
      return;
    }
    open(userId, echo);
  } catch (error) {
    if (mine !== generation) return;
    console.error('Realtime: could not start the connection', error);
    retryTimer = setTimeout(() => {
      if (mine === generation) void connectRealtime(userId);
    }, CONFIG_RETRY_MS);
  }
}

/** Closes the connection (sign-out). */
export function disconnectRealtime(): void {
  generation += 1;
  clearTimeout(retryTimer);
  clearTimeout(resumeTimer);
  const closing = connection;
  connection = null;
  setSocketId(null);
  if (closing) closing.echo.disconnect();
}

let stopFollowing: (() => void) | null = null;

/**
 * Connects whenever a user who may use the portal is signed in and disconnects at sign-out, for the life of the
 * page. `watch` is the auth store's `watchSession` (passed in, so this module does not depend on the store), which
 * reports a user held on /update-password as null. `confirm` answers whether the tab's session still lives after
 * the server terminated its socket (see resumeAfterTermination). Safe to call more than once.
 */
export function followSession(
  watch: (listener: (user: { id: number } | null) => void) => () => void,
  confirm?: () => Promise<boolean>,
): void {
  if (confirm) confirmSession = confirm;
  if (stopFollowing) return;
  stopFollowing = watch((user) => {
    if (user) {
      void connectRealtime(user.id);
    } else {
      announceNextConnection = false;
      disconnectRealtime();
    }
  });
}

/**
 * Stops following the session and closes the connection: the end of the page. The web tests share one module graph
 * between files (vitest.config.ts), and each file starts from here (test/setup.ts).
 */
export function stopFollowingSession(): void {
  stopFollowing?.();
  stopFollowing = null;
  confirmSession = null;
  disconnectRealtime();
}

/**
 * Listens for `event` (Echo's short name, e.g. 'NotificationCreated' → App\Events\NotificationCreated) on the
 * signed-in user's private channel, now and after every reconnection or new sign-in. Returns the unsubscribe.
 */
export function listenOnUserChannel(event: string, callback: Callback): () => void {
  const listener = { event, callback };
  userChannelListeners.add(listener);
  if (connection) bindListener(connection.channel, listener);
  return () => {
    userChannelListeners.delete(listener);
    connection?.channel.stopListening(event, callback);
  };
}

/**
 * Called after the socket came back from a drop: events published meanwhile were missed, so refetch what is
 * shown (e.g. `queryClient.invalidateQueries(...)`). Returns the unsubscribe.
 */
export function onRealtimeReconnect(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => reconnectListeners.delete(listener);
}

/** The live Echo instance, if connected: for features that need presence or agent channels. */
export function getEcho(): RealtimeEcho | null {
  return connection?.echo ?? null;
}
