import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EARNINGS_FACILITIES_URL,
  EARNINGS_LINES_EXPORT_URL,
  EARNINGS_MONTHLY_URL,
  EARNINGS_SUMMARY_URL,
  EARNINGS_TOTALS_URL,
  commissionLineFiltersSchema,
  commissionLinesEndpoint,
  commissionLinesExportQuerySchema,
  earningsFacilitiesSchema,
  earningsMonthlyQuerySchema,
  earningsMonthlySchema,
  earningsSummarySchema,
  earningsTotalsSchema,
} from '@portal/contracts/earnings';
import { defineModule } from '../../kit/portal-module.ts';
import { utcDay } from '../../lib/calendar-days.ts';
import { listRoute, partnerRoute, ratesHiddenFrom } from '../../kit/partner-routes.ts';
import { currentUser } from '../../plugins/auth-guard.ts';
import { exportAgent, exportFacilityName } from '../../lib/exports/export-heading.ts';
import { sendExportFile } from '../../lib/exports/send-export.ts';
import { earningsExportColumns, earningsExportDocument, earningsExportName } from './export-file.ts';
import { earningsConsoleRoutes } from './console-routes.ts';
import { seedDemoEarnings } from './demo-seed.ts';
import { createLedger, type Ledger } from './ledger.ts';
import { EARNINGS_TRANSLATIONS } from './messages.ts';
import { monthlyChart } from './monthly-chart.ts';
import { payoutRoutes } from './payout-routes.ts';
import { registerEarningsDashboard } from './dashboard-card.ts';
import { financeReportRoutes } from './finance-report-routes.ts';
import { createFinanceReports, FINANCE_REPORT_JOB, FINANCE_REPORT_KIND, MONTHLY_REPORTS_JOB } from './finance-reports.ts';
import { createPayouts, PAYOUT_STATEMENT_JOB, PAYOUT_STATEMENT_KIND } from './payouts.ts';
import { balances, facilitiesWithLines, findLinesPage, lineScopeOf, lineTotals, withoutRate } from './repository.ts';

/** A completed booking's commission, queued in the console write's transaction (one job per booking). */
export const RECORD_COMMISSION_JOB = 'earnings.record-commission';
/** The daily run approving the lines whose refund window has ended. */
export const APPROVE_DUE_JOB = 'earnings.approve-due';
/** The hourly sweep: completed bookings of the last days without their commission (the CLI's, a lost job). */
export const SWEEP_JOB = 'earnings.sweep';
/** Retries of a finance report's writing before it is marked failed. */
const FINANCE_REPORT_RETRIES = 3;
/** Lines read per query while an export is written. */
const EXPORT_BATCH = 200;
/** The daily payout run: builds the payouts of the currencies whose day it is. */
export const PAYOUT_RUN_JOB = 'earnings.payout-run';

declare module 'fastify' {
  interface FastifyInstance {
    /** The commission ledger's rules (ledger.ts). */
    ledger: Ledger;
  }
}

const TAGS = ['earnings'];

/**
 * Earnings (issue 16, docs/earnings.md): the commission ledger, fed by completed bookings, approved daily, reversed or
 * clawed back by finance operators; the partner's My earnings (cards, chart, lines) and the console's ledger.
 */
