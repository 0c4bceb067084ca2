import type { CommissionExportQuery, EffectiveRateRow, RateValue } from '@portal/contracts/commission-rates';
import { minorToDecimal } from '@portal/contracts/money';
import type { Locale } from '@portal/contracts/preferences';
import { formatAmountText, leftToRight, type ExportColumn, type ExportDocument } from '../../lib/exports/export-columns.ts';

/**
 * The commission structure's export (xlsx and pdf through lib/exports): the partner's rates as the table shows them,
 * in the reader's language, with the filters written at the top. Rates carry no time, so the file's clock is UTC.
 */
const TEXTS = {
  en: {
    title: 'Commission structure',
    sheet: 'Commission rates',
    rowsName: 'rates',
    empty: 'No rate matches these filters.',
    organisation: 'Referral agent',
    columns: { facility: 'Facility', country: 'Country', service: 'Service', specialty: 'Specialty', tier: 'Tier', rate: 'Rate', base: 'Paid on', refund: 'Refund window (days)', until: 'Valid until', refundShort: 'Refund days', untilShort: 'Until' },
    allTiers: 'All tiers',
    contract: 'Individual contract',
    perTreatment: 'per treatment',
    filters: { search: 'Search', facility: 'Facility', country: 'Country', specialty: 'Specialty', service: 'Service', sort: 'Sorted by' },
    sorts: { facility: 'Facility', service: 'Service', country: 'Country', rate: 'Rate' },
    ascending: 'ascending',
    descending: 'descending',
  },
  ar: {
    title: 'هيكل العمولات',
    sheet: 'أسعار العمولات',
    rowsName: 'سعرًا',
    empty: 'لا يوجد سعر يطابق عوامل التصفية هذه.',
    organisation: 'وكيل الإحالة',
    columns: { facility: 'المنشأة', country: 'الدولة', service: 'الخدمة', specialty: 'التخصص', tier: 'المستوى', rate: 'النسبة', base: 'تُحتسب على', refund: 'مهلة الاسترداد (أيام)', until: 'سارية حتى', refundShort: 'أيام الاسترداد', untilShort: 'حتى' },
    allTiers: 'كل المستويات',
    contract: 'عقد فردي',
    perTreatment: 'لكل علاج',
    filters: { search: 'البحث', facility: 'المنشأة', country: 'الدولة', specialty: 'التخصص', service: 'الخدمة', sort: 'الترتيب حسب' },
    sorts: { facility: 'المنشأة', service: 'الخدمة', country: 'الدولة', rate: 'النسبة' },
    ascending: 'تصاعدي',
    descending: 'تنازلي',
  },
} as const satisfies Record<Locale, unknown>;

function countryName(code: string, locale: Locale): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** '8.5 %' or 'AED 550.00 per treatment'. */
export function rateCell(rate: RateValue, locale: Locale): string {
  if (rate.kind === 'percentage') return `${String((rate.basis_points ?? 0) / 100)} %`;
  return `${rate.currency} ${formatAmountText(minorToDecimal(rate.amount_minor ?? 0, rate.currency))} ${TEXTS[locale].perTreatment}`;
}

export function commissionExportColumns(locale: Locale): readonly ExportColumn<EffectiveRateRow>[] {
  const texts = TEXTS[locale];
  const labels = texts.columns;
  const ltr = (value: string) => (locale === 'en' ? value : leftToRight(value));
  return [
    { label: labels.facility, excelWidth: 34, pdfWidth: 120, text: (row) => row.facility_name },
    { label: labels.country, excelWidth: 22, pdfWidth: 75, text: (row) => countryName(row.country, locale) },
    { label: labels.service, excelWidth: 30, pdfWidth: 105, text: (row) => row.service_name },
    { label: labels.specialty, excelWidth: 20, pdfWidth: 65, text: (row) => row.specialty_name ?? '-' },
    { label: labels.tier, excelWidth: 18, pdfWidth: 55, text: (row) => (row.individual ? texts.contract : row.tier ? (locale === 'ar' ? row.tier.name_ar : row.tier.name) : texts.allTiers) },
    { label: labels.rate, excelWidth: 24, pdfWidth: 115, align: 'right', text: (row) => ltr(rateCell(row.rate, locale)) },
    { label: labels.base, excelWidth: 60, pdfWidth: 120, text: (row) => (locale === 'ar' ? row.base_description_ar : row.base_description) },
    { label: labels.refund, pdfLabel: labels.refundShort, excelWidth: 14, pdfWidth: 55, align: 'right', text: (row) => String(row.refund_window_days), excel: { type: 'number', value: (row) => row.refund_window_days } },
    { label: labels.until, pdfLabel: labels.untilShort, excelWidth: 14, pdfWidth: 60, text: (row) => (row.valid_to ? ltr(row.valid_to) : '-') },
  ];
}

export interface CommissionExportMeta {
  agentName: string;
  agentLogo: string | null;
  total: number;
  /** the names of the chosen facility, specialty and service, for the filter lines */
  names: { facility?: string; specialty?: string; service?: string };
}

export function commissionExportDocument(query: CommissionExportQuery, meta: CommissionExportMeta, locale: Locale, now = new Date()): ExportDocument {
  const texts = TEXTS[locale];
  const lines: [string, string][] = [];
  if (query.search) lines.push([texts.filters.search, query.search]);
  if (meta.names.facility) lines.push([texts.filters.facility, meta.names.facility]);
  if (query.country) lines.push([texts.filters.country, countryName(query.country, locale)]);
  if (meta.names.specialty) lines.push([texts.filters.specialty, meta.names.specialty]);
  if (meta.names.service) lines.push([texts.filters.service, meta.names.service]);
  const descending = query.sort.startsWith('-');
  const column = query.sort.replace(/^-/, '') as keyof typeof texts.sorts;
  lines.push([texts.filters.sort, `${texts.sorts[column]}, ${descending ? texts.descending : texts.ascending}`]);
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

/** The file's name: commission-structure-2026-11-24. */
export function commissionExportName(now = new Date()): string {
  return `commission-structure-${now.toISOString().slice(0, 10)}`;
}
