import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { ListEndpoint } from '@portal/contracts/list-query';
import { AFFILIATES_GROUP } from '@portal/contracts/constants';
import type { PartnerPermission } from '@portal/contracts/partner-roles';
import { assertPartnerCan, currentUser, type AuthenticatedUser } from '../plugins/auth-guard.ts';
import { ForbiddenError } from '../lib/errors.ts';
import { guardedErrorResponses, pagedListHandler, type RouteSchema } from './route-kit.ts';

/**
 * The route half of the module template: every signed-in partner endpoint is declared through `partnerRoute` (or,
 * for a paged list, `listRoute`), so none can forget the guard or an error answer, and the OpenAPI document lists
 * them all. Routes stay thin: parse (the contract does it), call the service, return.
 */

/** What any guarded partner route may answer besides its own: no session, not allowed, CSRF, invalid, throttled. */
export const partnerErrorResponses = guardedErrorResponses;

interface PartnerRouteSchema extends RouteSchema {
  /**
   * The permission the member's role must hold (packages/contracts/src/partner-roles.ts). Required: a partner route
   * cannot be declared without saying who inside an agent may call it; the role matrix test reads it from
   * `config.partner` on every route.
   */
  permission: PartnerPermission;
  /**
   * Referral groups (their slugs) refused outright, with the reason said in the 403: spec §2 bars the 'affiliates'
   * group from the commission structure, and the API refuses what the SPA only redirects.
   */
  barredGroups?: { slugs: readonly string[]; message: string };
}

/** The slug of the member's agent's referral group (one indexed lookup by primary keys). */
async function groupOf(app: FastifyInstance, user: AuthenticatedUser): Promise<string | null> {
  const { rows } = await app.database.pool.query<{ slug: string }>(
    'SELECT g.slug FROM referral_agents a JOIN referral_groups g ON g.id = a.referral_group_id WHERE a.id = $1',
    [user.referralAgentId],
  );
  return rows[0]?.slug ?? null;
}

/** 403 when the member's agent belongs to one of `barred.slugs`. */
async function assertGroupAllowed(app: FastifyInstance, user: AuthenticatedUser, barred: PartnerRouteSchema['barredGroups']): Promise<void> {
  if (!barred) return;
  const slug = await groupOf(app, user);
  if (slug !== null && barred.slugs.includes(slug)) throw new ForbiddenError(barred.message, 'barred_group');
}

/**
 * Whether no rate may reach the member (spec §2: the affiliates group never sees the commission structure; issue 31:
 * nor a rate on a line, an export or a tier's benefits). An endpoint that answers rates to others blanks them for
 * these members: kit/affiliate-rates.test.ts scans every partner endpoint as an affiliate with data that would leak.
 */
export async function ratesHiddenFrom(app: FastifyInstance, user: AuthenticatedUser): Promise<boolean> {
  return (await groupOf(app, user)) === AFFILIATES_GROUP;
}


/**
 * Route options for an endpoint of a signed-in, approved partner with an up-to-date password (the auth guard) whose
 * role holds `permission` (else 403), with partnerErrorResponses added to its own responses. `request.user` is then
 * set: read it with `currentUser(request)`. Scoping by the member (referralScope) is the query's job.
 *   routes.post('/api/earnings/:id/dispute', partnerRoute(app, { permission: 'earnings.read', tags, summary, params, body, response: { 200: … } }), handler)
 */
export function partnerRoute<Schema extends PartnerRouteSchema>(app: FastifyInstance, options: Schema) {
  const { permission, barredGroups, ...schema } = options;
  return {
    config: { partner: { permission } },
    // The role is checked before the request is validated too: a role without the permission gets 403, never a 422
    // that tells it how to shape a request it may not make (the role × endpoint matrix, kit/partner-access.test.ts).
    // Lenient about a pending password change here; the preHandler below (or a route's own) rules on that.
    preValidation: async (request: FastifyRequest, reply: FastifyReply) => {
      await app.requireUserAllowingPasswordUpdate(request, reply);
      assertPartnerCan(currentUser(request), permission);
      await assertGroupAllowed(app, currentUser(request), barredGroups);
    },
    preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
      await app.requireUser(request, reply);
      assertPartnerCan(currentUser(request), permission);
    },
    schema: {
      ...schema,
      response: { ...partnerErrorResponses, ...schema.response } as Schema['response'] & typeof partnerErrorResponses,
    },
  };
}

export interface ListRouteOptions<Query extends z.ZodObject, Row extends z.ZodType> {
  /** The list as the contracts declare it (listEndpoint): URL, query schema (its keys are what page links carry), row. */
  endpoint: ListEndpoint<Query, Row>;
  permission: PartnerPermission;
  barredGroups?: PartnerRouteSchema['barredGroups'];
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
  app.withTypeProvider<ZodTypeProvider>().get(
    options.endpoint.url,
    partnerRoute(app, {
      permission: options.permission,
      barredGroups: options.barredGroups,
      tags: options.tags,
      summary: options.summary,
      querystring: options.endpoint.query,
      response: { 200: options.endpoint.page },
    }),
    pagedListHandler(options.endpoint, currentUser, options.list),
  );
}
