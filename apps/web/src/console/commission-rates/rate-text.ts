import { minorDigits } from '@portal/contracts/commission-rates';
import type { ConsoleRateRow } from '@portal/contracts/console-commission-rates';
import type { TranslateFn } from '../../i18n/catalogue-types';
import type { Formatter } from '../../i18n/format';
import type { commissionRatesEn } from './commission-rates-messages';

/** A row of the card in words, for the table, the dialogs and their announcements. */
export type Texts = TranslateFn<typeof commissionRatesEn>;

/** 'Dental Implant · Pearl Dental Studio', 'Dentistry · all facilities'. */
export function appliesTo(row: ConsoleRateRow, t: Texts): string {
  const what = row.service?.name ?? row.specialty?.name;
  return row.facility ? `${row.facility.name} · ${what ?? t('allServices')}` : `${what ?? t('allServices')} · ${t('allFacilities').toLowerCase()}`;
}

export function rateText(row: ConsoleRateRow, t: Texts, format: Formatter): string {
  if (row.kind === 'percentage') return t('percent', { value: format.number((row.basis_points ?? 0) / 100) });
  const currency = row.currency ?? row.facility?.currency ?? '';
  const digits = minorDigits(currency);
  return t('flat', { amount: format.money(((row.amount_minor ?? 0) / 10 ** digits).toFixed(digits), currency) });
}

