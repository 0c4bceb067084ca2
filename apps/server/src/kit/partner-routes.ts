import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { forbiddenSchema, messageSchema, validationErrorSchema } from '@portal/contracts/errors';
import type { ListEndpoint } from '@portal/contracts/list-query';
import { currentUser, type AuthenticatedUser } from '../plugins/auth-guard.ts';
import { pageUrlBuilder, paginate, requestQueryValues } from '../lib/paginate.ts';

/**
 * The route half of the module template: every signed-in partner endpoint is declared through `partnerRoute` (or,
 * for a paged list, `listRoute`), so none can forget the guard or an error answer, and the OpenAPI document lists
 * them all. Routes stay thin: parse (the contract does it), call the service, return.
 */

/** What any guarded partner route may answer besides its own: no session, not allowed, CSRF, invalid, throttled. */
export const partnerErrorResponses = {
  401: messageSchema,
  // forbiddenSchema, not messageSchema: the guard's 403 carries a `code` the SPA acts on.
  403: forbiddenSchema,
  419: messageSchema,
  422: validationErrorSchema,
  429: messageSchema,
} as const;

interface PartnerRouteSchema {
  tags: string[];
  summary: string;
  querystring?: z.ZodType;
  params?: z.ZodType;
  body?: z.ZodType;
  response: Record<number, z.ZodType>;
}

/**
 * Route options for an endpoint of a signed-in, approved partner with an up-to-date password (the auth guard), with
 * partnerErrorResponses added to its own responses. `request.user` is then set: read it with `currentUser(request)`.
 *   routes.post('/api/earnings/:id/dispute', partnerRoute(app, { tags, summary, params, body, response: { 200: … } }), handler)
 */
export function partnerRoute<Schema extends PartnerRouteSchema>(app: FastifyInstance, schema: Schema) {
  return {
    preHandler: app.requireUser,
    schema: { ...schema, response: { ...partnerErrorResponses, ...schema.response } as Schema['response'] & typeof partnerErrorResponses },
  };
}

export interface ListRouteOptions<Query extends z.ZodObject, Row extends z.ZodType> {
  /** The list as the contracts declare it (listEndpoint): URL, query schema (its keys are what page links carry), row. */
  endpoint: ListEndpoint<Query, Row>;
  tags: string[];
  summary: string;
  /** The page and the total of everything that matches, scoped to `user` inside the query (db/queryable.ts queryPage). */
  list(user: AuthenticatedUser, query: z.output<Query>, request: FastifyRequest): Promise<{ rows: z.output<Row>[]; total: number }>;
}

/**
 * GET `url`: a guarded, filtered, paged list in Laravel's paginator shape, with page links that keep the request's
 * own parameters (withQueryString). The list kit's server half; see docs/recipe-new-area.md.
 */
export function listRoute<Query extends z.ZodObject, Row extends z.ZodType>(
  app: FastifyInstance,
  options: ListRouteOptions<Query, Row>,
): void {
  const { endpoint } = options;
  const linkKeys = Object.keys(endpoint.query.shape);
  app.withTypeProvider<ZodTypeProvider>().get(
    endpoint.url,
    partnerRoute(app, {
      tags: options.tags,
      summary: options.summary,
      querystring: endpoint.query,
      response: { 200: endpoint.page },
    }),
    async (request) => {
      const query = request.query as z.output<Query> & { page: number; per_page: number };
      const { rows, total } = await options.list(currentUser(request), query, request);
      return paginate({
        rows,
        total,
        page: query.page,
        perPage: query.per_page,
        pageUrl: pageUrlBuilder(endpoint.url, requestQueryValues(request.url, linkKeys)),
      });
    },
  );
}
