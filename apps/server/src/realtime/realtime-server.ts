import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { createHttpApiPlugin } from './http-api.ts';
import { LocalPresenceStore, type MemberEvent, type PresenceStore } from './presence-store.ts';
import {
  ERROR_CODES,
  SERVER_TO_USER_PREFIX,
  allowsClientEvents,
  channelKind,
  encodeError,
  encodeFrame,
  isValidChannelName,
  isValidEventName,
  parseProtocolVersion,
  presenceSnapshot,
  type PresenceMember,
} from './protocol.ts';
import { RedisCoordinator, type BusEvent } from './redis-coordinator.ts';
import { ChannelRegistry, getOrCreate, memberEventFrame } from './channel-registry.ts';
import { Connection } from './connection.ts';
import { verifyChannelSignature, verifyUserSignature } from './signatures.ts';

/**
 * The embedded Pusher Channels server (protocol 7): websocket connections on `/app/{key}` next to the
 * portal's own routes, the HTTP API for publishing (http-api.ts), and, with `redisUrl`, fan-out and presence
 * shared by several processes (redis-coordinator.ts).
 *
 * Everything a message can get wrong is answered on that connection only: handlers never throw into `ws`,
 * and an exception while serving one socket is logged and reported to it as `pusher:error` 4200.
 */

/** The subset of pino (and Fastify's logger) we use; call sites always pass an object first. */
export interface RealtimeLogger {
  info(object: object, message?: string): void;
  warn(object: object, message?: string): void;
  error(object: object, message?: string): void;
}

export interface RealtimeServerOptions {
  appId: string;
  key: string;
  secret: string;
  /** Exact origins (`https://portal.example.com`) allowed to open the websocket, or '*'. */
  allowedOrigins: string[] | '*';
  /** Sent to clients as `activity_timeout`; pusher-js pings after that long without traffic. Default 30. */
  activityTimeoutSeconds?: number;
  /** Largest websocket message accepted, in bytes. Default 10 000 (Reverb's default). */
  maxMessageBytes?: number;
  /** With it, events and presence are shared with every process using the same Redis and prefix. */
  redisUrl?: string;
  /** Namespace of keys and the pub/sub channel; processes that should share must use the same one. */
  redisPrefix?: string;
  logger: RealtimeLogger;
  /** Extra idle time past activity_timeout before the server pings a silent client. Default 5. */
  pingGraceSeconds?: number;
  /** How long a client has to answer our ping before it is closed with 4201. Default 30 (protocol doc). */
  pongTimeoutSeconds?: number;
  /** Client events allowed per second per connection (protocol doc: 10). */
  clientEventsPerSecond?: number;
  /**
   * Which `client-*` events members may push to each other on private and presence channels: 'any' (Pusher's own
   * behaviour, for a service whose pages use them), or the names allowed. Default none: a member's socket could
   * otherwise send anything to every other member of a channel it may join (the outside probe's N8).
   */
  clientEvents?: 'any' | readonly string[];
  /** Largest `data` accepted by the HTTP API, in bytes. Default 10 240 (Pusher's 10 KB). */
  maxEventDataBytes?: number;
  /** A socket whose unsent output exceeds this is a stuck consumer and is dropped. Default 4 MiB. */
  maxBufferedBytes?: number;
  /** Redis heartbeat period; a crashed process's presence members vanish after about three. Default 5000. */
  redisHeartbeatMs?: number;
}

export interface PublishInput {
  channels: string[];
  name: string;
  /** The event payload as the protocol carries it: a string, usually JSON. */
  data: string;
  /** to-others: this socket does not get the event (the `X-Socket-ID` of the request that caused it). */
  socketId?: string;
}

export interface ChannelInfo {
  occupied: boolean;
  subscriptionCount: number;
  /** Presence channels only. */
  userCount?: number;
}

export interface RealtimeStats {
  connections: number;
  channels: number;
}

