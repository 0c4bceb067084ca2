import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbiddenSchema, messageSchema } from '@portal/contracts/errors';
import { realtimeConfigSchema, type RealtimeConfig } from '@portal/contracts/realtime';
import type { Config } from '../../config.ts';
import { ForbiddenError } from '../../lib/errors.ts';
import { currentUser, type AuthenticatedUser } from '../../plugins/auth-guard.ts';
import { authenticateUser, authorizeChannel, type RealtimeUser } from '../../realtime/channel-authorizer.ts';

/**
 * Laravel's broadcasting endpoints, which pusher-js (through Echo) calls:
 *   POST /broadcasting/auth and /api/broadcasting/auth (spec §7 lists the latter): sign a private or
 *     presence subscription; 403 for a channel the user may not join, which pusher-js reports to the
 *     client as `pusher:subscription_error` (spec §8);
 *   GET|POST /broadcasting/user-auth: sign `pusher:signin`;
 *   GET /api/realtime/config (public): where the SPA's pusher-js connects.
 *
 * pusher-js posts `socket_id` and `channel_name` form-urlencoded; JSON is accepted too. The auth routes are
 * exempt from the CSRF check as Laravel exempts them: signing a subscription changes nothing on the server,
 * the answer cannot be read by another site (no CORS), and the SameSite=Lax session cookie is not sent
 * with a cross-site POST at all. The SPA sends X-XSRF-TOKEN anyway.
 */

const channelAuthBodySchema = z.object({
  socket_id: z.string().max(64),
  channel_name: z.string().max(200),
});
const userAuthBodySchema = z.object({ socket_id: z.string().max(64) });

const channelAuthResponseSchema = z.object({ auth: z.string(), channel_data: z.string().optional() });
const userAuthResponseSchema = z.object({ auth: z.string(), user_data: z.string() });

/** Form bodies are a few dozen bytes; anything large is not pusher-js. */
const FORM_BODY_LIMIT = 4096;

function realtimeUser(user: AuthenticatedUser): RealtimeUser {
  return { id: user.id, referralAgentId: user.referralAgentId, name: `${user.firstName} ${user.lastName}`.trim() };
}

/** What GET /api/realtime/config answers: the embedded service at APP_URL, or the external one. */
export function realtimeClientConfig(config: Config): RealtimeConfig {
  const external = config.pusher.external;
  if (external) {
    const tls = external.scheme === 'https';
    return {
      key: config.pusher.key,
      cluster: external.cluster ?? 'mt1',
      // No host: Pusher Channels, where pusher-js derives ws-{cluster}.pusher.com from the cluster.
      wsHost: external.host ?? null,
      wsPort: external.port ?? 80,
      wssPort: external.port ?? 443,
      forceTLS: tls,
      enabledTransports: tls ? ['ws', 'wss'] : ['ws'],
    };
  }
  // Embedded: the websocket is served by this app, at the origin the SPA is served from (APP_URL, which
  // the CSP's connect-src names too). Over HTTPS that is TLS on 443 unless APP_URL names another port.
  const url = new URL(config.appUrl);
  const tls = url.protocol === 'https:';
  const port = url.port ? Number(url.port) : tls ? 443 : 80;
  return {
    key: config.pusher.key,
    cluster: 'mt1',
    wsHost: url.hostname,
    wsPort: tls ? 80 : port,
    wssPort: tls ? port : 443,
    forceTLS: tls,
    // pusher-js's 'ws' transport uses TLS when forceTLS is set; 'wss' is its TLS-only variant.
    enabledTransports: tls ? ['ws', 'wss'] : ['ws'],
  };
}

export async function broadcastingRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app;

  async function channelAuth(request: FastifyRequest<{ Body: z.infer<typeof channelAuthBodySchema> }>, reply: FastifyReply) {
    const authorization = authorizeChannel({
      socketId: request.body.socket_id,
      channelName: request.body.channel_name,
      user: realtimeUser(currentUser(request)),
      key: config.pusher.key,
      secret: config.pusher.secret,
    });
    if (!authorization) throw new ForbiddenError();
    return reply.send(authorization);
  }

  function userAuth(socketId: string, request: FastifyRequest) {
    const authentication = authenticateUser({
      socketId,
      user: realtimeUser(currentUser(request)),
      key: config.pusher.key,
      secret: config.pusher.secret,
    });
    if (!authentication) throw new ForbiddenError();
    return authentication;
  }

  await app.register(async (scope) => {
    // Only here: the rest of the API takes JSON alone. (@fastify/formbody is not a dependency; this is all it would do.)
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
      },
    );
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    for (const url of ['/broadcasting/auth', '/api/broadcasting/auth']) {
      routes.post(
        url,
        {
          preHandler: app.requireUser,
          // Any member may open their socket (what each channel carries is decided per channel).
          config: { csrf: false, partner: { permission: 'portal.use' } },
          schema: {
            tags: ['realtime'],
            summary: 'Authorise a private or presence channel subscription',
            consumes: ['application/x-www-form-urlencoded', 'application/json'],
            body: channelAuthBodySchema,
            response: { 200: channelAuthResponseSchema, 401: messageSchema, 403: forbiddenSchema },
          },
        },
        channelAuth,
      );
    }

    routes.post(
      '/broadcasting/user-auth',
      {
        preHandler: app.requireUser,
        config: { csrf: false, partner: { permission: 'portal.use' } },
        schema: {
          tags: ['realtime'],
          summary: 'Sign pusher:signin for the current user',
          consumes: ['application/x-www-form-urlencoded', 'application/json'],
          body: userAuthBodySchema,
          response: { 200: userAuthResponseSchema, 401: messageSchema, 403: forbiddenSchema },
        },
      },
      async (request) => userAuth(request.body.socket_id, request),
    );
    routes.get(
      '/broadcasting/user-auth',
      {
        preHandler: app.requireUser,
        config: { partner: { permission: 'portal.use' } },
        schema: {
          tags: ['realtime'],
          summary: 'Sign pusher:signin for the current user',
          querystring: userAuthBodySchema,
          response: { 200: userAuthResponseSchema, 401: messageSchema, 403: forbiddenSchema },
        },
      },
      async (request) => userAuth(request.query.socket_id, request),
    );
  });

  const clientConfig = realtimeClientConfig(config);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/realtime/config',
    {
      schema: {
        tags: ['realtime'],
        summary: 'Where the realtime client connects (public: the key is public by design)',
        response: { 200: realtimeConfigSchema },
      },
    },
    async () => clientConfig,
  );
}
