import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { createRealtimeServer, type RealtimeServer } from '../realtime/realtime-server.ts';
import {
  createBroadcaster,
  externalTarget,
  loopbackTarget,
  type Broadcaster,
} from '../modules/broadcasting/public.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The embedded Pusher-protocol service; null when an external one (PUSHER_HOST / PUSHER_CLUSTER) is used. */
    realtime: RealtimeServer | null;
    /** Publishes events to the realtime service in use (see modules/broadcasting/broadcaster.ts). */
    broadcaster: Broadcaster;
  }
}

/** The Vite dev server (apps/web `npm run dev`), which proxies the API but opens the websocket itself. */
const DEV_SERVER_PORT = 5173;

/**
 * Origins whose pages may open the websocket (ASVS 4.4.2): the portal's own (APP_URL). Outside production
 * also its localhost / 127.0.0.1 twin and the Vite dev server, so local development works however the
 * browser was pointed at it. Exact origins, never patterns: a wildcard such as `http://localhost:*` would
 * also admit any other local web app the developer runs.
 */
export function realtimeAllowedOrigins(config: Config): string[] {
  const appOrigin = new URL(config.appUrl).origin;
  const origins = new Set([appOrigin]);
  if (!config.isProduction) {
    const url = new URL(config.appUrl);
    for (const host of ['localhost', '127.0.0.1']) {
      if (url.hostname === 'localhost' || url.hostname === '127.0.0.1') origins.add(`${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`);
      origins.add(`http://${host}:${DEV_SERVER_PORT}`);
    }
  }
  return [...origins];
}

/**
 * Realtime for the whole app. Without PUSHER_HOST / PUSHER_CLUSTER this process itself speaks the Pusher
 * protocol: websockets on `/app/{key}` (the HTTP server's `upgrade` event) and the Pusher HTTP API on
 * `/apps/{id}/…`, shared with other processes through REDIS_URL when set. Either way it decorates
 * `app.broadcaster`, which publishes through the `pusher` SDK to whichever service is in use.
 */
export const realtimePlugin = fp(
  async (app: FastifyInstance, options: { config: Config }) => {
    const { config } = options;
    const external = externalTarget(config);

    let realtime: RealtimeServer | null = null;
    if (!external) {
      realtime = createRealtimeServer({
        appId: config.pusher.appId,
        key: config.pusher.key,
        secret: config.pusher.secret,
        allowedOrigins: realtimeAllowedOrigins(config),
        // The portal's pages push nothing to each other: every event comes from the server (docs/production.md).
        clientEvents: [],
        // One namespace per app id: processes of one deployment share it, another app on the same Redis does not.
        ...(config.redisUrl ? { redisUrl: config.redisUrl, redisPrefix: `portal-realtime:${config.pusher.appId}` } : {}),
        logger: app.log,
      });
      const server = realtime;
      await app.register(server.httpApi);
      await server.ready();

      const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
        // Any other upgrade (another path, another protocol) has no handler here: refuse it outright.
        if (!server.handleUpgrade(request, socket, head)) socket.destroy();
      };
      app.server.on('upgrade', onUpgrade);
      // Before the HTTP server closes: an upgraded socket still counts as an open connection of the server,
      // whose close would otherwise wait for every websocket to go away by itself.
      app.addHook('preClose', async () => {
        app.server.off('upgrade', onUpgrade);
        await server.close();
      });
    }

    app.decorate('realtime', realtime);
    app.decorate(
      'broadcaster',
      createBroadcaster({
        appId: config.pusher.appId,
        key: config.pusher.key,
        secret: config.pusher.secret,
        // Read at publish time: the port is known only once the app listens (port 0 in tests).
        target: () => external ?? (app.server.listening ? loopbackTarget(app.server.address()) : null),
        // Not listening (tests that use inject()): no HTTP API to call, hand events to the service directly.
        fallback: realtime ? (event) => realtime.publish(event) : undefined,
        terminateFallback: realtime ? (userId) => realtime.terminateUserConnections(userId) : undefined,
        logger: app.log,
      }),
    );
  },
  { name: 'realtime' },
);
