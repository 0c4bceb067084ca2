import type { FinanceReportKind } from '@portal/contracts/finance-reports';
import type { Locale } from '@portal/contracts/preferences';
import { defineNotice } from '../notifications/public.ts';

/** 'November 2026' / 'نوفمبر ٢٠٢٦', or the year: a report's period as its texts name it. */
export function periodLabel(kind: FinanceReportKind, period: string, locale: Locale): string {
  if (kind === 'yearly') return period;
  return new Intl.DateTimeFormat(locale === 'ar' ? 'ar' : 'en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${period}-01T00:00:00Z`));
}

export const FINANCE_REPORT_READY_NOTICE = defineNotice<{ kind: FinanceReportKind; period: string; currency: string; version: number }>('finance-reports.ready', {
  en: ({ kind, period, currency, version }) => ({
    title: 'Finance report ready',
    body: `The commission statement for ${periodLabel(kind, period, 'en')} in ${currency} (version ${version}) is ready to download.`,
  }),
  ar: ({ kind, period, currency, version }) => ({
    title: 'التقرير المالي جاهز',
    body: `كشف العمولات ${periodLabel(kind, period, 'ar')} بعملة ${currency} (الإصدار ${version}) جاهز للتنزيل.`,
  }),
}, { kind: 'monthly', period: '2026-10', currency: 'AED', version: 2 });
