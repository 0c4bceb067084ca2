import { useMemo } from 'react';
import type { RateScope, RateValue } from '@portal/contracts/commission-rates';
import { minorToDecimal } from '@portal/contracts/money';
import { useFormat } from '../i18n/format';
import { useLocale, useText } from '../i18n/i18n';

export interface RateText {
  /** '8.5 %' or 'AED 550.00 per treatment' in the reader's language; 'No commission' for null. */
  rate(value: RateValue | null): string;
  /** What a row of the card is for: 'Dentistry · all facilities', 'St Aldhelm Private Hospital · all services · Gold'. */
  scope(scope: RateScope): string;
}

/**
 * Commission rates in words, one way everywhere (the commission structure, the tier page, the console's rate card):
 * basis points as a percentage, a flat amount from its currency's minor units (never through a float of the major
 * unit's decimals: 55050 fils is AED 550.50).
 */
export function useRateText(): RateText {
  const t = useText('shared');
  const format = useFormat();
  const locale = useLocale();
  return useMemo(
    () => ({
      rate(value) {
        if (!value) return t('rates.none');
        if (value.kind === 'percentage') return t('rates.percent', { value: format.number((value.basis_points ?? 0) / 100) });
        return t('rates.perTreatment', { amount: format.money(minorToDecimal(value.amount_minor ?? 0, value.currency), value.currency) });
      },
      scope(scope) {
        const what = scope.service ?? scope.specialty;
        const parts = scope.facility ? [scope.facility, what ?? t('rates.allServicesLower')] : [what ?? t('rates.allServices'), t('rates.allFacilitiesLower')];
        if (scope.tier) parts.push(locale === 'ar' ? scope.tier.name_ar : scope.tier.name);
        return parts.join(' · ');
      },
    }),
    [t, format, locale],
  );
}
