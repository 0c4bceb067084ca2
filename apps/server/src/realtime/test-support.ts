import Fastify, { type FastifyInstance } from 'fastify';
import Pusher, { type Channel } from 'pusher-js';
import PusherServer from 'pusher';
import { WebSocket } from 'ws';
import { authenticateUser, authorizeChannel, type RealtimeUser } from './channel-authorizer.ts';
import { createRealtimeServer, type RealtimeLogger, type RealtimeServer, type RealtimeServerOptions } from './realtime-server.ts';
import { listenOnLoopback } from '../test/listen.ts';

/** Test helpers only: a realtime service on a real port, pusher-js and raw websocket clients, awaiting with timeouts. */

export const TEST_APP = { appId: '4242', key: 'test-key', secret: 'test-secret' } as const;
const DEFAULT_TIMEOUT_MS = 5000;

export interface LogEntry {
  level: 'info' | 'warn' | 'error';
  object: object;
  message?: string;
}

export function memoryLogger(): RealtimeLogger & { entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  const record = (level: LogEntry['level']) => (object: object, message?: string) => {
    entries.push({ level, object, ...(message === undefined ? {} : { message }) });
  };
  return { entries, info: record('info'), warn: record('warn'), error: record('error') };
}

export interface Harness {
  port: number;
  app: FastifyInstance;
  realtime: RealtimeServer;
  logger: ReturnType<typeof memoryLogger>;
  close(): Promise<void>;
}

/** Fastify on 127.0.0.1:0 with the HTTP API registered and websocket upgrades routed to the service. */
export async function startHarness(
  overrides: Partial<RealtimeServerOptions> = {},
  configure?: (app: FastifyInstance) => void | Promise<void>,
): Promise<Harness> {
  const logger = memoryLogger();
  const realtime = createRealtimeServer({ ...TEST_APP, allowedOrigins: '*', clientEvents: 'any', logger, ...overrides });
  const app = Fastify({ logger: false });
  await app.register(realtime.httpApi);
  await configure?.(app);
  app.server.on('upgrade', (request, socket, head) => {
    if (!realtime.handleUpgrade(request, socket, head)) socket.destroy();
  });
  const port = await listenOnLoopback(app);
  await realtime.ready();
  return {
    port,
    app,
    realtime,
    logger,
    async close() {
      // The service first: upgraded sockets would keep the HTTP server from closing.
      await realtime.close();
      await app.close();
    },
  };
}

/** The official server SDK, pointed at the harness. */
export function createPusherServer(port: number): PusherServer {
  return new PusherServer({ ...TEST_APP, host: '127.0.0.1', port: String(port), useTLS: false });
}

/** Resolves with what `register` hands to its callback, or rejects after `timeoutMs`. */
export function waitFor<T>(
  label: string,
  register: (resolve: (value: T) => void) => (() => void) | void,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    // `register` may call back before it returns its cleanup, so the cleanup is looked up when needed.
    const registration: { cleanup?: (() => void) | void } = {};
    const timer = setTimeout(() => {
      registration.cleanup?.();
      reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${label}`));
    }, timeoutMs);
    registration.cleanup = register((value) => {
      clearTimeout(timer);
      registration.cleanup?.();
      resolve(value);
    });
  });
}

// ---- pusher-js ------------------------------------------------------------------------------------------

/** `pusher:signin` (as the user the client's auth endpoint answers for); resolves with the service's signin data. */
export async function signInSocket(pusher: Pusher): Promise<unknown> {
  const signedIn = waitFor<unknown>('pusher:signin_success', (resolve) => {
    const onMessage = (message: { event: string; data?: unknown }) => {
      if (message.event === 'pusher:signin_success') resolve(message.data);
    };
    pusher.connection.bind('message', onMessage);
    return () => pusher.connection.unbind('message', onMessage);
  });
  pusher.signin();
  return signedIn;
}

export interface PusherClientOptions {
  user?: RealtimeUser;
  key?: string;
}

/** A real pusher-js client whose auth handlers call the channel authorizer directly. */
export function createPusherClient(port: number, options: PusherClientOptions = {}): Pusher {
  const user = options.user ?? { id: 1, referralAgentId: 10, name: 'User One' };
  return new Pusher(options.key ?? TEST_APP.key, {
    cluster: 'mt1',
    wsHost: '127.0.0.1',
    wsPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    channelAuthorization: {
      // Answers asynchronously like the real HTTP endpoint, so callers can bind to the channel first.
      customHandler: ({ socketId, channelName }, callback) => {
        const result = authorizeChannel({ socketId, channelName, user, key: TEST_APP.key, secret: TEST_APP.secret });
        setImmediate(() => {
          if (result) callback(null, result);
          else callback(new Error('403 Forbidden'), null);
        });
      },
    },
    userAuthentication: {
      customHandler: ({ socketId }, callback) => {
        const result = authenticateUser({ socketId, user, key: TEST_APP.key, secret: TEST_APP.secret });
        setImmediate(() => {
          if (result) callback(null, result);
          else callback(new Error('400 Bad socket id'), null);
        });
      },
    },
  });
}

export function waitForConnected(pusher: Pusher, timeoutMs?: number): Promise<string> {
  return waitFor(
    'pusher-js connected',
    (resolve) => {
      if (pusher.connection.state === 'connected') {
        resolve(pusher.connection.socket_id);
        return;
      }
      const onConnected = () => resolve(pusher.connection.socket_id);
      pusher.connection.bind('connected', onConnected);
      return () => pusher.connection.unbind('connected', onConnected);
    },
    timeoutMs,
  );
}

export interface ChannelEvent {
  data: unknown;
  metadata: unknown;
}

export function waitForChannelEvent(channel: Channel, eventName: string, timeoutMs?: number): Promise<ChannelEvent> {
  return waitFor(
    `${eventName} on ${channel.name}`,
    (resolve) => {
      const handler = (data: unknown, metadata: unknown) => resolve({ data, metadata });
      channel.bind(eventName, handler);
      return () => channel.unbind(eventName, handler);
    },
    timeoutMs,
  );
}

/** Subscribes and resolves on success; rejects with the subscription error's data otherwise. */
export function subscribeAndWait(pusher: Pusher, channelName: string, timeoutMs?: number): Promise<Channel> {
  const channel = pusher.subscribe(channelName);
  return new Promise<Channel>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Timed out subscribing to ${channelName}`)), timeoutMs ?? DEFAULT_TIMEOUT_MS);
    channel.bind('pusher:subscription_succeeded', () => {
      clearTimeout(timer);
      resolve(channel);
    });
    channel.bind('pusher:subscription_error', (error: unknown) => {
      clearTimeout(timer);
      reject(Object.assign(new Error(`subscription to ${channelName} failed`), { detail: error }));
    });
  });
}

