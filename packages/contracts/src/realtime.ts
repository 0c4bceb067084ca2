import { z } from 'zod';

/**
 * The SPA's realtime connection (spec §7): pusher-js through laravel-echo, websocket only. The server tells
 * the SPA where to connect (GET /api/realtime/config) so that the same build works against the embedded
 * service and against an external Pusher-compatible one.
 */

/** Echo's event namespace (spec §7). */
export const REALTIME_NAMESPACE = 'App.Events';
export const BROADCASTING_AUTH_ENDPOINT = '/broadcasting/auth';
export const BROADCASTING_USER_AUTH_ENDPOINT = '/broadcasting/user-auth';
/** The header that carries the socket id of the tab that made a request, so its own events skip it. */
export const SOCKET_ID_HEADER = 'X-Socket-ID';
export const SOCKET_ID_PATTERN = /^\d+\.\d+$/;
/**
 * The Pusher error code "unauthorized" (pusher:error, and the close code when fatal). The server also closes with
 * it every socket of a user whose sessions it ended (terminate_connections), which the SPA acts on.
 */
export const REALTIME_UNAUTHORIZED_CODE = 4009;

export const realtimeConfigSchema = z.object({
  key: z.string(),
  /** pusher-js requires one; with wsHost set it is not used to pick a host. */
  cluster: z.string(),
  /** null: the Pusher Channels host of `cluster`. */
  wsHost: z.string().nullable(),
  wsPort: z.number().int(),
  wssPort: z.number().int(),
  forceTLS: z.boolean(),
  enabledTransports: z.array(z.enum(['ws', 'wss'])),
});
export type RealtimeConfig = z.infer<typeof realtimeConfigSchema>;

/** Echo's name of a user's private channel (Echo adds 'private-'): the server authorises only the user's own. */
export function userChannelName(userId: number | string): string {
  return `App.Models.User.${userId}`;
}
