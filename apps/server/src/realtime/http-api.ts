import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
// (route config.csrf is declared by the CSRF plugin's type augmentation)
import type {} from '../plugins/csrf.ts';
import { channelKind, isValidChannelName, isValidEventName } from './protocol.ts';
import { constantTimeEqual, isValidSocketId, md5Hex, signHttpApiString } from './signatures.ts';
import type { ChannelInfo, PublishInput, RealtimeLogger } from './realtime-server.ts';

/**
 * The Pusher HTTP API (pusher/docs `rest-api.md`), enough for the official `pusher` SDK to publish here:
 *   POST /apps/:appId/events, POST /apps/:appId/batch_events,
 *   GET  /apps/:appId/channels/:channelName, GET /apps/:appId/channels/:channelName/users,
 *   POST /apps/:appId/users/:userId/terminate_connections.
 * Register it without a prefix: the SDK signs the path `/apps/{id}/...` and we verify the path as received.
 *
 * Errors answer text/plain like Pusher does: 400 bad input, 401 authentication (key, version, timestamp,
 * signature, body_md5), 404 unknown app id, 413 event data over the limit, 415 a body that is not application/json.
 */

export interface HttpApiDependencies {
  appId: string;
  key: string;
  secret: string;
  maxEventDataBytes: number;
  logger: RealtimeLogger;
  publish(input: PublishInput): Promise<void>;
  channelInfo(channel: string): Promise<ChannelInfo>;
  channelUsers(channel: string): Promise<string[]>;
  terminateUserConnections(userId: string): Promise<void>;
}

export const HTTP_API_LIMITS = {
  timestampWindowSeconds: 600,
  maxChannelsPerEvent: 100,
  maxBatchSize: 10,
  /** Generous: a full batch of 10 × 10 KB, escaped, plus channel lists, stays far below. */
  bodyLimitBytes: 1024 * 1024,
} as const;

/** The body exactly as received: body_md5 is checked against these bytes, before any parsing. */
interface RawBody {
  raw: Buffer;
}

class HttpApiError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 404 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function splitUrl(url: string): { path: string; query: string } {
  const index = url.indexOf('?');
  return index === -1 ? { path: url, query: '' } : { path: url.slice(0, index), query: url.slice(index + 1) };
}

function isRawBody(value: unknown): value is RawBody {
  return isRecord(value) && Buffer.isBuffer(value.raw);
}

/**
 * The body as this plugin's JSON parser kept it, or undefined when there is none. A body of another content type
 * was read by one of the app's other parsers (text/plain: a string) and its bytes are gone, so body_md5 could not
 * be checked: 415, before the signature is looked at.
 */
function requireRawBody(body: unknown): RawBody | undefined {
  if (body === undefined || body === null) return undefined;
  if (!isRawBody(body)) throw new HttpApiError(415, 'Unsupported Content-Type: send the body as application/json');
  return body;
}

function parseJsonBody(body: RawBody | undefined): unknown {
  if (!body || body.raw.length === 0) throw new HttpApiError(400, 'Request body required');
  try {
    return JSON.parse(body.raw.toString('utf8'));
  } catch {
    throw new HttpApiError(400, 'Request body is not valid JSON');
  }
}

interface ValidatedEvent {
  channels: string[];
  name: string;
  data: string;
  socketId?: string;
}