export default defineModule({
  name: 'earnings',
  // Prices with the rate card, holds for agreements, follows bookings' writes, tells partners through notifications.
  // payment-details: payouts go only to verified details, and the demo's batch awaiting approval is proposed on them.
  after: ['bookings', 'commission-rates', 'agreements', 'notifications', 'dashboard', 'payment-details'],
  register: fp(
    async (app) => {
      const pool = app.database.pool;
      const ledger = createLedger({ rates: app.commissionRates, agreements: app.agreements, notifications: app.notifications, bookings: app.bookingLifecycle });
      app.decorate('ledger', ledger);
      registerEarningsDashboard(app);
      app.storage.defineKind({ name: PAYOUT_STATEMENT_KIND, maxBytes: 20 * 1024 * 1024, types: ['application/pdf'] });
      app.storage.defineKind({ name: FINANCE_REPORT_KIND, maxBytes: 50 * 1024 * 1024, types: ['application/pdf', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] });
      const reports = createFinanceReports({ jobs: app.jobs, storage: app.storage, notifications: app.notifications });
      const payouts = createPayouts({ appKey: app.config.appKey, jobs: app.jobs, notifications: app.notifications, storage: app.storage, issuer: app.config.issuer });

      app.jobs.define<{ bookingId: number }>({
        name: RECORD_COMMISSION_JOB,
        handle: async (data) => {
          await ledger.recordCompletedBooking(pool, data.bookingId);
        },
        describe: (data) => ({ booking_id: data.bookingId }),
      });
      app.jobs.define({
        name: APPROVE_DUE_JOB,
        handle: async () => {
          await ledger.approveDue(pool, utcDay(new Date()));
        },
        describe: () => ({}),
      });
      app.jobs.define({
        name: SWEEP_JOB,
        handle: async () => {
          await ledger.sweep(pool);
        },
        describe: () => ({}),
      });
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
      app.jobs.define<{ reportId: number }>({
        name: FINANCE_REPORT_JOB,
        retryLimit: FINANCE_REPORT_RETRIES,
        handle: async (data, job) => {
          try {
            await reports.write(pool, data.reportId);
          } catch (error) {
            // The last attempt: the report says it failed (the member may ask again) rather than stay "generating".
            if (job.attempt > FINANCE_REPORT_RETRIES) await reports.markFailed(pool, data.reportId);
            throw error;
          }
        },
        describe: (data) => ({ report_id: data.reportId }),
      });
      app.jobs.define({
        name: MONTHLY_REPORTS_JOB,
        handle: async () => {
          await reports.monthlyRun(pool, utcDay(new Date()));
        },
        describe: () => ({}),
      });
      // 03:00 UTC on the 1st: last month's statements, once the month's payouts and approvals are in.
      app.jobs.schedule({ name: MONTHLY_REPORTS_JOB, cron: '0 3 1 * *' });
      // 00:30 UTC: the first run of a day after every refund window ending that day (windows end at a UTC day).
      app.jobs.schedule({ name: APPROVE_DUE_JOB, cron: '30 0 * * *' });
      app.jobs.schedule({ name: SWEEP_JOB, cron: '15 * * * *' });
      // 02:00 UTC: after the day's approvals, so a line approved today is in today's payout.
      app.jobs.schedule({ name: PAYOUT_RUN_JOB, cron: '0 2 * * *' });

      // A booking completed in the console: its commission is recorded by a job queued in the same transaction, so it
      // exists exactly when the completion commits.
      // A completed booking's corrected amount: its commission is adjusted by the price difference in the same
      // transaction (issue 31); the partner is told after the commit.
      app.bookingLifecycle.onWrite(async (client, change) => {
        if (change.status !== 'completed') return undefined;
        if (change.amountChange) return ledger.adjustForAmountChange(client, change.bookingId, change.amountChange);
        await app.jobs.send(RECORD_COMMISSION_JOB, { bookingId: change.bookingId }, { key: `booking-${change.bookingId}`, db: client });
        return undefined;
      });

      listRoute(app, {
        endpoint: commissionLinesEndpoint,
        permission: 'earnings.read',
        tags: TAGS,
        summary: "The commission lines of the agent (or of the member's own referrals): filter by treatment date, status, facility and currency",
        list: async (user, query) => {
          const [page, hideRates] = await Promise.all([findLinesPage(pool, lineScopeOf(user), query), ratesHiddenFrom(app, user)]);
          return hideRates ? { ...page, rows: page.rows.map(withoutRate) } : page;
        },
      });

      const routes = app.withTypeProvider<ZodTypeProvider>();
      routes.get(
        EARNINGS_LINES_EXPORT_URL,
        partnerRoute(app, { permission: 'earnings.read', tags: TAGS, summary: 'Every line the filters keep as an xlsx or pdf file, with the filters and the totals per currency at the top', querystring: commissionLinesExportQuerySchema, response: {} }),
        async (request, reply) => {
          const user = currentUser(request);
          const scope = lineScopeOf(user);
          const { format, ...query } = request.query;
          const [first, totals, agent, facilityName, hideRates] = await Promise.all([
            findLinesPage(pool, scope, { ...query, page: 1, per_page: EXPORT_BATCH }),
            lineTotals(pool, scope, query),
            exportAgent(pool, user.referralAgentId),
            query.medical_service_provider === undefined ? Promise.resolve(null) : exportFacilityName(pool, query.medical_service_provider),
            ratesHiddenFrom(app, user),
          ]);
          const document = earningsExportDocument(
            request.query,
            { agentName: agent?.name ?? '', agentLogo: agent?.logo ?? null, total: first.total, facilityName: facilityName ?? undefined, totals },
            request.locale,
          );
          return sendExportFile(request, reply, {
            format,
            name: earningsExportName(),
            // An affiliate's file has no rate column (issue 31).
            columns: earningsExportColumns(request.locale, { rates: !hideRates }),
            document,
            // The first batch is read already; the rest a batch at a time as the client takes the file.
            rows: (async function* () {
              yield first.rows;
              for (let page = 2; (page - 1) * EXPORT_BATCH < first.total; page += 1) yield (await findLinesPage(pool, scope, { ...query, page, per_page: EXPORT_BATCH })).rows;
            })(),
          });
        },
      );

      routes.get(
        EARNINGS_TOTALS_URL,
        partnerRoute(app, { permission: 'earnings.read', tags: TAGS, summary: 'What the filtered lines add up to, per currency', querystring: commissionLineFiltersSchema, response: { 200: earningsTotalsSchema } }),
        async (request) => ({ totals: await lineTotals(pool, lineScopeOf(currentUser(request)), request.query) }),
      );

      routes.get(
        EARNINGS_FACILITIES_URL,
        partnerRoute(app, { permission: 'earnings.read', tags: TAGS, summary: 'The facilities the lines are at: the facility filter', response: { 200: earningsFacilitiesSchema } }),
        async (request) => ({ facilities: await facilitiesWithLines(pool, lineScopeOf(currentUser(request))) }),
      );

      routes.get(
        EARNINGS_SUMMARY_URL,
        partnerRoute(app, { permission: 'earnings.read', tags: TAGS, summary: 'Pending, approved, in payout and paid this year, per currency', response: { 200: earningsSummarySchema } }),
        async (request) => {
          const user = currentUser(request);
          const now = new Date();
          const year = now.getUTCFullYear();
          const [rows, held] = await Promise.all([balances(pool, lineScopeOf(user), `${year}-01-01`), app.agreements.pendingMandatory(pool, user.referralAgentId, now)]);
          return { balances: rows, year, held_by_agreement: held };
        },
      );

      routes.get(
        EARNINGS_MONTHLY_URL,
        partnerRoute(app, { permission: 'earnings.read', tags: TAGS, summary: 'Monthly earnings of one currency, by status, facility or service', querystring: earningsMonthlyQuerySchema, response: { 200: earningsMonthlySchema } }),
        async (request) => monthlyChart(pool, lineScopeOf(currentUser(request)), request.query, new Date()),
      );

      await app.register(earningsConsoleRoutes, { ledger });
      await app.register(payoutRoutes, { payouts });
      await app.register(financeReportRoutes, { reports });
    },
    { name: 'earnings-module' },
  ),
  messages: EARNINGS_TRANSLATIONS,
  seedDemo: seedDemoEarnings,
});
