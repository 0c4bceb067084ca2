import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { useText } from '../../i18n/i18n';

/** The date and time of printing in the page's language, with its time zone (a printout travels). */
export function formatPrintedAt(date: Date): string {
  const locale = typeof document !== 'undefined' ? document.documentElement.lang || undefined : undefined;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date) + ' ' + timeZoneName(date, locale);
}

function timeZoneName(date: Date, locale: string | undefined): string {
  const part = new Intl.DateTimeFormat(locale, { timeZoneName: 'short' }).formatToParts(date).find((entry) => entry.type === 'timeZoneName');
  return part?.value ?? '';
}

export interface DataTablePrintHeaderProps {
  /** The page's title, e.g. 'My Referrals: Bookings'. */
  title: string;
  /** The active filters in words ('Facility: City Clinic'); none prints 'Filters: none'. */
  filters?: readonly string[];
  /** Which rows of how many, e.g. 'Showing 10 of 3,000 entries'; left out when every row is shown. */
  rowsText?: string;
  /** Whom it was printed for (the signed-in partner or operator: PrintedForContext); null names nobody. */
  printedFor?: string | null;
}

/**
 * What a printout says about itself, above the table: the page title, the filters in words, which rows, the date
 * printed and whom it was printed for (the partner, or the operator in the console). It exists only while the browser prints (between beforeprint and
 * afterprint, which the table's Print and the browser's own print both fire), so the screen, its text searches and
 * its screen readers never meet a second copy of what the page already shows; the date is the printing's.
 */
export function DataTablePrintHeader({ title, filters = [], rowsText, printedFor = null }: DataTablePrintHeaderProps) {
  const t = useText('shared');
  const [printedAt, setPrintedAt] = useState<Date | null>(null);
  useEffect(() => {
    // Rendered synchronously: the browser lays the page out for paper right after this event.
    const start = () => flushSync(() => setPrintedAt(new Date()));
    const end = () => setPrintedAt(null);
    window.addEventListener('beforeprint', start);
    window.addEventListener('afterprint', end);
    return () => {
      window.removeEventListener('beforeprint', start);
      window.removeEventListener('afterprint', end);
    };
  }, []);

  if (!printedAt) return null;
  return (
    <div className="portal-print-only" data-print-header>
      <div className="portal-print-title">{title}</div>
      <div>
        {t('table.printFilters')} {filters.length > 0 ? filters.join('; ') : t('table.printNoFilters')}
      </div>
      {rowsText ? <div>{rowsText}</div> : null}
      <div>
        {printedFor
          ? t('table.printedAtFor', { date: formatPrintedAt(printedAt), name: printedFor })
          : t('table.printedAt', { date: formatPrintedAt(printedAt) })}
      </div>
    </div>
  );
}