export function createHttpApiPlugin(deps: HttpApiDependencies): FastifyPluginAsync {
  function authenticate(request: FastifyRequest, body: RawBody | undefined): void {
    const { path, query } = splitUrl(request.raw.url ?? request.url);
    const params: Record<string, string> = {};
    for (const [name, value] of new URLSearchParams(query)) {
      const lowered = name.toLowerCase();
      if (Object.hasOwn(params, lowered)) throw new HttpApiError(400, `Duplicate query parameter ${lowered}`);
      params[lowered] = value;
    }
    const { auth_key: authKey, auth_timestamp: timestamp, auth_version: version, auth_signature: signature } = params;
    if (authKey === undefined || timestamp === undefined || version === undefined || signature === undefined) {
      throw new HttpApiError(401, 'Missing auth_key, auth_timestamp, auth_version or auth_signature');
    }
    if (authKey !== deps.key) throw new HttpApiError(401, 'Unknown auth_key');
    if (version !== '1.0') throw new HttpApiError(401, 'Unsupported auth_version, expected 1.0');

    const expected = signHttpApiString(deps.secret, request.method, path, params);
    if (!constantTimeEqual(expected, signature)) throw new HttpApiError(401, 'Invalid signature');

    // A signed request can be replayed; the timestamp window bounds for how long (Pusher allows 600 s).
    const now = Math.floor(Date.now() / 1000);
    const seconds = /^\d{1,12}$/.test(timestamp) ? Number(timestamp) : Number.NaN;
    if (!Number.isFinite(seconds) || Math.abs(now - seconds) > HTTP_API_LIMITS.timestampWindowSeconds) {
      throw new HttpApiError(
        401,
        `Timestamp expired: given timestamp ${timestamp} is not within ${HTTP_API_LIMITS.timestampWindowSeconds}s of server time ${now}`,
      );
    }

    const raw = body?.raw;
    if (raw && raw.length > 0) {
      const bodyMd5 = params.body_md5;
      if (bodyMd5 === undefined) throw new HttpApiError(401, 'Missing body_md5');
      if (!constantTimeEqual(md5Hex(raw), bodyMd5.toLowerCase())) throw new HttpApiError(401, 'Invalid body_md5');
    }
  }

  function checkApp(appId: string): void {
    if (appId !== deps.appId) throw new HttpApiError(404, 'Unknown app');
  }

  function validateEvent(input: unknown, singleChannelOnly: boolean): ValidatedEvent {
    if (!isRecord(input)) throw new HttpApiError(400, 'Event must be a JSON object');
    const { name, data, channels, channel, socket_id: socketId } = input;
    if (!isValidEventName(name)) throw new HttpApiError(400, 'Event name must be a string of 1 to 200 characters');
    if (typeof data !== 'string') throw new HttpApiError(400, 'Event data must be a string');
    if (Buffer.byteLength(data, 'utf8') > deps.maxEventDataBytes) {
      throw new HttpApiError(413, `Event data exceeds ${deps.maxEventDataBytes} bytes`);
    }
    let targets: unknown[];
    if (typeof channel === 'string' && channels === undefined) targets = [channel];
    else if (!singleChannelOnly && Array.isArray(channels) && channel === undefined) targets = channels;
    else throw new HttpApiError(400, singleChannelOnly ? 'Each batch event needs a channel' : 'Give channels (an array) or channel');
    if (targets.length === 0) throw new HttpApiError(400, 'No channels given');
    if (targets.length > HTTP_API_LIMITS.maxChannelsPerEvent) {
      throw new HttpApiError(400, `At most ${HTTP_API_LIMITS.maxChannelsPerEvent} channels per event`);
    }
    for (const target of targets) {
      if (!isValidChannelName(target)) throw new HttpApiError(400, `Invalid channel name ${JSON.stringify(target)}`);
    }
    if (socketId !== undefined && !isValidSocketId(socketId)) throw new HttpApiError(400, 'Invalid socket_id');
    return {
      channels: targets as string[],
      name,
      data,
      ...(socketId === undefined ? {} : { socketId }),
    };
  }

  function sendError(reply: FastifyReply, error: unknown): FastifyReply {
    if (error instanceof HttpApiError) {
      return reply.code(error.statusCode).type('text/plain; charset=utf-8').send(error.message);
    }
    deps.logger.error({ err: error }, 'realtime: HTTP API request failed');
    return reply.code(500).type('text/plain; charset=utf-8').send('Internal error');
  }

  // Exempt from the portal's CSRF protection: callers authenticate with the app secret, not a session.
  const config = { csrf: false };

  return async function realtimeHttpApi(instance) {
    // Scoped to this encapsulated plugin: the rest of the app keeps Fastify's own JSON parser.
    if (instance.hasContentTypeParser('application/json')) instance.removeContentTypeParser('application/json');
    instance.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: HTTP_API_LIMITS.bodyLimitBytes },
      (_request, body, done) => {
        done(null, { raw: Buffer.isBuffer(body) ? body : Buffer.from(body) } satisfies RawBody);
      },
    );

    instance.post<{ Params: { appId: string }; Body: unknown }>('/apps/:appId/events', { config }, async (request, reply) => {
      try {
        checkApp(request.params.appId);
        const rawBody = requireRawBody(request.body);
        authenticate(request, rawBody);
        const event = validateEvent(parseJsonBody(rawBody), false);
        await deps.publish(event);
        return reply.send({});
      } catch (error) {
        return sendError(reply, error);
      }
    });

    instance.post<{ Params: { appId: string }; Body: unknown }>('/apps/:appId/batch_events', { config }, async (request, reply) => {
      try {
        checkApp(request.params.appId);
        const rawBody = requireRawBody(request.body);
        authenticate(request, rawBody);
        const body = parseJsonBody(rawBody);
        if (!isRecord(body) || !Array.isArray(body.batch)) throw new HttpApiError(400, 'Body must be {"batch": [...]}');
        if (body.batch.length === 0) throw new HttpApiError(400, 'Empty batch');
        if (body.batch.length > HTTP_API_LIMITS.maxBatchSize) {
          throw new HttpApiError(400, `At most ${HTTP_API_LIMITS.maxBatchSize} events per batch`);
        }
        // Validate all before publishing any, so a bad event does not leave half a batch delivered.
        const events = body.batch.map((item: unknown) => validateEvent(item, true));
        for (const event of events) await deps.publish(event);
        return reply.send({});
      } catch (error) {
        return sendError(reply, error);
      }
    });

    instance.get<{ Params: { appId: string; channelName: string } }>(
      '/apps/:appId/channels/:channelName',
      { config },
      async (request, reply) => {
        try {
          checkApp(request.params.appId);
          authenticate(request, undefined);
          const { channelName } = request.params;
          if (!isValidChannelName(channelName)) throw new HttpApiError(400, 'Invalid channel name');
          const info = await deps.channelInfo(channelName);
          return reply.send({
            occupied: info.occupied,
            subscription_count: info.subscriptionCount,
            ...(info.userCount === undefined ? {} : { user_count: info.userCount }),
          });
        } catch (error) {
          return sendError(reply, error);
        }
      },
    );

    instance.get<{ Params: { appId: string; channelName: string } }>(
      '/apps/:appId/channels/:channelName/users',
      { config },
      async (request, reply) => {
        try {
          checkApp(request.params.appId);
          authenticate(request, undefined);
          const { channelName } = request.params;
          if (!isValidChannelName(channelName) || channelKind(channelName) !== 'presence') {
            throw new HttpApiError(400, 'Users are only available for presence channels');
          }
          const ids = await deps.channelUsers(channelName);
          return reply.send({ users: ids.map((id) => ({ id })) });
        } catch (error) {
          return sendError(reply, error);
        }
      },
    );

    instance.post<{ Params: { appId: string; userId: string }; Body: unknown }>(
      '/apps/:appId/users/:userId/terminate_connections',
      { config },
      async (request, reply) => {
        try {
          checkApp(request.params.appId);
          authenticate(request, requireRawBody(request.body));
          const { userId } = request.params;
          if (userId.length === 0 || userId.length > 200) throw new HttpApiError(400, 'Invalid user id');
          await deps.terminateUserConnections(userId);
          return reply.send({});
        } catch (error) {
          return sendError(reply, error);
        }
      },
    );
  };
}
