import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type pg from 'pg';
import { BOOKING_ID_PREFIX } from '@portal/contracts/constants';
import type { FinanceFigures, FinanceReport, FinanceReportKind, FinanceReportsQuery, RequestFinanceReport } from '@portal/contracts/finance-reports';
import { COMMISSION_NOTIFICATION } from '@portal/contracts/profile';
import { inTransaction, queryPage, type Queryable } from '../../db/queryable.ts';
import { addDays, utcDay } from '../../lib/calendar-days.ts';
import { ValidationError } from '../../lib/errors.ts';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import type { FileStore, StoredFile } from '../../lib/storage/file-store.ts';
import type { NotificationService } from '../notifications/public.ts';
import { FINANCE_REPORT_READY_NOTICE, periodLabel } from './notices.ts';
import { buildFinanceReportPdf, buildFinanceReportXlsx, type FinanceMovement } from './finance-report-files.ts';
import { FINANCE_REPORT_MESSAGES as M } from './messages.ts';
import { membersSeeingLine } from '../commission-ledger/public.ts';

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

/**
 * The balance's movements of the agent in `currency` over [start, end): lines earned (adjustments with them, issue 31),
 * reversed, clawed back, paid.
 */
export async function financeFigures(db: Queryable, referralAgentId: number, currency: string, start: string, end: string): Promise<FinanceFigures> {
  const { rows } = await db.query<Record<'opening' | 'accrued' | 'reversed' | 'clawbacks' | 'paid', string>>(
    `SELECT
       (coalesce(sum(amount_minor) FILTER (WHERE earned_on < $3::date), 0)
        - coalesce(sum(amount_minor) FILTER (WHERE status = 'reversed' AND (reversed_at AT TIME ZONE 'UTC')::date < $3::date), 0)
        - coalesce(sum(amount_minor) FILTER (WHERE paid_on < $3::date), 0))::text AS opening,
       coalesce(sum(amount_minor) FILTER (WHERE kind IN ('commission', 'adjustment') AND earned_on >= $3::date AND earned_on < $4::date), 0)::text AS accrued,
       (-coalesce(sum(amount_minor) FILTER (WHERE status = 'reversed' AND (reversed_at AT TIME ZONE 'UTC')::date >= $3::date AND (reversed_at AT TIME ZONE 'UTC')::date < $4::date), 0))::text AS reversed,
       coalesce(sum(amount_minor) FILTER (WHERE kind = 'clawback' AND earned_on >= $3::date AND earned_on < $4::date), 0)::text AS clawbacks,
       (-coalesce(sum(amount_minor) FILTER (WHERE paid_on >= $3::date AND paid_on < $4::date), 0))::text AS paid
     FROM commission_lines WHERE referral_agent_id = $1 AND currency = $2`,
    [referralAgentId, currency, start, end],
  );
  const row = rows[0]!;
  const [opening, accrued, reversed, clawbacks, paid] = [row.opening, row.accrued, row.reversed, row.clawbacks, row.paid].map(Number) as [number, number, number, number, number];
  return { opening_minor: opening, accrued_minor: accrued, reversed_minor: reversed, clawbacks_minor: clawbacks, paid_minor: paid, closing_minor: opening + accrued + reversed + clawbacks + paid };
}

async function movements(db: Queryable, referralAgentId: number, currency: string, start: string, end: string): Promise<FinanceMovement[]> {
  const { rows } = await db.query<FinanceMovement & { amount_minor: string }>(
    `SELECT * FROM (
       SELECT l.earned_on::text AS day, CASE WHEN l.kind = 'commission' THEN 'accrued' ELSE l.kind END AS kind,
              coalesce($5 || b.ticket_id, '-') AS reference, coalesce(l.adjustment_reason, f.name) AS detail, l.amount_minor::text AS amount_minor, l.id AS id
         FROM commission_lines l JOIN bookings b ON b.id = l.booking_id JOIN facilities f ON f.id = l.facility_id
        WHERE l.referral_agent_id = $1 AND l.currency = $2 AND l.earned_on >= $3::date AND l.earned_on < $4::date
       UNION ALL
       SELECT (l.reversed_at AT TIME ZONE 'UTC')::date::text, 'reversed', coalesce($5 || b.ticket_id, '-'), coalesce(l.reversal_reason, f.name), (-l.amount_minor)::text, l.id
         FROM commission_lines l JOIN bookings b ON b.id = l.booking_id JOIN facilities f ON f.id = l.facility_id
        WHERE l.referral_agent_id = $1 AND l.currency = $2 AND l.status = 'reversed'
          AND (l.reversed_at AT TIME ZONE 'UTC')::date >= $3::date AND (l.reversed_at AT TIME ZONE 'UTC')::date < $4::date
       UNION ALL
       SELECT (p.paid_at AT TIME ZONE 'UTC')::date::text, 'paid', coalesce(p.statement_number, '-'), p.lines || ' commissions', (-p.amount_minor)::text, p.id
         FROM payouts p
        WHERE p.referral_agent_id = $1 AND p.currency = $2 AND p.status = 'paid'
          AND (p.paid_at AT TIME ZONE 'UTC')::date >= $3::date AND (p.paid_at AT TIME ZONE 'UTC')::date < $4::date
     ) m ORDER BY day, kind, id`,
    [referralAgentId, currency, start, end, BOOKING_ID_PREFIX],
  );
  return rows.map((row) => ({ day: row.day, kind: row.kind, reference: row.reference, detail: row.detail, amount_minor: Number(row.amount_minor) }));
}

