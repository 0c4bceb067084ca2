import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { benefitsWithoutRates, PARTNER_TIERS_URL, partnerTierViewSchema } from '@portal/contracts/partner-tiers';
import { defineModule } from '../../kit/portal-module.ts';
import { partnerRoute, ratesHiddenFrom } from '../../kit/partner-routes.ts';
import { currentUser } from '../../plugins/auth-guard.ts';
import { partnerTiersConsoleRoutes } from './console-routes.ts';
import { seedDemoTiers } from './demo-seed.ts';
import { PARTNER_TIERS_TRANSLATIONS } from './messages.ts';
import { announceTierChange } from './notices.ts';
import { createPartnerTiers, type PartnerTiers } from './public.ts';
import { createTierService, NO_CERTIFICATES } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** An agent's tier, for the other programme parts and the ledger (public.ts). */
    partnerTiers: PartnerTiers;
  }
}

/** The nightly evaluation: promotions at once, demotion notices, demotions at a period's end (docs/partner-tiers.md). */
export const EVALUATE_TIERS_JOB = 'partner-tiers.evaluate';

/**
 * Partner tiers (issue 15, docs/partner-tiers.md): the partner's tier, progress and history at /partner-tiers, the
 * nightly evaluation, and the console's tiers editor and hand on an agent's tier.
 */
export default defineModule({
  name: 'partner-tiers',
  // Tier changes are told through app.notifications; the demo measures the demo bookings.
  after: ['notifications', 'bookings'],
  register: fp(
    async (app) => {
      const service = createTierService({ certificates: NO_CERTIFICATES, announce: announceTierChange(app.notifications) });
      app.decorate('partnerTiers', createPartnerTiers());
      app.jobs.define<Record<string, never>>({
        name: EVALUATE_TIERS_JOB,
        handle: async () => {
          await service.evaluateAll(app.database.pool, new Date());
        },
        describe: () => ({}),
      });
      // 02:20 UTC: after the day's bookings have settled in every zone the demo covers.
      app.jobs.schedule({ name: EVALUATE_TIERS_JOB, cron: '20 2 * * *' });

      app.withTypeProvider<ZodTypeProvider>().get(
        PARTNER_TIERS_URL,
        partnerRoute(app, {
          permission: 'terms.read',
          tags: ['partner-tiers'],
          summary: "The agent's tier and benefits, its progress toward the next tier in this period, and its tier history",
          response: { 200: partnerTierViewSchema },
        }),
        async (request) => {
          const user = currentUser(request);
          const [view, hideRates] = await Promise.all([service.view(app.database.pool, user.referralAgentId, new Date()), ratesHiddenFrom(app, user)]);
          if (!hideRates) return view;
          return { ...view, tiers: view.tiers.map((tier) => ({ ...tier, benefits: benefitsWithoutRates(tier.benefits), benefits_ar: benefitsWithoutRates(tier.benefits_ar) })) };
        },
      );

      await app.register(partnerTiersConsoleRoutes, { service });
    },
    { name: 'partner-tiers-module' },
  ),
  messages: PARTNER_TIERS_TRANSLATIONS,
  seedDemo: seedDemoTiers,
});
