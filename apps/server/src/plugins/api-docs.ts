import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONSOLE_API_PREFIX } from '@portal/contracts/console-session';
import { operatorRoute } from '../kit/operator-routes.ts';

/** Where the partner API's document and its viewer are; the console's document is under the console's prefix. */
export const PARTNER_API_DOCS_PREFIX = '/api/docs';
export const CONSOLE_API_DOCS_URL = `${CONSOLE_API_PREFIX}/docs/json`;

type OpenApiDocument = { paths?: Record<string, unknown> } & Record<string, unknown>;

const isConsolePath = (path: string) => path === CONSOLE_API_PREFIX || path.startsWith(`${CONSOLE_API_PREFIX}/`);
/** The embedded realtime service's Pusher HTTP API: signed with the app secret, for the server's own SDK. */
const isRealtimeApiPath = (path: string) => path.startsWith('/apps/');

/** The document with only the paths `keep` keeps. */
export function documentOf(document: OpenApiDocument, keep: (path: string) => boolean): OpenApiDocument {
  return { ...document, paths: Object.fromEntries(Object.entries(document.paths ?? {}).filter(([path]) => keep(path))) };
}

/**
 * The OpenAPI documents (issue 33, the outside probe's N9: production served one public document listing every
 * console route). Two documents from the one the routes' schemas make (`app.swagger()`, which the fuzz tests read):
 * - the partner API's, with its viewer, at /api/docs (and /api/docs/json): to anyone outside production, to signed-in
 *   partners in production (API_DOCS=signed-in), or not at all (API_DOCS=off);
 * - the console's, at /api/console/docs/json: to signed-in operators only (any role), like every console route;
 *   not at all with API_DOCS=off.
 */
export const apiDocsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(fastifySwagger, {
      openapi: {
        info: { title: 'Partner portal API', version: '1.0.0', description: 'The JSON API behind the partner portal SPA.' },
        components: {
          securitySchemes: {
            session: { type: 'apiKey', in: 'cookie', name: app.config.sessionCookie },
            xsrf: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' },
          },
        },
      },
      transform: jsonSchemaTransform,
    });
    const access = app.config.apiDocs;
    if (access === 'off') return;

    await app.register(async (scope) => {
      if (access === 'signed-in') scope.addHook('preHandler', app.requireUser);
      await scope.register(fastifySwaggerUi, {
        routePrefix: PARTNER_API_DOCS_PREFIX,
        staticCSP: true,
        transformSpecification: (document) => documentOf(document as OpenApiDocument, (path) => !isConsolePath(path) && !isRealtimeApiPath(path)),
      });
    });

    app.get(
      CONSOLE_API_DOCS_URL,
      operatorRoute(app, {
        permission: 'console.use',
        tags: ['docs'],
        summary: "The console API's OpenAPI document",
        hide: true,
        response: { 200: z.record(z.string(), z.unknown()) },
      }),
      async (_request: FastifyRequest) => documentOf(app.swagger() as OpenApiDocument, isConsolePath),
    );
  },
  { name: 'api-docs', dependencies: ['operator-session'] },
);
