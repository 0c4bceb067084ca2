import { REALTIME_UNAUTHORIZED_CODE } from '@portal/contracts/realtime';

/**
 * Constants and small pure helpers of the Pusher Channels protocol, version 7
 * (pusher/docs `library_auth_reference/pusher-websockets-protocol.md`).
 *
 * Error codes. The protocol doc defines the ranges for close codes; the same numbers travel in
 * `pusher:error {code, message}`. Our choices, one line each:
 *   4001  unknown app key (fatal: sent, then the socket is closed with 4001; pusher-js will not retry)
 *   4006  `protocol` query is not an integer (fatal)
 *   4007  protocol version not supported, we speak 5 to 7 (fatal)
 *   4008  no `protocol` query at all (fatal)
 *   4009  unauthorized: a bad `pusher:signin` signature or user data (fatal, as the task asks) and, not fatal,
 *         a subscription with a bad signature (sent with a `pusher:subscription_error` on the channel, the
 *         event Echo's `.error()` listens to) or a client event on a channel that does not allow it
 *   4200  invalid message: malformed JSON, not an object, binary frame, unknown `pusher:` event, bad channel
 *         or event name (not fatal; Laravel Reverb uses 4200 "Invalid message format" the same way)
 *   4201  no `pusher:pong` after our `pusher:ping` (close code)
 *   4300  message larger than `maxMessageBytes` (not fatal; the 4300 range is the protocol's "other errors")
 *   4301  client event rate limit exceeded (not fatal; the event is dropped, as the doc describes)
 *   4200  also the close code when the server shuts down (SIGTERM): the protocol's "reconnect now" class, so
 *         pusher-js reconnects at once, reaching another process behind the load balancer (1001 "going away"
 *         made it wait a second first)
 */
export const ERROR_CODES = {
  appKeyUnknown: 4001,
  invalidVersionFormat: 4006,
  unsupportedProtocol: 4007,
  noProtocolVersion: 4008,
  unauthorized: REALTIME_UNAUTHORIZED_CODE,
  invalidMessage: 4200,
  pongNotReceived: 4201,
  shuttingDown: 4200,
  messageTooLarge: 4300,
  clientEventRateLimit: 4301,
} as const;

export const MIN_PROTOCOL_VERSION = 5;
export const MAX_PROTOCOL_VERSION = 7;

/** pusher-http-node's rule for channel names; the SDK refuses anything else before sending. */
const CHANNEL_NAME_PATTERN = /^[A-Za-z0-9_\-=@,.;]+$/;
/** pusher-js subscribes to this after `pusher:signin` succeeds; `sendToUser` of the SDK publishes to it. */
export const SERVER_TO_USER_PREFIX = '#server-to-user-';
export const MAX_NAME_LENGTH = 200;

export function isValidChannelName(name: unknown): name is string {
  if (typeof name !== 'string' || name.length === 0 || name.length > MAX_NAME_LENGTH) return false;
  if (name.startsWith(SERVER_TO_USER_PREFIX)) {
    return CHANNEL_NAME_PATTERN.test(name.slice(SERVER_TO_USER_PREFIX.length));
  }
  return CHANNEL_NAME_PATTERN.test(name);
}

export function isValidEventName(name: unknown): name is string {
  return typeof name === 'string' && name.length > 0 && name.length <= MAX_NAME_LENGTH;
}

export type ChannelKind = 'public' | 'private' | 'encrypted' | 'presence' | 'user';

export function channelKind(name: string): ChannelKind {
  if (name.startsWith('private-encrypted-')) return 'encrypted';
  if (name.startsWith('private-')) return 'private';
  if (name.startsWith('presence-')) return 'presence';
  if (name.startsWith(SERVER_TO_USER_PREFIX)) return 'user';
  return 'public';
}

/** Client events are allowed on private and presence channels; encrypted ones cannot carry them (pusher docs). */
export function allowsClientEvents(name: string): boolean {
  const kind = channelKind(name);
  return kind === 'private' || kind === 'presence';
}

/** A protocol frame. `data` is a JSON-encoded string for every event the server originates. */
export function encodeFrame(event: string, data: unknown, channel?: string): string {
  const frame: { event: string; channel?: string; data?: string } = { event };
  if (channel !== undefined) frame.channel = channel;
  if (data !== undefined) frame.data = JSON.stringify(data);
  return JSON.stringify(frame);
}

export function encodeError(code: number, message: string): string {
  return encodeFrame('pusher:error', { code, message });
}

export interface PresenceMember {
  userId: string;
  userInfo: unknown;
}

export interface PresenceSnapshot {
  ids: string[];
  hash: Record<string, unknown>;
  count: number;
}

/** Members in join order, one per user even when a user has several sockets. */
export function presenceSnapshot(members: readonly PresenceMember[]): PresenceSnapshot {
  // No prototype: a user id of "__proto__" must stay an ordinary key.
  const hash = Object.create(null) as Record<string, unknown>;
  const ids: string[] = [];
  for (const member of members) {
    if (Object.hasOwn(hash, member.userId)) continue;
    hash[member.userId] = member.userInfo ?? null;
    ids.push(member.userId);
  }
  return { ids, hash, count: ids.length };
}

export type ParsedProtocolVersion =
  | { ok: true; version: number }
  | { ok: false; code: number; message: string };

export function parseProtocolVersion(value: string | null): ParsedProtocolVersion {
  if (value === null || value === '') {
    return { ok: false, code: ERROR_CODES.noProtocolVersion, message: 'No protocol version supplied' };
  }
  if (!/^\d{1,3}$/.test(value)) {
    return { ok: false, code: ERROR_CODES.invalidVersionFormat, message: 'Invalid version string format' };
  }
  const version = Number(value);
  if (version < MIN_PROTOCOL_VERSION || version > MAX_PROTOCOL_VERSION) {
    return { ok: false, code: ERROR_CODES.unsupportedProtocol, message: `Unsupported protocol version ${version}` };
  }
  return { ok: true, version };
}
