import fp from 'fastify-plugin';
import { defineModule } from '../../kit/portal-module.ts';
import { utcDay } from '../../lib/calendar-days.ts';
import { seedDemoFinanceReports } from './demo-seed.ts';
import { createFinanceReports, FINANCE_REPORT_JOB, FINANCE_REPORT_KIND, MONTHLY_REPORTS_JOB } from './finance-reports.ts';
import { FINANCE_REPORT_TRANSLATIONS } from './messages.ts';
import { financeReportRoutes } from './routes.ts';

/** Retries of a finance report's writing before it is marked failed. */
const FINANCE_REPORT_RETRIES = 3;

/**
 * Finance reports (issue 16, docs/earnings.md): an agent's monthly and yearly statements per currency, read from the
 * commission ledger's lines and the payouts, written by a job as a PDF and an xlsx file with their hashes, every
 * version kept; the monthly run writes last month's.
 */
export default defineModule({
  name: 'finance-reports',
  // Reads the ledger's lines (who is told of a report: its public file); tells partners through notifications.
  after: ['commission-ledger', 'notifications'],
  register: fp(
    async (app) => {
      const pool = app.database.pool;
      app.storage.defineKind({ name: FINANCE_REPORT_KIND, maxBytes: 50 * 1024 * 1024, types: ['application/pdf', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] });
      const reports = createFinanceReports({ jobs: app.jobs, storage: app.storage, notifications: app.notifications });

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

      await app.register(financeReportRoutes, { reports });
    },
    { name: 'finance-reports-module' },
  ),
  messages: FINANCE_REPORT_TRANSLATIONS,
  seedDemo: seedDemoFinanceReports,
});
