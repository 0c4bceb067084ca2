import fp from 'fastify-plugin';
import type { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DASHBOARD_CARD_SCHEMAS, dashboardCardUrl, dashboardRangeQuerySchema, resolveDashboardRange, type DashboardAction } from '@portal/contracts/dashboard';
import { partnerRoleCan } from '@portal/contracts/partner-roles';
import { defineModule } from '../../kit/portal-module.ts';
import { partnerRoute } from '../../kit/partner-routes.ts';
import { utcDay } from '../../lib/calendar-days.ts';
import { currentUser } from '../../plugins/auth-guard.ts';
import type { Dashboard, DashboardActionSource } from './public.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the areas register their dashboard cards and actions (public.ts). */
    dashboard: Dashboard;
  }
}

const TAGS = ['dashboard'];

/** Actions first by how urgent they are, then the newest. */
const SEVERITY_ORDER = { high: 0, normal: 1 } as const;

/**
 * The dashboard (issue 16, docs/dashboard.md): one route per card, each answering on its own so the page draws each
 * card as it arrives. The range is resolved here, once, on the UTC day of the request; the areas' sources compute
 * their figures from their rollups.
 */
export default defineModule({
  name: 'dashboard',
  register: fp(
    async (app) => {
      const routes = app.withTypeProvider<ZodTypeProvider>();
      const actionSources: DashboardActionSource[] = [];

      const dashboard: Dashboard = {
        card(source) {
          routes.get(
            dashboardCardUrl(source.id),
            partnerRoute(app, {
              permission: source.permission,
              tags: TAGS,
              summary: source.summary,
              querystring: dashboardRangeQuerySchema,
              // Each card answers its own schema; the route is typed loosely, the source strictly (public.ts).
              response: { 200: DASHBOARD_CARD_SCHEMAS[source.id] as z.ZodType },
            }),
            async (request) => {
              const today = utcDay(new Date());
              return source.load(currentUser(request), resolveDashboardRange(request.query, today), today);
            },
          );
        },
        action(source) {
          actionSources.push(source);
        },
      };
      app.decorate('dashboard', dashboard);

      dashboard.card({
        id: 'actions',
        permission: 'portal.use',
        summary: 'What the member should do now: an agreement to sign, payment details to add or verify, a failed payout, invitations waiting',
        load: async (user, _range, today) => {
          const allowed = actionSources.filter((source) => partnerRoleCan(user.role, source.permission));
          const actions: DashboardAction[] = (await Promise.all(allowed.map((source) => source.actions(user, today)))).flat();
          actions.sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || (b.since ?? '').localeCompare(a.since ?? ''));
          return { actions };
        },
      });
    },
    { name: 'dashboard-module' },
  ),
});
