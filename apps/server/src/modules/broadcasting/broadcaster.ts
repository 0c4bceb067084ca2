import type { AddressInfo } from 'node:net';
import type { FastifyRequest } from 'fastify';
import Pusher from 'pusher';
import { SOCKET_ID_PATTERN } from '@portal/contracts/realtime';
import type { Config } from '../../config.ts';

/**
 * Publishes Echo-compatible events through the official `pusher` SDK, whatever the target: an external
 * Pusher-compatible service (Pusher Channels, Soketi, Reverb) when PUSHER_HOST or PUSHER_CLUSTER is set,
 * else the embedded service through its HTTP API, on loopback for the server itself and at APP_URL for
 * the admin command (another process). One code path, so the embedded service is exercised exactly as an
 * external one would be, and switching targets changes nothing else.
 */

/** Laravel's namespace for event classes. Echo (namespace 'App.Events') binds `.listen('X')` to 'App\Events\X'. */
export const EVENT_NAMESPACE = 'App\\Events\\';

/** 'NotificationCreated' → 'App\Events\NotificationCreated', the name Echo's `.listen('NotificationCreated')` binds. */
export function eventName(shortName: string): string {
  return `${EVENT_NAMESPACE}${shortName}`;
}

export interface BroadcastEvent {
  channel: string;
  /** Short name ('NotificationCreated'); the namespace is added here. */
  event: string;
  /** Any JSON value; sent as the JSON string the protocol carries. */
  data: unknown;
}

export interface BroadcastOptions {
  /** to-others: the socket of the tab whose request caused the events does not get them. */
  socketId?: string | null | undefined;
}

export interface Broadcaster {
  /**
   * Publishes the events (batched, 10 per HTTP call as the API allows). Never throws: realtime delivery is
   * best effort on top of what is stored, so a failure is logged and reported as false.
   */
  broadcast(events: BroadcastEvent[], options?: BroadcastOptions): Promise<boolean>;
  /**
   * Closes every socket signed in (`pusher:signin`) as this user, on every process of the service: the HTTP
   * API's `terminate_connections`, which the embedded service and Pusher Channels both have. For when the
   * user's sessions end (password changed, account rejected): a socket outlives the session that authorised
   * it. Never throws; false when it could not be delivered.
   */
  terminateUserConnections(userId: string): Promise<boolean>;
}

export interface BroadcastTarget {
  /** Without a host, the SDK uses Pusher Channels' host of `cluster`. */
  host?: string | undefined;
  port?: number | undefined;
  scheme: 'http' | 'https';
  cluster?: string | undefined;
}

interface BroadcastLogger {
  debug(object: object, message?: string): void;
  warn(object: object, message?: string): void;
}

export interface BroadcasterOptions {
  appId: string;
  key: string;
  secret: string;
  /**
   * Where to publish, read at each publish: the embedded target depends on the port the server listens on,
   * which is known only after listen(). null means no HTTP target now (an app that is not listening).
   */
  target(): BroadcastTarget | null;
  /** Used when target() is null: hands the events to the in-process service directly (tests with inject()). */
  fallback?: ((event: { channels: string[]; name: string; data: string; socketId?: string }) => Promise<void>) | undefined;
  /** Used by terminateUserConnections when target() is null, like `fallback`. */
  terminateFallback?: ((userId: string) => Promise<void>) | undefined;
  logger: BroadcastLogger;
  /** Per HTTP call. */
  timeoutMs?: number;
}

const BATCH_SIZE = 10;

export function isValidSocketId(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 64 && SOCKET_ID_PATTERN.test(value);
}

/** The `X-Socket-ID` of a request, if it is a well-formed socket id (anything else is ignored, not an error). */
export function socketIdOf(request: FastifyRequest): string | undefined {
  const value = request.headers['x-socket-id'];
  return isValidSocketId(value) ? value : undefined;
}

