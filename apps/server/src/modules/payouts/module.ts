import fp from 'fastify-plugin';
import { defineModule } from '../../kit/portal-module.ts';
import { utcDay } from '../../lib/calendar-days.ts';
import { registerEarningsDashboard } from './dashboard-card.ts';
import { seedDemoPayouts } from './demo-seed.ts';
import { PAYOUT_TRANSLATIONS } from './messages.ts';
import { payoutRoutes } from './payout-routes.ts';
import { createPayouts, PAYOUT_STATEMENT_JOB, PAYOUT_STATEMENT_KIND } from './payouts.ts';

/** The daily payout run: builds the payouts of the currencies whose day it is. */
const PAYOUT_RUN_JOB = 'earnings.payout-run';

/**
 * Payouts (issues 16 and 31, docs/earnings.md): the daily run gathering approved commission lines into payouts, the
 * finance operator's steps (sent, paid, failed), batches and their four-eyes approval, bank files, thresholds and
 * schedules, the partner's payouts and self-billing statements, and the dashboard's earnings card (the ledger's
 * figures and the next payouts) with its failed-payout action.
 */
export default defineModule({
  name: 'payouts',
  // Pays the ledger's approved lines (its public file), tells partners through notifications, has a dashboard card, and
  // pays only verified payment details (the demo's batch awaiting approval is proposed on them).
  after: ['commission-ledger', 'notifications', 'dashboard', 'payment-details'],
  register: fp(
    async (app) => {
      const pool = app.database.pool;
      registerEarningsDashboard(app);
      app.storage.defineKind({ name: PAYOUT_STATEMENT_KIND, maxBytes: 20 * 1024 * 1024, types: ['application/pdf'] });
      const payouts = createPayouts({ appKey: app.config.appKey, jobs: app.jobs, notifications: app.notifications, storage: app.storage, issuer: app.config.issuer });

      app.jobs.define({
        name: PAYOUT_RUN_JOB,
        handle: async () => {
          await payouts.run(pool, utcDay(new Date()));
        },
        describe: () => ({}),
      });
      app.jobs.define<{ payoutId: number }>({
        name: PAYOUT_STATEMENT_JOB,
        handle: async (data) => {
          await payouts.statement(pool, data.payoutId);
        },
        describe: (data) => ({ payout_id: data.payoutId }),
      });
      // 02:00 UTC: after the ledger's approvals (00:30), so a line approved today is in today's payout.
      app.jobs.schedule({ name: PAYOUT_RUN_JOB, cron: '0 2 * * *' });

      await app.register(payoutRoutes, { payouts });
    },
    { name: 'payouts-module' },
  ),
  messages: PAYOUT_TRANSLATIONS,
  seedDemo: seedDemoPayouts,
});
