import type { RateValue } from '@portal/contracts/commission-rates';
import type { ConsoleRateRow } from '@portal/contracts/console-commission-rates';
import type { TranslateFn } from '../../i18n/catalogue-types';
import type { commissionRatesEn } from './commission-rates-messages';

/** A row of the card in words, for the table, the dialogs and their announcements. */
export type Texts = TranslateFn<typeof commissionRatesEn>;

/** 'Dental Implant · Pearl Dental Studio', 'Dentistry · all facilities'. */
export function appliesTo(row: ConsoleRateRow, t: Texts): string {
  const what = row.service?.name ?? row.specialty?.name;
  return row.facility ? `${row.facility.name} · ${what ?? t('allServices')}` : `${what ?? t('allServices')} · ${t('allFacilities').toLowerCase()}`;
}

/** The row's rate as lib/rate-text.ts words it: a percentage is paid in the facility's currency. */
export function rateValueOf(row: ConsoleRateRow): RateValue {
  return { kind: row.kind, basis_points: row.basis_points, amount_minor: row.amount_minor, currency: row.currency ?? row.facility?.currency ?? 'USD' };
}