export function createBroadcaster(options: BroadcasterOptions): Broadcaster {
  const clients = new Map<string, Pusher>();

  function clientFor(target: BroadcastTarget): Pusher {
    const id = `${target.scheme}://${target.host ?? ''}:${target.port ?? ''}/${target.cluster ?? ''}`;
    let client = clients.get(id);
    if (!client) {
      const base = {
        appId: options.appId,
        key: options.key,
        secret: options.secret,
        useTLS: target.scheme === 'https',
        timeout: options.timeoutMs ?? 5000,
      };
      client = new Pusher(
        target.host
          ? { ...base, host: target.host, ...(target.port ? { port: String(target.port) } : {}) }
          : { ...base, cluster: target.cluster ?? 'mt1' },
      );
      clients.set(id, client);
    }
    return client;
  }

  return {
    async broadcast(events, broadcastOptions = {}) {
      if (events.length === 0) return true;
      const socketId = isValidSocketId(broadcastOptions.socketId) ? broadcastOptions.socketId : undefined;
      const target = options.target();
      try {
        if (!target) {
          if (!options.fallback) {
            options.logger.debug({ events: events.length }, 'broadcast skipped: no realtime target');
            return false;
          }
          for (const event of events) {
            await options.fallback({
              channels: [event.channel],
              name: eventName(event.event),
              data: JSON.stringify(event.data),
              ...(socketId ? { socketId } : {}),
            });
          }
          return true;
        }
        const client = clientFor(target);
        for (let start = 0; start < events.length; start += BATCH_SIZE) {
          const batch = events.slice(start, start + BATCH_SIZE).map((event) => ({
            channel: event.channel,
            name: eventName(event.event),
            data: event.data,
            ...(socketId ? { socket_id: socketId } : {}),
          }));
          await client.triggerBatch(batch);
        }
        return true;
      } catch (error) {
        options.logger.warn(
          { err: describeError(error), events: events.length, target: target ? describeTarget(target) : 'in-process' },
          'broadcast failed',
        );
        return false;
      }
    },

    async terminateUserConnections(userId) {
      const target = options.target();
      try {
        if (target) await clientFor(target).terminateUserConnections(userId);
        else if (options.terminateFallback) await options.terminateFallback(userId);
        else {
          options.logger.debug({ userId }, 'terminate skipped: no realtime target');
          return false;
        }
        return true;
      } catch (error) {
        options.logger.warn(
          { err: describeError(error), userId, target: target ? describeTarget(target) : 'in-process' },
          'terminating user connections failed',
        );
        return false;
      }
    },
  };
}

/**
 * The SDK rejects with a RequestError whose `body` says what the service answered, or whose `error` is why
 * there was no answer (ECONNREFUSED when the portal at APP_URL is not running).
 */
function describeError(error: unknown): { message: string; cause?: string; status?: number; body?: string } {
  const requestError = error as { message?: string; error?: { code?: string; message?: string }; status?: number; body?: string };
  const cause = requestError.error?.code ?? requestError.error?.message;
  return {
    message: requestError.message ?? String(error),
    ...(cause ? { cause } : {}),
    ...(requestError.status ? { status: requestError.status } : {}),
    ...(requestError.body ? { body: String(requestError.body).slice(0, 200) } : {}),
  };
}

function describeTarget(target: BroadcastTarget): string {
  return `${target.scheme}://${target.host ?? `cluster ${target.cluster ?? '?'}`}${target.port ? `:${target.port}` : ''}`;
}

/** The external service of PUSHER_HOST / PUSHER_CLUSTER, or undefined for the embedded one. */
export function externalTarget(config: Config): BroadcastTarget | undefined {
  const external = config.pusher.external;
  if (!external) return undefined;
  return { host: external.host, port: external.port, scheme: external.scheme, cluster: external.cluster };
}

/**
 * The embedded service of the process listening at `address` (what `server.address()` returns): a
 * wildcard bind is reached on loopback, a specific one at that address.
 */
export function loopbackTarget(address: AddressInfo | string | null): BroadcastTarget | null {
  if (!address || typeof address === 'string') return null;
  let host = address.address;
  if (host === '0.0.0.0' || host === '::' || host === '') host = '127.0.0.1';
  if (host.includes(':')) host = `[${host}]`;
  return { host, port: address.port, scheme: 'http' };
}

/**
 * The embedded service of the server at APP_URL, for a process that is not the server (the admin command).
 * `serverUrl` overrides APP_URL when the public URL is not reachable from where the command runs.
 */
export function appUrlTarget(appUrl: string): BroadcastTarget {
  const url = new URL(appUrl);
  const scheme = url.protocol === 'https:' ? 'https' : 'http';
  return {
    // URL keeps the brackets of an IPv6 hostname, which is what the SDK's base URL needs.
    host: url.hostname,
    port: url.port ? Number(url.port) : scheme === 'https' ? 443 : 80,
    scheme,
  };
}
