import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * HMAC helpers of the Pusher Channels protocol (auth-signatures.md and rest-api.md of pusher/docs).
 * Every verification goes through `constantTimeEqual` so a forged signature cannot be found byte by byte
 * from response timings.
 */

/** Socket ids the protocol hands out: two unsigned integers joined by a dot. */
export const SOCKET_ID_PATTERN = /^\d+\.\d+$/;

export function isValidSocketId(socketId: unknown): socketId is string {
  return typeof socketId === 'string' && socketId.length <= 64 && SOCKET_ID_PATTERN.test(socketId);
}

export function hmacSha256Hex(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload, 'utf8').digest('hex');
}

/** MD5 of the exact request body bytes, as the HTTP API's `body_md5` parameter. */
export function md5Hex(body: string | Uint8Array): string {
  const hash = createHash('md5');
  if (typeof body === 'string') hash.update(body, 'utf8');
  else hash.update(body);
  return hash.digest('hex');
}

/**
 * Compares two strings in time that depends only on their length. timingSafeEqual throws on different
 * lengths, and the length of a signature is public anyway (hex of SHA-256), so checking it first leaks nothing.
 */
export function constantTimeEqual(expected: string, provided: string): boolean {
  const expectedBytes = Buffer.from(expected, 'utf8');
  const providedBytes = Buffer.from(provided, 'utf8');
  if (expectedBytes.length !== providedBytes.length) return false;
  return timingSafeEqual(expectedBytes, providedBytes);
}

export interface ChannelSignatureInput {
  key: string;
  secret: string;
  socketId: string;
  channelName: string;
  /** Presence channels only: the JSON string that is sent, byte for byte, as `channel_data`. */
  channelData?: string;
}

/** `key:hex(hmac(secret, "socket_id:channel[:channel_data]"))`, the `auth` of `pusher:subscribe`. */
export function signChannel(input: ChannelSignatureInput): string {
  const stringToSign =
    input.channelData === undefined
      ? `${input.socketId}:${input.channelName}`
      : `${input.socketId}:${input.channelName}:${input.channelData}`;
  return `${input.key}:${hmacSha256Hex(input.secret, stringToSign)}`;
}

export function verifyChannelSignature(input: ChannelSignatureInput & { auth: string }): boolean {
  return constantTimeEqual(signChannel(input), input.auth);
}

export interface UserSignatureInput {
  key: string;
  secret: string;
  socketId: string;
  /** The JSON string that is sent, byte for byte, as `user_data` of `pusher:signin`. */
  userData: string;
}

/** `key:hex(hmac(secret, "socket_id::user::user_data"))`, the `auth` of `pusher:signin`. */
export function signUser(input: UserSignatureInput): string {
  return `${input.key}:${hmacSha256Hex(input.secret, `${input.socketId}::user::${input.userData}`)}`;
}

export function verifyUserSignature(input: UserSignatureInput & { auth: string }): boolean {
  return constantTimeEqual(signUser(input), input.auth);
}

/**
 * The string the HTTP API signs: `METHOD\nPATH\nquery`, where query is every parameter except
 * `auth_signature`, keys lower-cased, sorted by key, joined as `key=value` with `&`, values not escaped.
 */
export function httpApiStringToSign(method: string, path: string, params: Readonly<Record<string, string>>): string {
  const query = Object.keys(params)
    .filter((name) => name.toLowerCase() !== 'auth_signature')
    .map((name) => [name.toLowerCase(), params[name] ?? ''] as const)
    .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  return `${method.toUpperCase()}\n${path}\n${query}`;
}

export function signHttpApiString(secret: string, method: string, path: string, params: Readonly<Record<string, string>>): string {
  return hmacSha256Hex(secret, httpApiStringToSign(method, path, params));
}

export interface SignedHttpApiRequest {
  /** Every query parameter including `auth_signature`. */
  params: Record<string, string>;
  /** The same parameters as a query string (without the leading `?`). */
  queryString: string;
}

/**
 * Signs an HTTP API request the way the official SDKs do. Used by tests and the benchmark; the server
 * itself publishes through `publish()` and never needs to call its own HTTP API.
 */
export function signHttpApiRequest(input: {
  key: string;
  secret: string;
  method: string;
  path: string;
  body?: string;
  /** Seconds since the epoch; now by default. */
  timestamp?: number;
  params?: Record<string, string>;
}): SignedHttpApiRequest {
  const params: Record<string, string> = {
    ...input.params,
    auth_key: input.key,
    auth_timestamp: String(input.timestamp ?? Math.floor(Date.now() / 1000)),
    auth_version: '1.0',
  };
  if (input.body !== undefined && input.body.length > 0) params.body_md5 = md5Hex(input.body);
  params.auth_signature = signHttpApiString(input.secret, input.method, input.path, params);
  return { params, queryString: new URLSearchParams(params).toString() };
}