interface ReportRecord {
  id: string;
  referral_agent_id: number;
  kind: FinanceReportKind;
  period: string;
  currency: string;
  version: number;
  status: FinanceReport['status'];
  figures: FinanceFigures | null;
  pdf_file: StoredFile | null;
  pdf_sha256: string | null;
  xlsx_file: StoredFile | null;
  xlsx_sha256: string | null;
  requested_by_user_id: number | null;
  requested_by: string | null;
  created_at: Date;
  generated_at: Date | null;
  superseded: boolean;
}

const REPORT_SELECT = `r.*, r.id::text AS id, (SELECT u.first_name || ' ' || u.last_name FROM users u WHERE u.id = r.requested_by_user_id) AS requested_by,
  EXISTS (SELECT 1 FROM finance_reports n WHERE n.referral_agent_id = r.referral_agent_id AND n.kind = r.kind AND n.period = r.period AND n.currency = r.currency AND n.version > r.version) AS superseded`;

function toReport(record: ReportRecord): FinanceReport {
  return {
    id: Number(record.id),
    kind: record.kind,
    period: record.period,
    currency: record.currency,
    version: record.version,
    status: record.status,
    figures: record.figures,
    pdf_sha256: record.pdf_sha256,
    xlsx_sha256: record.xlsx_sha256,
    requested_by: record.requested_by,
    created_at: record.created_at.toISOString(),
    generated_at: record.generated_at?.toISOString() ?? null,
    superseded: record.superseded,
  };
}