export function disconnectPusher(pusher: Pusher): Promise<void> {
  if (pusher.connection.state === 'disconnected' || pusher.connection.state === 'initialized') {
    pusher.disconnect();
    return Promise.resolve();
  }
  return waitFor('pusher-js disconnected', (resolve) => {
    pusher.connection.bind('disconnected', () => resolve(undefined));
    pusher.disconnect();
  }).then(() => undefined);
}

// ---- raw websocket --------------------------------------------------------------------------------------

export interface ProtocolMessage {
  event: string;
  channel?: string;
  data?: unknown;
  user_id?: string;
  /** `data` decoded when it was a JSON string, as pusher-js does. */
  decoded: unknown;
}

/** A bare `ws` client speaking the protocol by hand, for frames pusher-js would never send. */
export class RawClient {
  readonly messages: ProtocolMessage[] = [];
  private readonly waiters = new Set<() => void>();
  socketId = '';
  closeCode: number | undefined;
  readonly closed: Promise<{ code: number; reason: string }>;

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const parsed = JSON.parse(data.toString()) as Omit<ProtocolMessage, 'decoded'>;
      let decoded: unknown = parsed.data;
      if (typeof parsed.data === 'string') {
        try {
          decoded = JSON.parse(parsed.data);
        } catch {
          decoded = parsed.data;
        }
      }
      this.messages.push({ ...parsed, decoded });
      for (const waiter of [...this.waiters]) waiter();
    });
    this.closed = new Promise((resolve) => {
      ws.on('close', (code, reason) => {
        this.closeCode = code;
        resolve({ code, reason: reason.toString() });
        for (const waiter of [...this.waiters]) waiter();
      });
    });
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /**
   * The first message (from `from` on) matching `predicate`; returns its index too, so later waits can
   * start after it. Messages are kept, so nothing is missed between an action and the wait.
   */
  next(
    predicate: (message: ProtocolMessage) => boolean,
    label: string,
    from = 0,
    timeoutMs = DEFAULT_TIMEOUT_MS,
  ): Promise<ProtocolMessage & { index: number }> {
    return waitFor(
      `${label} on socket ${this.socketId}`,
      (resolve) => {
        const check = () => {
          for (let index = from; index < this.messages.length; index += 1) {
            const message = this.messages[index];
            if (message && predicate(message)) {
              resolve({ ...message, index });
              return;
            }
          }
        };
        this.waiters.add(check);
        check();
        return () => this.waiters.delete(check);
      },
      timeoutMs,
    );
  }

  nextEvent(event: string, from = 0, timeoutMs?: number): Promise<ProtocolMessage & { index: number }> {
    return this.next((message) => message.event === event, event, from, timeoutMs);
  }

  /** A round trip through the server: everything the server sent this socket before it has arrived. */
  async barrier(): Promise<number> {
    const from = this.messages.length;
    this.send({ event: 'pusher:ping', data: {} });
    const pong = await this.nextEvent('pusher:pong', from);
    return pong.index;
  }

  close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return Promise.resolve();
    this.ws.close();
    return this.closed.then(() => undefined);
  }
}

export function openRawSocket(port: number, path = `/app/${TEST_APP.key}?protocol=7&client=raw&version=1`, headers: Record<string, string> = {}): RawClient {
  return new RawClient(new WebSocket(`ws://127.0.0.1:${port}${path}`, { headers }));
}

/** Opens a raw socket and waits for connection_established. */
export async function connectRaw(port: number): Promise<RawClient> {
  const client = openRawSocket(port);
  const established = await client.nextEvent('pusher:connection_established');
  const data = established.decoded as { socket_id: string };
  client.socketId = data.socket_id;
  return client;
}
