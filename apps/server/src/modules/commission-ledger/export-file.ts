import type { CommissionLine, CommissionLinesExportQuery } from '@portal/contracts/earnings';
import { minorToDecimal } from '@portal/contracts/money';
import type { Locale } from '@portal/contracts/preferences';
import { formatAmountText, leftToRight, type ExportColumn, type ExportDocument } from '../../lib/exports/export-columns.ts';
import { utcDay } from '../../lib/calendar-days.ts';

/**
 * My earnings' lines as xlsx and pdf (lib/exports): the columns of the table, in the reader's language, with the
 * filters and the totals per currency written at the top. Days carry no time: the file's clock is UTC.
 */
const TEXTS = {
  en: {
    title: 'My earnings — commission lines',
    sheet: 'Commission lines',
    rowsName: 'lines',
    empty: 'No commission line matches these filters.',
    organisation: 'Referral agent',
    columns: { booking: 'Booking Id', facility: 'Facility', service: 'Service', treatment: 'Treatment date', base: 'Base', rate: 'Rate', amount: 'Commission', currency: 'Currency', status: 'Status', payable: 'Payable / paid on', note: 'Note' },
    statuses: { pending: 'Pending', approved: 'Approved', in_payout: 'In payout', paid: 'Paid', reversed: 'Reversed' },
    held: { agreement_unsigned: 'Held: an agreement to sign', invoice_unpaid: 'Held: the facility has not paid its invoice yet' },
    clawbackOf: (reference: string) => `Clawback of ${reference}`,
    perTreatment: 'per treatment',
    filters: { from: 'Treatment from', to: 'Treatment to', status: 'Status', facility: 'Facility', currency: 'Currency', sort: 'Sorted by', totals: 'Totals' },
    sorts: { treatment_on: 'Treatment date', amount: 'Commission', payable_on: 'Payable date' },
    ascending: 'ascending',
    descending: 'descending',
  },
  ar: {
    title: 'أرباحي — بنود العمولات',
    sheet: 'بنود العمولات',
    rowsName: 'بندًا',
    empty: 'لا يوجد بند عمولة يطابق عوامل التصفية هذه.',
    organisation: 'وكيل الإحالة',
    columns: { booking: 'رقم الحجز', facility: 'المنشأة', service: 'الخدمة', treatment: 'تاريخ العلاج', base: 'الأساس', rate: 'النسبة', amount: 'العمولة', currency: 'العملة', status: 'الحالة', payable: 'تاريخ الاستحقاق / الدفع', note: 'ملاحظة' },
    statuses: { pending: 'قيد الانتظار', approved: 'معتمدة', in_payout: 'ضمن دفعة', paid: 'مدفوعة', reversed: 'ملغاة' },
    held: { agreement_unsigned: 'معلّقة: اتفاقية بانتظار التوقيع', invoice_unpaid: 'معلّقة: لم تسدد المنشأة فاتورتها بعد' },
    clawbackOf: (reference: string) => `استرداد من ${reference}`,
    perTreatment: 'لكل علاج',
    filters: { from: 'العلاج من', to: 'العلاج إلى', status: 'الحالة', facility: 'المنشأة', currency: 'العملة', sort: 'الترتيب حسب', totals: 'الإجماليات' },
    sorts: { treatment_on: 'تاريخ العلاج', amount: 'العمولة', payable_on: 'تاريخ الاستحقاق' },
    ascending: 'تصاعدي',
    descending: 'تنازلي',
  },
} as const satisfies Record<Locale, unknown>;

const money = (minor: number, currency: string) => `${currency} ${formatAmountText(minorToDecimal(minor, currency))}`;

const RATE_PDF_WIDTH = 70;

