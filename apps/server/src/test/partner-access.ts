import type { PartnerRole } from '@portal/contracts/partner-roles';
import { PARTNER_ROLES } from '@portal/contracts/partner-roles';
import { createPartner, type CreatedPartner } from './factories.ts';
import type { TestContext } from './test-app.ts';

/**
 * The shape of the role × endpoint matrix (issue 17; the test is apps/server/src/kit/partner-access.test.ts).
 *
 * Every partner route (declared with partnerRoute/listRoute, so it carries `config.partner.permission`) is called as
 * each role of an agent. A route with path parameters needs data to point at: the module that registers it provides
 * `apps/server/src/modules/<area>/access-fixtures.ts`, exporting
 *
 *   export const accessFixtures: PartnerAccessFixture[] = [
 *     {
 *       route: 'GET /api/clients/bookings/:id',           // exactly as registered: method, space, URL
 *       visibleTo: 'referral-scope',                      // who may see a record of a member (see below)
 *       async create(world, member) {                     // makes a record that belongs to `member`
 *         const booking = await insertBooking(world.context.database.pool, { referredBy: member });
 *         return { params: { id: booking.id } };          // the URL's parameters that name it (and a body if needed)
 *       },
 *     },
 *   ];
 *
 * The matrix test finds these files by glob (no central list), and fails naming the route when a partner route with
 * a path parameter has no fixture. For each fixture and role it checks: a role without the route's permission gets
 * 403; a record of another agent gives 404; a record of another member of the same agent gives 404 unless
 * `visibleTo` lets the caller's role see it; the caller's own record never gives 401/403/404.
 */

/** Whose records a caller may reach, given the record belongs to `member`. */
export type PartnerAccessVisibility =
  /** only the member themself (their sessions, their own feedback thread as an agent…) */
  | 'member'
  /** the member, and members of the same agent whose referralScope(role) is 'agent' (owner, manager, finance if permitted) */
  | 'referral-scope'
  /** the member, and the owner and managers of the same agent (feedback threads: finance and agents see only their own) */
  | 'managers'
  /** every member of the same agent whose role holds the route's permission */
  | 'agent'
  /** anyone with the permission, across agents: the record is not an agent's (a facility, a package) */
  | 'everyone';

export interface PartnerAccessRequest {
  /** Path parameters by name (`:id` → `{ id: 42 }`). */
  params: Record<string, string | number>;
  /** Body for POST/PUT/PATCH/DELETE; `{}` when absent. Give a valid one: validation (422) runs before the 403 check. */
  body?: unknown;
  /** Query string, when the route needs one to answer. */
  query?: Record<string, string>;
}

export interface PartnerAccessFixture {
  /** `METHOD /url` exactly as Fastify registered it, e.g. 'DELETE /api/profile/sessions/:id'. */
  route: string;
  visibleTo: PartnerAccessVisibility;
  /** Makes a fresh record belonging to `member` (called once per request: an unsafe method may consume it). */
  create(world: PartnerAccessWorld, member: CreatedPartner): Promise<PartnerAccessRequest>;
  /**
   * Statuses meaning "served" for a caller who may reach the record (default: anything but 401, 403 and 404).
   * Narrow it when the route answers something specific, e.g. [200] or [204].
   */
  served?: number[];
}

/** Two agents, each with one member of every role, plus a second 'agent' member in the first. */
export interface PartnerAccessWorld {
  context: TestContext;
  /** The agent under test: `members[role]` for every role. */
  agent: { referralAgentId: number; members: Record<PartnerRole, CreatedPartner> };
  /** Another 'agent' member of the same agent: the "another member" whose records an agent-role caller must not see. */
  colleague: CreatedPartner;
  /** Another referral agent entirely. */
  otherAgent: { referralAgentId: number; members: Record<PartnerRole, CreatedPartner> };
}

async function createTeam(context: TestContext): Promise<{ referralAgentId: number; members: Record<PartnerRole, CreatedPartner> }> {
  const owner = await createPartner(context.database.pool, { role: 'owner', firstName: 'Owner' });
  const members = { owner } as Record<PartnerRole, CreatedPartner>;
  for (const role of PARTNER_ROLES) {
    if (role === 'owner') continue;
    members[role] = await createPartner(context.database.pool, {
      role,
      referralAgentId: owner.referralAgentId,
      firstName: role[0]!.toUpperCase() + role.slice(1),
    });
  }
  return { referralAgentId: owner.referralAgentId, members };
}

/** Builds the world the matrix runs in. */
export async function createPartnerAccessWorld(context: TestContext): Promise<PartnerAccessWorld> {
  const agent = await createTeam(context);
  const colleague = await createPartner(context.database.pool, {
    role: 'agent',
    referralAgentId: agent.referralAgentId,
    firstName: 'Colleague',
  });
  const otherAgent = await createTeam(context);
  return { context, agent, colleague, otherAgent };
}

/** Fills `:name` parameters of `url` from `params` (every parameter must be given). */
export function fillPath(url: string, params: Record<string, string | number>): string {
  return url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    if (!(name in params)) throw new Error(`${url}: the fixture gave no value for :${name}`);
    return encodeURIComponent(String(params[name]));
  });
}
