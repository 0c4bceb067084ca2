import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { forbiddenSchema, messageSchema, validationErrorSchema } from '@portal/contracts/errors';
import type { ListEndpoint } from '@portal/contracts/list-query';
import { pageUrlBuilder, paginate, requestQueryValues } from '../lib/paginate.ts';

/**
 * What the partner routes (kit/partner-routes.ts) and the console's (kit/operator-routes.ts) have in common: the
 * error answers of a guarded route, the shape of a route's schema, and the handler of a paged list.
 */

/** What any guarded route may answer besides its own: no session, not allowed, CSRF, invalid, throttled. */
export const guardedErrorResponses = {
  401: messageSchema,
  // forbiddenSchema, not messageSchema: the guard's 403 carries a `code` the SPA acts on.
  403: forbiddenSchema,
  419: messageSchema,
  422: validationErrorSchema,
  429: messageSchema,
} as const;

export interface RouteSchema {
  tags: string[];
  summary: string;
  description?: string;
  querystring?: z.ZodType;
  params?: z.ZodType;
  body?: z.ZodType;
  response: Record<number, z.ZodType>;
}

/**
 * The handler of a paged list in Laravel's paginator shape, with page links that keep the request's own parameters
 * (withQueryString). `actorOf` reads who is asking (the partner or the operator) after the route's guard.
 */
export function pagedListHandler<Query extends z.ZodObject, Row extends z.ZodType, Actor>(
  endpoint: ListEndpoint<Query, Row>,
  actorOf: (request: FastifyRequest) => Actor,
  list: (actor: Actor, query: z.output<Query>, request: FastifyRequest) => Promise<{ rows: z.output<Row>[]; total: number }>,
) {
  const linkKeys = Object.keys(endpoint.query.shape);
  return async (request: FastifyRequest) => {
    const query = request.query as z.output<Query> & { page: number; per_page: number };
    const { rows, total } = await list(actorOf(request), query, request);
    return paginate({
      rows,
      total,
      page: query.page,
      perPage: query.per_page,
      pageUrl: pageUrlBuilder(endpoint.url, requestQueryValues(request.url, linkKeys)),
    });
  };
}
