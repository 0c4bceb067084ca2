import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type pg from 'pg';
import type { FinanceReport, FinanceReportKind, FinanceReportsQuery, RequestFinanceReport } from '@portal/contracts/finance-reports';
import { COMMISSION_NOTIFICATION } from '@portal/contracts/profile';
import { inTransaction, type Queryable } from '../../db/queryable.ts';
import { addDays, utcDay } from '../../lib/calendar-days.ts';
import { ValidationError } from '../../lib/errors.ts';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import type { FileStore, StoredFile } from '../../lib/storage/file-store.ts';
import type { NotificationService } from '../notifications/public.ts';
import { FINANCE_REPORT_READY_NOTICE, periodLabel } from './notices.ts';
import { buildFinanceReportPdf, buildFinanceReportXlsx } from './finance-report-files.ts';
import { FINANCE_REPORT_MESSAGES as M } from './messages.ts';
import { membersSeeingLine } from '../commission-ledger/public.ts';
import {
  balancesWithoutMonthlyReport,
  financeFigures,
  findReportRecord,
  findReportsPage,
  findReportToWrite,
  hasLinesIn,
  insertNextVersion,
  markReportFailed,
  markReportReady,
  movements,
  readOneSnapshot,
  toReport,
} from './repository.ts';

/**
 * Finance reports (docs/earnings.md): the agent's commission balance per currency over a month or a year, written by
 * the job `earnings.finance-report` as a PDF and an xlsx, stored with their SHA-256 and never rewritten (a trigger
 * refuses it); asking again writes the next version. The monthly run writes last month's for every currency with a
 * balance or a movement.
 */

export const FINANCE_REPORT_JOB = 'earnings.finance-report';
export const MONTHLY_REPORTS_JOB = 'earnings.monthly-reports';
export const FINANCE_REPORT_KIND = 'finance-report';

export interface FinanceReportsDeps {
  jobs: Pick<JobQueue, 'send'>;
  storage: Pick<FileStore, 'save' | 'read' | 'delete'>;
  notifications: Pick<NotificationService, 'notify'>;
}

/** The period's first day and the day after its last. */
export function periodBounds(kind: FinanceReportKind, period: string): { start: string; end: string } {
  if (kind === 'yearly') return { start: `${period}-01-01`, end: `${Number(period) + 1}-01-01` };
  const [year, month] = period.split('-').map(Number) as [number, number];
  return { start: `${period}-01`, end: utcDay(new Date(Date.UTC(year, month, 1))) };
}

export function createFinanceReports(deps: FinanceReportsDeps) {
  /** Inserts the next version of a report and queues its writing, in one transaction. */
  async function queue(db: pg.PoolClient, referralAgentId: number, kind: FinanceReportKind, period: string, currency: string, userId: number | null): Promise<number> {
    const id = await insertNextVersion(db, { referralAgentId, kind, period, currency, requestedBy: userId });
    await deps.jobs.send(FINANCE_REPORT_JOB, { reportId: id }, { key: `finance-report-${id}`, db });
    return id;
  }

  return {
    async list(db: Queryable, referralAgentId: number, query: FinanceReportsQuery): Promise<{ rows: FinanceReport[]; total: number }> {
      return findReportsPage(db, referralAgentId, query);
    },

    async find(db: Queryable, referralAgentId: number, id: number): Promise<(FinanceReport & { pdfFile: StoredFile | null; xlsxFile: StoredFile | null }) | undefined> {
      const record = await findReportRecord(db, referralAgentId, id);
      return record ? { ...toReport(record), pdfFile: record.pdf_file, xlsxFile: record.xlsx_file } : undefined;
    },

    /** A member asks for a report: the period must have ended and the agent must have commissions in the currency. */
    async request(pool: pg.Pool, member: { id: number; referralAgentId: number }, request: RequestFinanceReport, today = utcDay(new Date())): Promise<FinanceReport> {
      const { end } = periodBounds(request.kind, request.period);
      if (end > today) throw ValidationError.field('period', M.periodNotEnded);
      if (!(await hasLinesIn(pool, member.referralAgentId, request.currency))) throw ValidationError.field('currency', M.noLinesInCurrency);
      const id = await inTransaction(pool, (client) => queue(client, member.referralAgentId, request.kind, request.period, request.currency, member.id));
      return (await this.find(pool, member.referralAgentId, id))!;
    },

    /** The job: figures and movements, both files stored with their hashes, the report ready; whoever asked is told. */
    async write(pool: pg.Pool, reportId: number, now = new Date()): Promise<void> {
      const report = await findReportToWrite(pool, reportId);
      if (!report || report.status === 'ready') return;
      const { start, end } = periodBounds(report.kind, report.period);
      // Figures and movements from one snapshot: a line recorded meanwhile (the sweep) cannot make them disagree.
      const { figures, moves } = await inTransaction(pool, async (client) => {
        await readOneSnapshot(client);
        return {
          figures: await financeFigures(client, report.referral_agent_id, report.currency, start, end),
          moves: await movements(client, report.referral_agent_id, report.currency, start, end),
        };
      });
      const facts = { agentName: report.agent_name, kind: report.kind, periodLabel: periodLabel(report.kind, report.period, 'en'), currency: report.currency, version: report.version, generatedAt: now, figures, movements: moves };
      const [pdf, xlsx] = await Promise.all([buildFinanceReportPdf(facts), buildFinanceReportXlsx(facts)]);
      const name = `commission-statement-${report.period}-${report.currency}-v${report.version}`;
      const [pdfFile, xlsxFile] = await Promise.all([
        deps.storage.save(FINANCE_REPORT_KIND, Readable.from([pdf]), { filename: `${name}.pdf` }),
        deps.storage.save(FINANCE_REPORT_KIND, Readable.from([xlsx]), { filename: `${name}.xlsx` }),
      ]);
      const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
      const written = await markReportReady(pool, reportId, { figures, pdfFile, pdfSha256: sha(pdf), xlsxFile, xlsxSha256: sha(xlsx), at: now });
      if (!written) {
        // Written meanwhile by another run of the job: its files are the report's, these go.
        await Promise.all([deps.storage.delete(pdfFile.key), deps.storage.delete(xlsxFile.key)]);
        return;
      }
      const recipients = report.requested_by_user_id === null ? await membersSeeingLine(pool, report.referral_agent_id, null) : [report.requested_by_user_id];
      if (recipients.length === 0) return;
      await deps.notifications.notify(recipients, {
        type: COMMISSION_NOTIFICATION,
        notice: FINANCE_REPORT_READY_NOTICE,
        values: { kind: report.kind, period: report.period, currency: report.currency, version: report.version },
        link: '/finance-reports',
        data: { report_id: reportId },
      });
    },

    /** A job that failed for good: the report says so, and can be asked for again. */
    async markFailed(pool: pg.Pool, reportId: number): Promise<void> {
      await markReportFailed(pool, reportId);
    },

    /**
     * The 1st of the month: last month's statement of every agent and currency with a balance or a movement, unless one
     * exists already. Answers how many were queued.
     */
    async monthlyRun(pool: pg.Pool, today: string): Promise<number> {
      const { start } = periodBounds('monthly', addDays(today.slice(0, 8) + '01', -1).slice(0, 7));
      const period = start.slice(0, 7);
      const end = today.slice(0, 8) + '01';
      const rows = await balancesWithoutMonthlyReport(pool, period, start, end);
      for (const row of rows) await inTransaction(pool, (client) => queue(client, row.referral_agent_id, 'monthly', period, row.currency, null));
      return rows.length;
    },
  };
}

export type FinanceReports = ReturnType<typeof createFinanceReports>;

