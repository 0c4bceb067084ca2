import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { messageSchema, validationErrorSchema } from '@portal/contracts/errors';
import type { ListEndpoint } from '@portal/contracts/list-query';
import type { OperatorPermission } from '@portal/contracts/operator-permissions';
import { currentOperator, type AuthenticatedOperator } from '../plugins/operator-session.ts';
import { guardedErrorResponses, pagedListHandler, type RouteSchema } from './route-kit.ts';

/**
 * The route half of the console (issue 14), as kit/partner-routes.ts is the partners': every endpoint under
 * /api/console is declared through `operatorRoute` (or `operatorListRoute` for a paged list), naming the one
 * permission of the role map (packages/contracts/src/operator-permissions.ts) it needs; the sign-in steps through
 * `publicConsoleRoute`. The guard itself is one hook in plugins/operator-session.ts, which reads that declaration;
 * a console route without one is refused at registration, and the access matrix test
 * (modules/operators/console-access.test.ts) tries every declared one with every role.
 *
 *   app.post('/api/console/partners/:id/suspend', operatorRoute(app, { permission: 'partners.manage', tags, summary, params, response: { 200: … } }), handler)
 */

/** What any console route may answer besides its own: no operator, not allowed, CSRF, invalid, throttled. */
export const operatorErrorResponses = guardedErrorResponses;

type ConsoleRouteSchema = RouteSchema;

interface OperatorRouteSchema extends ConsoleRouteSchema {
  /** The permission the operator's role must hold. Required: a console route cannot be declared without one. */
  permission: OperatorPermission;
}

/**
 * Route options of an endpoint for a signed-in operator whose role holds `permission`. `request.operator` is then
 * set: read it with `currentOperator(request)`.
 */
export function operatorRoute<Schema extends OperatorRouteSchema>(_app: FastifyInstance, options: Schema) {
  const { permission, ...schema } = options;
  return {
    config: { console: { kind: 'operator' as const, permission } },
    schema: {
      ...schema,
      tags: ['console', ...schema.tags],
      response: { ...operatorErrorResponses, ...schema.response } as Schema['response'] & typeof operatorErrorResponses,
    },
  };
}

/** Route options of a console endpoint anyone may call: the sign-in steps (CSRF still applies to its writes). */
export function publicConsoleRoute<Schema extends ConsoleRouteSchema>(_app: FastifyInstance, schema: Schema) {
  return {
    config: { console: { kind: 'public' as const } },
    schema: {
      ...schema,
      tags: ['console', ...schema.tags],
      response: { 419: messageSchema, 422: validationErrorSchema, 429: messageSchema, ...schema.response } as Schema['response'] & {
        419: typeof messageSchema;
        422: typeof validationErrorSchema;
        429: typeof messageSchema;
      },
    },
  };
}

export interface OperatorListRouteOptions<Query extends z.ZodObject, Row extends z.ZodType> {
  endpoint: ListEndpoint<Query, Row>;
  permission: OperatorPermission;
  tags: string[];
  summary: string;
  list(operator: AuthenticatedOperator, query: z.output<Query>, request: FastifyRequest): Promise<{ rows: z.output<Row>[]; total: number }>;
}

/** GET `url`: a guarded, filtered, paged console list in the paginator shape (the list kit's server half). */
export function operatorListRoute<Query extends z.ZodObject, Row extends z.ZodType>(
  app: FastifyInstance,
  options: OperatorListRouteOptions<Query, Row>,
): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    options.endpoint.url,
    operatorRoute(app, {
      permission: options.permission,
      tags: options.tags,
      summary: options.summary,
      querystring: options.endpoint.query,
      response: { 200: options.endpoint.page },
    }),
    pagedListHandler(options.endpoint, currentOperator, options.list),
  );
}
