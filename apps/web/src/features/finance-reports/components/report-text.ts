import { useCallback, useMemo } from 'react';
import dayjs from 'dayjs';
import type { FinanceReport } from '@portal/contracts/finance-reports';
import { useLocale, useText } from '../../../i18n/i18n';

/** A month 'YYYY-MM' or a year 'YYYY' as the reader's language writes it: 'October 2026', '2026'. */
export function usePeriodText(): (period: string) => string {
  const locale = useLocale();
  // Calendar periods, not instants: formatted in UTC so that no time zone moves them to the month before.
  const formats = useMemo(
    () => ({
      month: new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }),
      year: new Intl.DateTimeFormat(locale, { year: 'numeric', timeZone: 'UTC' }),
    }),
    [locale],
  );
  return useCallback(
    (period: string) => {
      const match = /^(\d{4})(?:-(\d{2}))?$/.exec(period);
      if (!match) return period;
      const year = Number(match[1]);
      return match[2] ? formats.month.format(Date.UTC(year, Number(match[2]) - 1, 1)) : formats.year.format(Date.UTC(year, 0, 1));
    },
    [formats],
  );
}

/** A report in words, for the names of its buttons: 'October 2026 AED version 2'. */
export function useReportName(): (report: Pick<FinanceReport, 'period' | 'currency' | 'version'>) => string {
  const t = useText('finance-reports');
  const periodText = usePeriodText();
  return useCallback((report) => t('report', { period: periodText(report.period), currency: report.currency, version: report.version }), [t, periodText]);
}

/** The periods one may ask for: those that have ended (the server refuses the others), from the first month on. */
export function askablePeriods(firstMonth: string | null, now: Date = new Date()) {
  const lastMonth = dayjs(now).subtract(1, 'month').format('YYYY-MM');
  const lastYear = dayjs(now).year() - 1;
  const firstYear = firstMonth ? Number(firstMonth.slice(0, 4)) : lastYear;
  const years: string[] = [];
  for (let year = lastYear; year >= firstYear; year -= 1) years.push(String(year));
  return {
    /** The earliest month with activity, or null when unknown. */
    firstMonth,
    lastMonth,
    /** No month has ended since the first one with activity. */
    noMonth: firstMonth !== null && firstMonth > lastMonth,
    /** Newest first. */
    years,
  };
}