export interface RealtimeServer {
  /** Takes websocket upgrades for `/app/{key}`; answers false for any other path so the caller can refuse them. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  publish(input: PublishInput): Promise<void>;
  /** Encapsulated Fastify plugin with the Pusher HTTP API; register it without a prefix. */
  httpApi: FastifyPluginAsync;
  /** Resolves once Redis is subscribed and this process is registered (at once without Redis). */
  ready(): Promise<void>;
  stats(): RealtimeStats;
  channelInfo(channel: string): Promise<ChannelInfo>;
  /** User ids present on a presence channel, across processes. */
  channelUsers(channel: string): Promise<string[]>;
  /** Closes every socket signed in (`pusher:signin`) as this user, on every process. */
  terminateUserConnections(userId: string): Promise<void>;
  close(): Promise<void>;
}

/** Hard cap for ws: beyond it the frame is not even buffered and ws closes with 1009. */
const HARD_PAYLOAD_FLOOR_BYTES = 64 * 1024;
const CLOSE_WAIT_MS = 2000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

function normalizeOrigin(origin: string): string {
  try {
    return new URL(origin).origin.toLowerCase();
  } catch {
    return origin.trim().toLowerCase();
  }
}

function rejectUpgrade(socket: Duplex, status: number, reason: string): void {
  const body = `${reason}\n`;
  socket.once('finish', () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

export function createRealtimeServer(options: RealtimeServerOptions): RealtimeServer {
  const { appId, key, secret, logger } = options;
  const activityTimeoutSeconds = options.activityTimeoutSeconds ?? 30;
  const activityTimeoutMs = activityTimeoutSeconds * 1000;
  const pingGraceMs = (options.pingGraceSeconds ?? 5) * 1000;
  const pongTimeoutMs = (options.pongTimeoutSeconds ?? 30) * 1000;
  const maxMessageBytes = options.maxMessageBytes ?? 10_000;
  const clientEventsPerSecond = options.clientEventsPerSecond ?? 10;
  const clientEvents = options.clientEvents ?? [];
  const maxBufferedBytes = options.maxBufferedBytes ?? 4 * 1024 * 1024;
  const allowedOrigins = options.allowedOrigins === '*' ? '*' : new Set(options.allowedOrigins.map(normalizeOrigin));

  const connections = new Map<string, Connection>();
  // Which sockets of this process are on each channel, and the delivery of events to them (channel-registry.ts).
  const channels = new ChannelRegistry({
    send,
    onSubscriptionCount: (channel, count) => coordinator?.setLocalSubscriptionCount(channel, count),
  });
  const userConnections = new Map<string, Set<Connection>>();
  /** Presence joins and leaves still running; close() waits for them before Redis goes away. */
  const inflight = new Set<Promise<unknown>>();
  let closing: Promise<void> | undefined;

  const wss = new WebSocketServer({
    noServer: true,
    // We keep our own registry; ws's would be a second Set of every socket.
    clientTracking: false,
    // permessage-deflate keeps zlib state per socket (ws's docs warn about its memory cost); frames here are small JSON.
    perMessageDeflate: false,
    maxPayload: Math.max(HARD_PAYLOAD_FLOOR_BYTES, maxMessageBytes * 4),
  });

  const processId = randomBytes(8).toString('hex');
  const coordinator = options.redisUrl
    ? new RedisCoordinator({
        url: options.redisUrl,
        prefix: options.redisPrefix ?? 'portal-realtime',
        processId,
        logger,
        ...(options.redisHeartbeatMs === undefined ? {} : { heartbeatMs: options.redisHeartbeatMs }),
        onEvent: (event) => channels.deliver(event),
        onMemberEvent: (event) => channels.deliverMemberEvent(event),
        onTerminateUser: terminateLocalUser,
        onResync: rejoinPresence,
      })
    : undefined;
  const presence: PresenceStore = coordinator ?? new LocalPresenceStore((event) => channels.deliverMemberEvent(event));

  // One timer for every socket rather than one per socket: a few µs per thousand sockets each tick.
  const sweepIntervalMs = Math.min(1000, Math.max(50, Math.floor(Math.min(activityTimeoutMs, pongTimeoutMs) / 4)));
  const sweepTimer = setInterval(sweepIdleConnections, sweepIntervalMs);
  sweepTimer.unref();

  function track(promise: Promise<unknown>): void {
    const settled = promise.catch((error: unknown) => logger.error({ err: error }, 'realtime: background task failed'));
    inflight.add(settled);
    void settled.finally(() => inflight.delete(settled));
  }

  function newSocketId(): string {
    for (;;) {
      const bytes = randomBytes(8);
      const id = `${bytes.readUInt32BE(0)}.${bytes.readUInt32BE(4)}`;
      if (!connections.has(id)) return id;
    }
  }

  function originAllowed(origin: string | undefined): boolean {
    if (allowedOrigins === '*') return true;
    // Browsers always send Origin on a websocket handshake; only non-browser clients omit it, and those could
    // send any Origin they like, so the check (which protects browser users from hostile pages) lets them in.
    if (origin === undefined) return true;
    return allowedOrigins.has(normalizeOrigin(origin));
  }

  // ---- sending ----------------------------------------------------------------------------------------

  function send(connection: Connection, frame: string | Buffer): void {
    const { ws } = connection;
    if (ws.readyState !== WebSocket.OPEN) return;
    if (ws.bufferedAmount > maxBufferedBytes) {
      // A client that stopped reading would otherwise hold every event in our memory.
      logger.warn({ socketId: connection.id, buffered: ws.bufferedAmount }, 'realtime: dropping a stuck consumer');
      ws.terminate();
      return;
    }
    if (typeof frame === 'string') ws.send(frame);
    else ws.send(frame, { binary: false });
  }

  function sendError(connection: Connection, code: number, message: string): void {
    send(connection, encodeError(code, message));
  }

  function refuseSubscription(connection: Connection, channel: string, code: number, status: number, message: string): void {
    // pusher:error is what Pusher itself sends; pusher:subscription_error on the channel is what pusher-js
    // channel bindings and Echo's `.error()` callback listen to (Soketi sends it too).
    sendError(connection, code, message);
    send(connection, encodeFrame('pusher:subscription_error', { type: 'AuthError', error: message, status }, channel));
  }

  function dispatch(event: BusEvent): Promise<void> {
    channels.deliver(event);
    return coordinator ? coordinator.publishEvent(event) : Promise.resolve();
  }

  // ---- websocket lifecycle ----------------------------------------------------------------------------

  function handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = request.url ?? '/';
    const queryIndex = url.indexOf('?');
    const path = queryIndex === -1 ? url : url.slice(0, queryIndex);
    const match = /^\/app\/([^/]+)\/?$/.exec(path);
    if (!match) return false;
    if (closing) {
      rejectUpgrade(socket, 503, 'Service Unavailable');
      return true;
    }
    // ASVS 4.4.2: refuse cross-site pages before the handshake completes, so they never get a socket.
    if (!originAllowed(request.headers.origin)) {
      logger.warn({ origin: request.headers.origin }, 'realtime: websocket origin refused');
      rejectUpgrade(socket, 403, 'Forbidden');
      return true;
    }
    let appKey: string;
    try {
      appKey = decodeURIComponent(match[1] ?? '');
    } catch {
      appKey = '';
    }
    const query = new URLSearchParams(queryIndex === -1 ? '' : url.slice(queryIndex + 1));
    wss.handleUpgrade(request, socket, head, (ws) => openConnection(ws, appKey, query.get('protocol')));
    return true;
  }

  function openConnection(ws: WebSocket, appKey: string, protocol: string | null): void {
    // Handshake errors: pusher:error first (protocol < 6 clients read it), then the close code (6+ read that).
    if (appKey !== key) {
      ws.send(encodeError(ERROR_CODES.appKeyUnknown, `App key ${appKey.slice(0, 64)} does not exist`));
      ws.close(ERROR_CODES.appKeyUnknown, 'Application does not exist');
      return;
    }
    const version = parseProtocolVersion(protocol);
    if (!version.ok) {
      ws.send(encodeError(version.code, version.message));
      ws.close(version.code, version.message);
      return;
    }

    const now = Date.now();
    const connection = new Connection(newSocketId(), ws, now, clientEventsPerSecond);
    connections.set(connection.id, connection);

    ws.on('message', (data, isBinary) => {
      try {
        handleMessage(connection, data, isBinary);
      } catch (error) {
        logger.error({ err: error, socketId: connection.id }, 'realtime: message handler failed');
        sendError(connection, ERROR_CODES.invalidMessage, 'Internal error while handling the message');
      }
    });
    // Control frames count as activity too (some clients keep alive with websocket pings).
    ws.on('ping', () => touch(connection));
    ws.on('pong', () => touch(connection));
    ws.on('error', (error) => {
      // ws closes the socket itself after a protocol error (bad UTF-8, frame over maxPayload → 1007/1009).
      logger.warn({ err: error, socketId: connection.id }, 'realtime: websocket error');
    });
    ws.on('close', () => closeConnection(connection));

    send(
      connection,
      encodeFrame('pusher:connection_established', { socket_id: connection.id, activity_timeout: activityTimeoutSeconds }),
    );
  }

  function touch(connection: Connection): void {
    connection.lastSeen = Date.now();
    connection.pingSentAt = 0;
  }

  function closeConnection(connection: Connection): void {
    if (connection.closed) return;
    connection.closed = true;
    connections.delete(connection.id);
    for (const channel of [...connection.channels]) channels.remove(connection, channel);
    if (connection.presence) {
      for (const [channel, { member }] of connection.presence) track(presence.leave(channel, connection.id, member.userId));
      connection.presence = undefined;
    }
    if (connection.pendingPresence) {
      // The join completion sees the entry gone and leaves again (see subscribePresence).
      for (const channel of connection.pendingPresence.keys()) channels.removePending(connection, channel);
      connection.pendingPresence = undefined;
    }
    if (connection.userId !== undefined) forgetUser(connection);
  }

  function sweepIdleConnections(): void {
    const now = Date.now();
    for (const connection of connections.values()) {
      if (connection.pingSentAt !== 0) {
        if (now - connection.pingSentAt > pongTimeoutMs) {
          sendError(connection, ERROR_CODES.pongNotReceived, 'Pong reply not received');
          connection.ws.close(ERROR_CODES.pongNotReceived, 'Pong reply not received');
          connection.pingSentAt = Number.POSITIVE_INFINITY; // do not close twice while the close handshake runs
        }
      } else if (now - connection.lastSeen > activityTimeoutMs + pingGraceMs) {
        send(connection, encodeFrame('pusher:ping', {}));
        connection.pingSentAt = now;
      }
    }
  }

  // ---- messages ---------------------------------------------------------------------------------------

  function handleMessage(connection: Connection, data: RawData, isBinary: boolean): void {
    touch(connection);
    if (isBinary) {
      sendError(connection, ERROR_CODES.invalidMessage, 'Binary frames are not supported');
      return;
    }
    const raw = toBuffer(data);
    if (raw.length > maxMessageBytes) {
      sendError(connection, ERROR_CODES.messageTooLarge, `Maximum message size exceeded (${maxMessageBytes} bytes)`);
      return;
    }
    let message: unknown;
    try {
      message = JSON.parse(raw.toString('utf8'));
    } catch {
      sendError(connection, ERROR_CODES.invalidMessage, 'Invalid message format: not JSON');
      return;
    }
    if (!isRecord(message) || typeof message.event !== 'string') {
      sendError(connection, ERROR_CODES.invalidMessage, 'Invalid message format: expected {"event": string, ...}');
      return;
    }
    const event = message.event;
    switch (event) {
      case 'pusher:ping':
        send(connection, encodeFrame('pusher:pong', {}));
        return;
      case 'pusher:pong':
        return;
      case 'pusher:subscribe':
        subscribe(connection, eventPayload(message.data));
        return;
      case 'pusher:unsubscribe':
        unsubscribe(connection, eventPayload(message.data));
        return;
      case 'pusher:signin':
        signin(connection, eventPayload(message.data));
        return;
      default:
        if (event.startsWith('client-')) {
          clientEvent(connection, event, message.channel, message.data);
          return;
        }
        sendError(connection, ERROR_CODES.invalidMessage, `Unknown event ${event.slice(0, 64)}`);
    }
  }

  /** pusher-js sends `data` as an object; some clients send it JSON-encoded as the protocol's own frames do. */
  function eventPayload(data: unknown): Record<string, unknown> {
    if (typeof data === 'string') {
      try {
        const parsed: unknown = JSON.parse(data);
        return isRecord(parsed) ? parsed : {};
      } catch {
        return {};
      }
    }
    return isRecord(data) ? data : {};
  }

  function subscribe(connection: Connection, data: Record<string, unknown>): void {
    const channel = data.channel;
    if (!isValidChannelName(channel)) {
      sendError(connection, ERROR_CODES.invalidMessage, 'Invalid channel name');
      return;
    }
    if (connection.pendingPresence?.has(channel)) return;
    const kind = channelKind(channel);
    if (connection.channels.has(channel)) {
      // Already subscribed (a client retrying): confirm again without joining twice.
      if (kind === 'presence') {
        track(
          presence.members(channel).then((members) => {
            send(connection, encodeFrame('pusher_internal:subscription_succeeded', { presence: presenceSnapshot(members) }, channel));
          }),
        );
      } else {
        send(connection, encodeFrame('pusher_internal:subscription_succeeded', {}, channel));
      }
      return;
    }

    const auth = typeof data.auth === 'string' ? data.auth : '';
    switch (kind) {
      case 'public':
        break;
      case 'private':
      case 'encrypted':
        // Encrypted channels need nothing more from the server: the shared secret travels from the auth
        // endpoint to the client, and the payloads are opaque to us.
        if (!verifyChannelSignature({ key, secret, socketId: connection.id, channelName: channel, auth })) {
          refuseSubscription(connection, channel, ERROR_CODES.unauthorized, 401, 'Invalid signature');
          return;
        }
        break;
      case 'user':
        if (connection.userId === undefined || channel !== `${SERVER_TO_USER_PREFIX}${connection.userId}`) {
          refuseSubscription(connection, channel, ERROR_CODES.unauthorized, 403, 'Sign in as this user first');
          return;
        }
        break;
      case 'presence': {
        const channelData = typeof data.channel_data === 'string' ? data.channel_data : undefined;
        if (
          channelData === undefined ||
          !verifyChannelSignature({ key, secret, socketId: connection.id, channelName: channel, channelData, auth })
        ) {
          refuseSubscription(connection, channel, ERROR_CODES.unauthorized, 401, 'Invalid signature');
          return;
        }
        const member = parsePresenceMember(channelData);
        if (!member) {
          refuseSubscription(connection, channel, ERROR_CODES.invalidMessage, 400, 'channel_data needs a user_id');
          return;
        }
        subscribePresence(connection, channel, member);
        return;
      }
    }
    channels.add(connection, channel);
    send(connection, encodeFrame('pusher_internal:subscription_succeeded', {}, channel));
  }

  function parsePresenceMember(channelData: string): PresenceMember | null {
    let parsed: unknown;
    try {
      parsed = JSON.parse(channelData);
    } catch {
      return null;
    }
    if (!isRecord(parsed)) return null;
    const userId = parsed.user_id;
    if (!((typeof userId === 'string' && userId.length > 0) || (typeof userId === 'number' && Number.isFinite(userId)))) {
      return null;
    }
    return { userId: String(userId), userInfo: parsed.user_info ?? null };
  }

  /**
   * Presence joins may wait on Redis. Until the member list is known the socket is "pending": member events
   * for the channel are queued, then replayed after subscription_succeeded if newer than the list.
   */
  function subscribePresence(connection: Connection, channel: string, member: PresenceMember): void {
    const queue: MemberEvent[] = [];
    (connection.pendingPresence ??= new Map()).set(channel, queue);
    channels.addPending(connection, channel);

    track(
      presence.join(channel, connection.id, member).then(
        (result) => {
          const stillWanted = !connection.closed && connection.pendingPresence?.get(channel) === queue;
          channels.removePending(connection, channel);
          if (!stillWanted) {
            // Unsubscribed or disconnected while joining: undo the join we just made.
            track(presence.leave(channel, connection.id, member.userId));
            return;
          }
          send(connection, encodeFrame('pusher_internal:subscription_succeeded', { presence: presenceSnapshot(result.members) }, channel));
          channels.add(connection, channel);
          (connection.presence ??= new Map()).set(channel, { member, version: result.version });
          for (const event of queue) {
            if (event.version <= result.version) continue;
            if (event.kind === 'added' && event.excludeSocketId === connection.id) continue;
            send(connection, memberEventFrame(event));
          }
        },
        (error: unknown) => {
          logger.error({ err: error, channel }, 'realtime: presence join failed');
          channels.removePending(connection, channel);
          // The join may have been applied before the failure surfaced; leaving is harmless if it was not.
          track(presence.leave(channel, connection.id, member.userId));
          refuseSubscription(connection, channel, ERROR_CODES.invalidMessage, 500, 'Presence is unavailable, try again');
        },
      ),
    );
  }

  function unsubscribe(connection: Connection, data: Record<string, unknown>): void {
    const channel = data.channel;
    if (typeof channel !== 'string') {
      sendError(connection, ERROR_CODES.invalidMessage, 'Invalid channel name');
      return;
    }
    if (connection.pendingPresence?.has(channel)) {
      channels.removePending(connection, channel);
      return;
    }
    if (!connection.channels.has(channel)) return;
    channels.remove(connection, channel);
    const joined = connection.presence?.get(channel);
    if (joined) {
      connection.presence?.delete(channel);
      track(presence.leave(channel, connection.id, joined.member.userId));
    }
  }

  function signin(connection: Connection, data: Record<string, unknown>): void {
    const auth = typeof data.auth === 'string' ? data.auth : '';
    const userData = typeof data.user_data === 'string' ? data.user_data : undefined;
    let userId: string | undefined;
    if (userData !== undefined && verifyUserSignature({ key, secret, socketId: connection.id, userData, auth })) {
      try {
        const parsed: unknown = JSON.parse(userData);
        if (isRecord(parsed) && typeof parsed.id === 'string' && parsed.id.length > 0) userId = parsed.id;
      } catch {
        userId = undefined;
      }
    }
    if (userId === undefined) {
      // The protocol treats a failed sign-in as fatal for the connection.
      sendError(connection, ERROR_CODES.unauthorized, 'Invalid signin: bad signature or user_data without a string id');
      connection.ws.close(ERROR_CODES.unauthorized, 'Unauthorized');
      return;
    }
    if (connection.userId !== undefined && connection.userId !== userId) {
      forgetUser(connection);
      const previousUserChannel = `${SERVER_TO_USER_PREFIX}${connection.userId}`;
      if (connection.channels.has(previousUserChannel)) channels.remove(connection, previousUserChannel);
    }
    connection.userId = userId;
    getOrCreate(userConnections, userId, () => new Set<Connection>()).add(connection);
    send(connection, encodeFrame('pusher:signin_success', { user_data: userData }));
  }

  function forgetUser(connection: Connection): void {
    if (connection.userId === undefined) return;
    const set = userConnections.get(connection.userId);
    set?.delete(connection);
    if (set?.size === 0) userConnections.delete(connection.userId);
  }

  function clientEvent(connection: Connection, event: string, channel: unknown, data: unknown): void {
    if (clientEvents !== 'any' && !clientEvents.includes(event)) {
      sendError(connection, ERROR_CODES.unauthorized, `Client event ${event.slice(0, 64)} is not enabled on this service`);
      return;
    }
    // Token bucket: bursts up to the per-second allowance, refilled continuously.
    const now = Date.now();
    connection.tokens = Math.min(
      clientEventsPerSecond,
      connection.tokens + ((now - connection.tokensAt) / 1000) * clientEventsPerSecond,
    );
    connection.tokensAt = now;
    if (connection.tokens < 1) {
      sendError(connection, ERROR_CODES.clientEventRateLimit, 'Client event rejected due to rate limit');
      return;
    }
    connection.tokens -= 1;

    if (!isValidEventName(event)) {
      sendError(connection, ERROR_CODES.invalidMessage, 'Event name too long');
      return;
    }
    if (typeof channel !== 'string' || !allowsClientEvents(channel) || !connection.channels.has(channel)) {
      sendError(
        connection,
        ERROR_CODES.unauthorized,
        'Client events need a private or presence channel this connection is subscribed to',
      );
      return;
    }
    const userId = connection.presence?.get(channel)?.member.userId;
    dispatch({
      channels: [channel],
      event,
      data,
      excludeSocketId: connection.id,
      ...(userId === undefined ? {} : { userId }),
    }).catch((error: unknown) => logger.warn({ err: error, channel }, 'realtime: client event not shared with other processes'));
  }

  // ---- cross-process control --------------------------------------------------------------------------

  function terminateLocalUser(userId: string): void {
    const set = userConnections.get(userId);
    if (!set) return;
    for (const connection of [...set]) {
      sendError(connection, ERROR_CODES.unauthorized, 'Connection terminated by the server');
      connection.ws.close(ERROR_CODES.unauthorized, 'Terminated');
    }
  }

  function rejoinPresence(): void {
    for (const connection of connections.values()) {
      if (!connection.presence) continue;
      for (const [channel, joined] of connection.presence) {
        track(
          presence.join(channel, connection.id, joined.member).then((result) => {
            // Versions restart when a channel empties; keep comparing against the current lineage.
            joined.version = result.version;
          }),
        );
      }
    }
  }

  // ---- public API -------------------------------------------------------------------------------------

  async function publish(input: PublishInput): Promise<void> {
    if (!isValidEventName(input.name)) throw new TypeError(`Invalid event name: ${input.name}`);
    for (const channel of input.channels) {
      if (!isValidChannelName(channel)) throw new TypeError(`Invalid channel name: ${channel}`);
    }
    await dispatch({
      channels: input.channels,
      event: input.name,
      data: input.data,
      ...(input.socketId === undefined ? {} : { excludeSocketId: input.socketId }),
    });
  }

  async function channelUsers(channel: string): Promise<string[]> {
    if (channelKind(channel) !== 'presence') return [];
    return presenceSnapshot(await presence.members(channel)).ids;
  }

  async function channelInfo(channel: string): Promise<ChannelInfo> {
    const subscriptionCount = coordinator
      ? await coordinator.subscriptionCount(channel)
      : channels.subscriptionCount(channel);
    if (channelKind(channel) === 'presence') {
      const userCount = (await channelUsers(channel)).length;
      return { occupied: subscriptionCount > 0 || userCount > 0, subscriptionCount, userCount };
    }
    return { occupied: subscriptionCount > 0, subscriptionCount };
  }

  async function terminateUserConnections(userId: string): Promise<void> {
    terminateLocalUser(userId);
    await coordinator?.terminateUser(userId);
  }

  async function drainInflight(): Promise<void> {
    while (inflight.size > 0) await Promise.allSettled([...inflight]);
  }

  async function shutdown(): Promise<void> {
    clearInterval(sweepTimer);
    const open = [...connections.values()];
    const closed = open.map(
      (connection) =>
        new Promise<void>((resolve) => {
          if (connection.ws.readyState === WebSocket.CLOSED) {
            resolve();
            return;
          }
          connection.ws.once('close', () => resolve());
          // 4200, the protocol's "reconnect now": pusher-js reconnects at once, reaching another process behind the
          // load balancer (this one no longer accepts connections).
          connection.ws.close(ERROR_CODES.shuttingDown, 'Server shutting down');
        }),
    );
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.all(closed), new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)))]);
    clearTimeout(timer);
    for (const connection of open) {
      if (!connection.closed) {
        connection.ws.terminate();
        closeConnection(connection);
      }
    }
    await drainInflight();
    await coordinator?.close();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  }

  const httpApi = createHttpApiPlugin({
    appId,
    key,
    secret,
    maxEventDataBytes: options.maxEventDataBytes ?? 10_240,
    logger,
    publish,
    channelInfo,
    channelUsers,
    terminateUserConnections,
  });

  return {
    handleUpgrade,
    publish,
    httpApi,
    ready: () => (coordinator ? coordinator.ready() : Promise.resolve()),
    stats: () => ({ connections: connections.size, channels: channels.channelCount }),
    channelInfo,
    channelUsers,
    terminateUserConnections,
    close: () => (closing ??= shutdown()),
  };
}