export function earningsExportColumns(locale: Locale, show: { rates: boolean }): readonly ExportColumn<CommissionLine>[] {
  const texts = TEXTS[locale];
  const labels = texts.columns;
  const ltr = (value: string) => (locale === 'en' ? value : leftToRight(value));
  const rate = (row: CommissionLine) =>
    row.rate === null ? '-' : row.rate.kind === 'percentage' ? `${String((row.rate.basis_points ?? 0) / 100)} %` : `${money(row.rate.amount_minor ?? 0, row.rate.currency)} ${texts.perTreatment}`;
  const note = (row: CommissionLine) =>
    row.status === 'reversed' ? (row.reversal_reason ?? '') : row.clawback_of ? texts.clawbackOf(row.clawback_of.booking_reference) : row.held_reason ? texts.held[row.held_reason] : '';
  return [
    { label: labels.booking, excelWidth: 14, pdfWidth: 62, text: (row) => ltr(row.booking_reference) },
    { label: labels.facility, excelWidth: 30, pdfWidth: 110, text: (row) => row.facility_name },
    { label: labels.service, excelWidth: 26, pdfWidth: 90, text: (row) => row.service_name ?? '-' },
    { label: labels.treatment, excelWidth: 14, pdfWidth: 60, text: (row) => ltr(row.treatment_on) },
    { label: labels.base, excelWidth: 16, pdfWidth: 72, align: 'right', text: (row) => ltr(money(row.base_minor, row.base_currency)) },
    ...(show.rates ? [{ label: labels.rate, excelWidth: 20, pdfWidth: RATE_PDF_WIDTH, align: 'right', text: (row) => ltr(rate(row)) } satisfies ExportColumn<CommissionLine>] : []),
    {
      label: labels.amount,
      excelWidth: 14,
      pdfWidth: 72,
      align: 'right',
      text: (row) => ltr(money(row.amount_minor, row.currency)),
      excel: { type: 'money', value: (row) => Number(minorToDecimal(row.amount_minor, row.currency)) },
    },
    { label: labels.currency, excelWidth: 9, text: (row) => row.currency },
    { label: labels.status, excelWidth: 12, pdfWidth: 55, text: (row) => texts.statuses[row.status] },
    { label: labels.payable, excelWidth: 16, pdfWidth: 62, text: (row) => ltr(row.paid_on ?? row.payable_on) },
    // Without the rate column its width goes to the note: the PDF table keeps the page's width.
    { label: labels.note, excelWidth: 50, pdfWidth: show.rates ? 116 : 116 + RATE_PDF_WIDTH, text: note },
  ];
}

export function earningsExportDocument(
  query: CommissionLinesExportQuery,
  meta: { agentName: string; agentLogo: string | null; total: number; facilityName?: string; totals: { currency: string; amount_minor: number }[] },
  locale: Locale,
  now = new Date(),
): ExportDocument {
  const texts = TEXTS[locale];
  const lines: [string, string][] = [];
  if (query.from) lines.push([texts.filters.from, query.from]);
  if (query.to) lines.push([texts.filters.to, query.to]);
  if (query.status) lines.push([texts.filters.status, texts.statuses[query.status]]);
  if (meta.facilityName) lines.push([texts.filters.facility, meta.facilityName]);
  if (query.currency) lines.push([texts.filters.currency, query.currency]);
  const descending = query.sort.startsWith('-');
  const column = query.sort.replace(/^-/, '') as keyof typeof texts.sorts;
  lines.push([texts.filters.sort, `${texts.sorts[column]}, ${descending ? texts.descending : texts.ascending}`]);
  if (meta.totals.length > 0) lines.push([texts.filters.totals, meta.totals.map((total) => money(total.amount_minor, total.currency)).join(' · ')]);
  return {
    title: texts.title,
    sheetName: texts.sheet,
    rowsName: texts.rowsName,
    emptyText: texts.empty,
    organisation: { label: texts.organisation, name: meta.agentName, logo: meta.agentLogo },
    filterLines: lines,
    total: meta.total,
    timeZone: 'UTC',
    generatedAt: now.toISOString().replace('T', ' ').slice(0, 16),
    locale,
  };
}

/** The file's name: my-earnings-2026-11-28. */
export function earningsExportName(now = new Date()): string {
  return `my-earnings-${utcDay(now)}`;
}
