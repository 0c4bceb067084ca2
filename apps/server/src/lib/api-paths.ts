/**
 * Paths the server answers itself and never with the SPA's page: the JSON API, the session and channel-auth
 * endpoints, the Pusher HTTP API (/apps/…) and the realtime websocket (/app/…). An unknown one is a JSON 404,
 * and no answer on them may be cached (plugins/spa.ts, plugins/security-headers.ts).
 */
const API_PREFIXES = ['/api/', '/sanctum/', '/broadcasting/', '/apps/', '/app/'];

/** `url` is the request's URL (path and query): a prefix of it is a prefix of the path. */
export function isApiPath(url: string): boolean {
  return API_PREFIXES.some((prefix) => url.startsWith(prefix)) || url === '/api' || url.startsWith('/api?');
}
