import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  COMMISSION_EXPORT_URL,
  COMMISSION_FILTERS_URL,
  commissionExportQuerySchema,
  UPCOMING_CHANGES_URL,
  commissionFiltersSchema,
  commissionStructureEndpoint,
  upcomingChangesSchema,
} from '@portal/contracts/commission-rates';
import { AFFILIATES_GROUP } from '@portal/contracts/constants';
import { TIER_COMPARISON_URL, tierComparisonQuerySchema, tierComparisonSchema } from '@portal/contracts/partner-tiers';
import { ValidationError } from '../../lib/errors.ts';
import { defineModule } from '../../kit/portal-module.ts';
import { listRoute, partnerRoute } from '../../kit/partner-routes.ts';
import { currentUser } from '../../plugins/auth-guard.ts';
import { seedDemoRateCard } from './demo-seed.ts';
import { commissionRatesConsoleRoutes } from './console-routes.ts';
import { ANNOUNCE_RATE_CHANGE_JOB, announceRateChange, type AnnounceRateChangeData } from './rate-change-notices.ts';
import { COMMISSION_RATES_MESSAGES as M, COMMISSION_RATES_TRANSLATIONS } from './messages.ts';
import { createCommissionRates, pricingDay, type CommissionRates } from './public.ts';
import { exportAgent } from '../../lib/exports/export-heading.ts';
import { sendExportFile } from '../../lib/exports/send-export.ts';
import { commissionExportColumns, commissionExportDocument, commissionExportName } from './export-file.ts';
import { filterChoices, findAllEffectiveRates, findEffectiveRatesPage } from './repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The rate card's resolver and schedules, for the other programme parts and the ledger (public.ts). */
    commissionRates: CommissionRates;
  }
}

/** How far ahead the page's "Upcoming changes" looks. */
export const UPCOMING_HORIZON_DAYS = 90;

/** Every endpoint here: any member's role may read its agent's terms, and the affiliates group none of it (spec §2). */
const ACCESS = { permission: 'terms.read', barredGroups: { slugs: [AFFILIATES_GROUP], message: M.affiliatesBarred } } as const;

/**
 * The commission structure (issue 15, docs/commission-rates.md): the partner's effective rates today, the changes
 * coming, and the rate card's resolver decorated as `app.commissionRates` (fastify-plugin, so later modules see it).
 */
export default defineModule({
  name: 'commission-rates',
  // Rate changes are announced through app.notifications; the demo card has tier rows (partner-tiers seeds the tiers).
  after: ['notifications', 'partner-tiers'],
  register: fp(
    async (app) => {
      const rates = createCommissionRates();
      app.decorate('commissionRates', rates);
      app.jobs.define<AnnounceRateChangeData>({
        name: ANNOUNCE_RATE_CHANGE_JOB,
        handle: async (data) => {
          await announceRateChange(app.database.pool, { rates, notifications: app.notifications }, data.day);
        },
        describe: (data) => ({ day: data.day }),
      });
      const routes = app.withTypeProvider<ZodTypeProvider>();

      listRoute(app, {
        endpoint: commissionStructureEndpoint,
        ...ACCESS,
        tags: ['commission-structure'],
        summary: "The agent's effective commission rates today, one per facility × service",
        list: (user, query) => findEffectiveRatesPage(app.database.pool, user.referralAgentId, pricingDay(new Date()), query),
      });

      routes.get(
        UPCOMING_CHANGES_URL,
        partnerRoute(app, { ...ACCESS, tags: ['commission-structure'], summary: "Changes to the agent's rates in the next 90 days", response: { 200: upcomingChangesSchema } }),
        async (request) => ({
          horizon_days: UPCOMING_HORIZON_DAYS,
          changes: await rates.upcomingChanges(app.database.pool, { referralAgentId: currentUser(request).referralAgentId, on: new Date(), horizonDays: UPCOMING_HORIZON_DAYS }),
        }),
      );

      routes.get(
        COMMISSION_EXPORT_URL,
        partnerRoute(app, { ...ACCESS, tags: ['commission-structure'], summary: "The agent's rates the filters keep, as an xlsx or pdf file", querystring: commissionExportQuerySchema, response: {} }),
        async (request, reply) => {
          const user = currentUser(request);
          const query = request.query;
          const day = pricingDay(new Date());
          const [rows, agent] = await Promise.all([findAllEffectiveRates(app.database.pool, user.referralAgentId, day, query), exportAgent(app.database.pool, user.referralAgentId)]);
          const named = (id: number | undefined, pick: (row: (typeof rows)[number]) => [number | null, string | null]) =>
            id === undefined ? undefined : (rows.map(pick).find(([candidate]) => candidate === id)?.[1] ?? `#${id}`);
          const document = commissionExportDocument(query, {
            agentName: agent?.name ?? '',
            agentLogo: agent?.logo ?? null,
            total: rows.length,
            names: {
              facility: named(query.facility_id, (row) => [row.facility_id, row.facility_name]),
              specialty: named(query.specialty_id, (row) => [row.specialty_id, row.specialty_name]),
              service: named(query.service_id, (row) => [row.service_id, row.service_name]),
            },
          }, request.locale);
          return sendExportFile(request, reply, {
            format: query.format,
            name: commissionExportName(),
            columns: commissionExportColumns(request.locale),
            document,
            rows: (async function* () {
              yield rows;
            })(),
          });
        },
      );

      routes.get(
        TIER_COMPARISON_URL,
        partnerRoute(app, {
          ...ACCESS,
          tags: ['commission-structure'],
          summary: "The agent's rates that would differ in another tier (the tier page's preview of the next one)",
          querystring: tierComparisonQuerySchema,
          response: { 200: tierComparisonSchema },
        }),
        async (request) => {
          const { rows } = await app.database.pool.query('SELECT 1 FROM partner_tiers WHERE id = $1', [request.query.tier_id]);
          if (rows.length === 0) throw ValidationError.field('tier_id', M.unknownTier);
          return rates.tierComparison(app.database.pool, { referralAgentId: currentUser(request).referralAgentId, tierId: request.query.tier_id, on: new Date() });
        },
      );

      routes.get(
        COMMISSION_FILTERS_URL,
        partnerRoute(app, { ...ACCESS, tags: ['commission-structure'], summary: "The facilities, specialties, services and countries of the agent's rates", response: { 200: commissionFiltersSchema } }),
        async (request) => filterChoices(app.database.pool, currentUser(request).referralAgentId, pricingDay(new Date())),
      );

      await app.register(commissionRatesConsoleRoutes);
    },
    { name: 'commission-rates-module' },
  ),
  messages: COMMISSION_RATES_TRANSLATIONS,
  seedDemo: seedDemoRateCard,
});