export function createFinanceReports(deps: FinanceReportsDeps) {
  /** Inserts the next version of a report and queues its writing, in one transaction. */
  async function queue(db: pg.PoolClient, referralAgentId: number, kind: FinanceReportKind, period: string, currency: string, userId: number | null): Promise<number> {
    // One numbering at a time per agent: two requests for the same period cannot take the same version.
    await db.query(`SELECT pg_advisory_xact_lock(hashtext('finance-report-versions'), $1)`, [referralAgentId]);
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO finance_reports (referral_agent_id, kind, period, currency, version, requested_by_user_id)
       SELECT $1, $2, $3, $4, coalesce(max(version), 0) + 1, $5 FROM finance_reports WHERE referral_agent_id = $1 AND kind = $2 AND period = $3 AND currency = $4
       RETURNING id`,
      [referralAgentId, kind, period, currency, userId],
    );
    const id = Number(rows[0]!.id);
    await deps.jobs.send(FINANCE_REPORT_JOB, { reportId: id }, { key: `finance-report-${id}`, db });
    return id;
  }

  return {
    async list(db: Queryable, referralAgentId: number, query: FinanceReportsQuery): Promise<{ rows: FinanceReport[]; total: number }> {
      const values: unknown[] = [referralAgentId];
      const where = ['r.referral_agent_id = $1'];
      if (query.kind) {
        values.push(query.kind);
        where.push(`r.kind = $${values.length}`);
      }
      if (query.currency) {
        values.push(query.currency);
        where.push(`r.currency = $${values.length}`);
      }
      const page = await queryPage<ReportRecord>(db, { select: REPORT_SELECT, from: 'finance_reports r', where: where.join(' AND '), orderBy: 'r.period DESC, r.kind, r.currency, r.version DESC', values, page: query.page, perPage: query.per_page });
      return { rows: page.rows.map(toReport), total: page.total };
    },

    async find(db: Queryable, referralAgentId: number, id: number): Promise<(FinanceReport & { pdfFile: StoredFile | null; xlsxFile: StoredFile | null }) | undefined> {
      const { rows } = await db.query<ReportRecord>(`SELECT ${REPORT_SELECT} FROM finance_reports r WHERE r.id = $1 AND r.referral_agent_id = $2`, [id, referralAgentId]);
      const record = rows[0];
      return record ? { ...toReport(record), pdfFile: record.pdf_file, xlsxFile: record.xlsx_file } : undefined;
    },

    /** A member asks for a report: the period must have ended and the agent must have commissions in the currency. */
    async request(pool: pg.Pool, member: { id: number; referralAgentId: number }, request: RequestFinanceReport, today = utcDay(new Date())): Promise<FinanceReport> {
      const { end } = periodBounds(request.kind, request.period);
      if (end > today) throw ValidationError.field('period', M.periodNotEnded);
      const has = await pool.query('SELECT 1 FROM commission_lines WHERE referral_agent_id = $1 AND currency = $2 LIMIT 1', [member.referralAgentId, request.currency]);
      if (!has.rowCount) throw ValidationError.field('currency', M.noLinesInCurrency);
      const id = await inTransaction(pool, (client) => queue(client, member.referralAgentId, request.kind, request.period, request.currency, member.id));
      return (await this.find(pool, member.referralAgentId, id))!;
    },

    /** The job: figures and movements, both files stored with their hashes, the report ready; whoever asked is told. */
    async write(pool: pg.Pool, reportId: number, now = new Date()): Promise<void> {
      const { rows } = await pool.query<ReportRecord & { agent_name: string }>(
        `SELECT ${REPORT_SELECT}, ra.name AS agent_name FROM finance_reports r JOIN referral_agents ra ON ra.id = r.referral_agent_id WHERE r.id = $1`,
        [reportId],
      );
      const report = rows[0];
      if (!report || report.status === 'ready') return;
      const { start, end } = periodBounds(report.kind, report.period);
      // Figures and movements from one snapshot: a line recorded meanwhile (the sweep) cannot make them disagree.
      const { figures, moves } = await inTransaction(pool, async (client) => {
        await client.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY');
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
      const written = await pool.query(
        `UPDATE finance_reports SET status = 'ready', figures = $2, pdf_file = $3, pdf_sha256 = $4, xlsx_file = $5, xlsx_sha256 = $6, generated_at = $7 WHERE id = $1 AND status <> 'ready'`,
        [reportId, JSON.stringify(figures), JSON.stringify(pdfFile), sha(pdf), JSON.stringify(xlsxFile), sha(xlsx), now],
      );
      if (!written.rowCount) {
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
      await pool.query(`UPDATE finance_reports SET status = 'failed' WHERE id = $1 AND status = 'queued'`, [reportId]);
    },

    /**
     * The 1st of the month: last month's statement of every agent and currency with a balance or a movement, unless one
     * exists already. Answers how many were queued.
     */
    async monthlyRun(pool: pg.Pool, today: string): Promise<number> {
      const { start } = periodBounds('monthly', addDays(today.slice(0, 8) + '01', -1).slice(0, 7));
      const period = start.slice(0, 7);
      const end = today.slice(0, 8) + '01';
      const { rows } = await pool.query<{ referral_agent_id: number; currency: string }>(
        `SELECT l.referral_agent_id, l.currency FROM commission_lines l
          WHERE l.earned_on < $2::date
            AND NOT EXISTS (SELECT 1 FROM finance_reports r WHERE r.referral_agent_id = l.referral_agent_id AND r.kind = 'monthly' AND r.period = $1 AND r.currency = l.currency)
          GROUP BY 1, 2
         HAVING bool_or(l.earned_on >= $3::date OR l.paid_on >= $3::date OR (l.status <> 'reversed' AND l.paid_on IS NULL)
                        OR (l.status = 'reversed' AND l.reversed_at >= $3::date))
          ORDER BY 1, 2`,
        [period, end, start],
      );
      for (const row of rows) await inTransaction(pool, (client) => queue(client, row.referral_agent_id, 'monthly', period, row.currency, null));
      return rows.length;
    },
  };
}

export type FinanceReports = ReturnType<typeof createFinanceReports>;

