import type { FinanceFigures, FinanceReport, FinanceReportKind, FinanceReportsQuery } from '@portal/contracts/finance-reports';
import { BOOKING_ID_PREFIX } from '@portal/contracts/constants';
import { queryPage, type Queryable } from '../../db/queryable.ts';
import type { StoredFile } from '../../lib/storage/file-store.ts';
import type { FinanceMovement } from './finance-report-files.ts';

/**
 * Finance reports' SQL (docs/earnings.md, "Finance reports"): the reports of an agent (the agent inside every WHERE
 * clause a partner reaches), and the figures and movements a report is written from, read from the commission
 * ledger's lines and the payouts.
 */

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

export async function movements(db: Queryable, referralAgentId: number, currency: string, start: string, end: string): Promise<FinanceMovement[]> {
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

/** A report's row, with who asked for it and whether a later version exists. */
export interface ReportRecord {
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

export function toReport(record: ReportRecord): FinanceReport {
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

/** The agent's reports, newest period first, every version; filtered by kind and currency. */
export async function findReportsPage(db: Queryable, referralAgentId: number, query: FinanceReportsQuery): Promise<{ rows: FinanceReport[]; total: number }> {
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
}

export async function findReportRecord(db: Queryable, referralAgentId: number, id: number): Promise<ReportRecord | undefined> {
  const { rows } = await db.query<ReportRecord>(`SELECT ${REPORT_SELECT} FROM finance_reports r WHERE r.id = $1 AND r.referral_agent_id = $2`, [id, referralAgentId]);
  return rows[0];
}

/** A report to write, with its agent's name. */
export async function findReportToWrite(db: Queryable, reportId: number): Promise<(ReportRecord & { agent_name: string }) | undefined> {
  const { rows } = await db.query<ReportRecord & { agent_name: string }>(
    `SELECT ${REPORT_SELECT}, ra.name AS agent_name FROM finance_reports r JOIN referral_agents ra ON ra.id = r.referral_agent_id WHERE r.id = $1`,
    [reportId],
  );
  return rows[0];
}

/**
 * Inserts the next version of a report (queued), inside the caller's transaction: one numbering at a time per agent,
 * so two requests for the same period cannot take the same version. Answers its id.
 */
export async function insertNextVersion(db: Queryable, report: { referralAgentId: number; kind: FinanceReportKind; period: string; currency: string; requestedBy: number | null }): Promise<number> {
  await db.query(`SELECT pg_advisory_xact_lock(hashtext('finance-report-versions'), $1)`, [report.referralAgentId]);
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO finance_reports (referral_agent_id, kind, period, currency, version, requested_by_user_id)
     SELECT $1, $2, $3, $4, coalesce(max(version), 0) + 1, $5 FROM finance_reports WHERE referral_agent_id = $1 AND kind = $2 AND period = $3 AND currency = $4
     RETURNING id`,
    [report.referralAgentId, report.kind, report.period, report.currency, report.requestedBy],
  );
  return Number(rows[0]!.id);
}

/** Whether the agent has commission lines in `currency`. */
export async function hasLinesIn(db: Queryable, referralAgentId: number, currency: string): Promise<boolean> {
  const has = await db.query('SELECT 1 FROM commission_lines WHERE referral_agent_id = $1 AND currency = $2 LIMIT 1', [referralAgentId, currency]);
  return Boolean(has.rowCount);
}

/** The caller's transaction reads one snapshot from here on (its first statement), and writes nothing. */
export async function readOneSnapshot(db: Queryable): Promise<void> {
  await db.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY');
}

/** The report written: its figures and files. Answers false when another run wrote it first. */
export async function markReportReady(
  db: Queryable,
  reportId: number,
  written: { figures: FinanceFigures; pdfFile: StoredFile; pdfSha256: string; xlsxFile: StoredFile; xlsxSha256: string; at: Date },
): Promise<boolean> {
  const result = await db.query(
    `UPDATE finance_reports SET status = 'ready', figures = $2, pdf_file = $3, pdf_sha256 = $4, xlsx_file = $5, xlsx_sha256 = $6, generated_at = $7 WHERE id = $1 AND status <> 'ready'`,
    [reportId, JSON.stringify(written.figures), JSON.stringify(written.pdfFile), written.pdfSha256, JSON.stringify(written.xlsxFile), written.xlsxSha256, written.at],
  );
  return Boolean(result.rowCount);
}

export async function markReportFailed(db: Queryable, reportId: number): Promise<void> {
  await db.query(`UPDATE finance_reports SET status = 'failed' WHERE id = $1 AND status = 'queued'`, [reportId]);
}

/**
 * Every agent and currency with a balance or a movement in the month [start, end) and no monthly report of `period`
 * yet: the monthly run's statements.
 */
export async function balancesWithoutMonthlyReport(db: Queryable, period: string, start: string, end: string): Promise<{ referral_agent_id: number; currency: string }[]> {
  const { rows } = await db.query<{ referral_agent_id: number; currency: string }>(
    `SELECT l.referral_agent_id, l.currency FROM commission_lines l
      WHERE l.earned_on < $2::date
        AND NOT EXISTS (SELECT 1 FROM finance_reports r WHERE r.referral_agent_id = l.referral_agent_id AND r.kind = 'monthly' AND r.period = $1 AND r.currency = l.currency)
      GROUP BY 1, 2
     HAVING bool_or(l.earned_on >= $3::date OR l.paid_on >= $3::date OR (l.status <> 'reversed' AND l.paid_on IS NULL)
                    OR (l.status = 'reversed' AND l.reversed_at >= $3::date))
      ORDER BY 1, 2`,
    [period, end, start],
  );
  return rows;
}

/** The currencies the agent has commissions in, and the month of its first. */
export async function reportOptions(db: Queryable, referralAgentId: number): Promise<{ currencies: string[]; first_month: string | null }> {
  const { rows } = await db.query<{ currencies: string[] | null; first_month: string | null }>(
    `SELECT array_agg(DISTINCT currency ORDER BY currency) AS currencies, to_char(min(earned_on), 'YYYY-MM') AS first_month FROM commission_lines WHERE referral_agent_id = $1`,
    [referralAgentId],
  );
  return { currencies: rows[0]?.currencies ?? [], first_month: rows[0]?.first_month ?? null };
}
