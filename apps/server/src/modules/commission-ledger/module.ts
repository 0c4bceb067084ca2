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
import { seedDemoLedger } from './demo-seed.ts';
import { createLedger } from './ledger.ts';
import { LEDGER_TRANSLATIONS } from './messages.ts';
import { monthlyChart } from './monthly-chart.ts';
import { APPROVE_DUE_JOB, RECORD_COMMISSION_JOB, SWEEP_JOB } from './public.ts';
import { balances, facilitiesWithLines, findLinesPage, lineScopeOf, lineTotals, withoutRate } from './repository.ts';

/** Lines read per query while an export is written. */
const EXPORT_BATCH = 200;

const TAGS = ['earnings'];

/**
 * The commission ledger (issues 16 and 31, docs/earnings.md): commission lines, fed by completed bookings, priced by
 * the rate card, approved daily, refunded, reversed, clawed back and adjusted by finance operators; the partner's My
 * earnings (cards, chart, lines, export) and the console's ledger. Payouts (modules/payouts) and finance reports
 * (modules/finance-reports) build on it through public.ts.
 */
export default defineModule({
  name: 'commission-ledger',
  // Prices with the rate card, holds for agreements, follows bookings' writes, tells partners through notifications.
  after: ['bookings', 'commission-rates', 'agreements', 'notifications'],
  register: fp(
    async (app) => {
      const pool = app.database.pool;
      const ledger = createLedger({ rates: app.commissionRates, agreements: app.agreements, notifications: app.notifications, bookings: app.bookingLifecycle });
      app.decorate('ledger', ledger);

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
      // 00:30 UTC: the first run of a day after every refund window ending that day (windows end at a UTC day).
      app.jobs.schedule({ name: APPROVE_DUE_JOB, cron: '30 0 * * *' });
      app.jobs.schedule({ name: SWEEP_JOB, cron: '15 * * * *' });

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
    },
    { name: 'commission-ledger-module' },
  ),
  messages: LEDGER_TRANSLATIONS,
  seedDemo: seedDemoLedger,
});
