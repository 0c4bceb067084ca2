import { z } from 'zod';
import { currencyQueryField } from './earnings.ts';
import { idStringField } from './fields.ts';
import { enumQueryField, listEndpoint, listQuerySchema } from './list-query.ts';

/**
 * Finance reports (`/finance-reports`, issue 16, docs/earnings.md): statements of the agent's commission balance per
 * currency, for a month or a year: opening balance, accrued, reversed, clawed back, paid, closing balance. Each is
 * written by a job as a PDF and an xlsx, stored with their SHA-256 and never rewritten: regenerating one makes a new
 * version and keeps the old. Monthly statements of last month are written on the 1st for every currency with activity;
 * a member with payouts.read (owners, managers, finance) asks for any other.
 */

export const FINANCE_REPORT_KINDS = ['monthly', 'yearly'] as const;
export type FinanceReportKind = (typeof FINANCE_REPORT_KINDS)[number];
export const FINANCE_REPORT_STATUSES = ['queued', 'ready', 'failed'] as const;
export type FinanceReportStatus = (typeof FINANCE_REPORT_STATUSES)[number];

/** The balance's movements over the period, in minor units of the report's currency (reversed, clawbacks, paid ≤ 0). */
export const financeFiguresSchema = z.object({
  opening_minor: z.number().int(),
  accrued_minor: z.number().int(),
  /** commissions reversed in the period (refunded before payout): negative or zero */
  reversed_minor: z.number().int(),
  /** refunds after payout taken back: negative or zero */
  clawbacks_minor: z.number().int(),
  /** paid out in the period: negative or zero (it leaves the balance) */
  paid_minor: z.number().int(),
  closing_minor: z.number().int(),
});
export type FinanceFigures = z.infer<typeof financeFiguresSchema>;

export const financeReportSchema = z.object({
  id: z.number().int(),
  kind: z.enum(FINANCE_REPORT_KINDS),
  /** 'YYYY-MM' for a month, 'YYYY' for a year */
  period: z.string(),
  currency: z.string(),
  version: z.number().int(),
  status: z.enum(FINANCE_REPORT_STATUSES),
  /** null until the job has written it */
  figures: financeFiguresSchema.nullable(),
  pdf_sha256: z.string().nullable(),
  xlsx_sha256: z.string().nullable(),
  /** the member who asked for it; null for the monthly run */
  requested_by: z.string().nullable(),
  created_at: z.string(),
  generated_at: z.string().nullable(),
  /** a later version of the same period and currency exists */
  superseded: z.boolean(),
});
export type FinanceReport = z.infer<typeof financeReportSchema>;

export const financeReportsQuerySchema = listQuerySchema({
  filters: {
    kind: enumQueryField('kind', FINANCE_REPORT_KINDS),
    currency: currencyQueryField(),
  },
  defaultPageSize: 10,
});
export type FinanceReportsQuery = z.output<typeof financeReportsQuerySchema>;

/** GET /api/finance-reports (payouts.read): the agent's reports, newest period first, every version. */
export const financeReportsEndpoint = listEndpoint('/api/finance-reports', financeReportsQuerySchema, financeReportSchema);

/**
 * POST /api/finance-reports (payouts.read): ask for a report (a new version when one exists). 202 with the queued
 * report; the member is told in-app when it is ready. A period that has not ended yet is refused (422).
 */
export const requestFinanceReportSchema = z
  .object({
    kind: z.enum(FINANCE_REPORT_KINDS, { error: 'Choose a monthly or a yearly report.' }),
    period: z.string({ error: 'Choose the period.' }).trim(),
    currency: z
      .string({ error: 'Choose the currency.' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, 'Choose the currency.'),
  })
  .superRefine((request, context) => {
    // This century: a period is compared as text with today, and a five-digit year would pass that test.
    const pattern = request.kind === 'monthly' ? /^20\d{2}-(0[1-9]|1[0-2])$/ : /^20\d{2}$/;
    if (!pattern.test(request.period)) {
      context.addIssue({ code: 'custom', path: ['period'], message: request.kind === 'monthly' ? 'The period must be a month such as 2026-10.' : 'The period must be a year such as 2026.' });
    }
  });
export type RequestFinanceReport = z.output<typeof requestFinanceReportSchema>;
export const requestFinanceReportResultSchema = z.object({ report: financeReportSchema });

/** GET /api/finance-reports/:id/{pdf,xlsx} (payouts.read): the stored file, the same bytes every time (X-Content-SHA256). */
export const FINANCE_REPORT_FORMATS = ['pdf', 'xlsx'] as const;
export type FinanceReportFormat = (typeof FINANCE_REPORT_FORMATS)[number];
export const financeReportFileParamsSchema = z.object({ id: idStringField('id'), format: z.enum(FINANCE_REPORT_FORMATS, { error: 'The format must be pdf or xlsx.' }) });
export const financeReportFileUrl = (id: number | string, format: FinanceReportFormat) => `/api/finance-reports/${id}/${format}`;

/** GET /api/finance-reports/options: the currencies the agent has lines in, and the first month it had any. */
export const FINANCE_REPORT_OPTIONS_URL = '/api/finance-reports/options';
export const financeReportOptionsSchema = z.object({ currencies: z.array(z.string()), first_month: z.string().nullable() });
