import { useQuery } from '@tanstack/react-query';
import { Skeleton, Text } from '@mantine/core';
import { consoleTaxProfileUrl, taxProfileResponseSchema } from '@portal/contracts/tax-profile';
import { LoadFailedAlert } from '../../components/query-view/query-view';
import { LoadingPlaceholder } from '../../components/loading-placeholder/loading-placeholder';
import { useFormat } from '../../i18n/format';
import { useLocale, useText } from '../../i18n/i18n';
import { countryName } from '../../lib/country-names';
import { http } from '../../lib/http';
import { DrawerFact, DrawerFacts, DrawerSection } from '../components/detail-drawer';

/**
 * The agent's tax profile, read-only (issue 31, docs/payment-details.md "Tax details"): what its statements print and
 * whether they carry the reverse-charge note. Entered by the partner's owners and finance, never here.
 */
export function TaxProfileSection({ agent }: { agent: number }) {
  const t = useText('console-payment-details');
  const locale = useLocale();
  const format = useFormat();
  const url = consoleTaxProfileUrl(agent);
  const query = useQuery({ queryKey: [url], queryFn: ({ signal }) => http.get(url, { schema: taxProfileResponseSchema, signal }) });

  let body;
  if (query.isPending) body = <LoadingPlaceholder label={t('tax.loading')}><Skeleton height={48} /></LoadingPlaceholder>;
  else if (query.isError) body = <LoadFailedAlert title={t('tax.loadFailed')} retryLabel={t('retry')} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else if (!query.data.profile) body = <Text size="sm">{t('tax.none')}</Text>;
  else {
    const profile = query.data.profile;
    body = (
      <DrawerFacts label={t('tax.title')}>
        <DrawerFact label={t('tax.legalName')}>{profile.legal_name}</DrawerFact>
        <DrawerFact label={t('tax.address')}>
          {[profile.address_line1, profile.address_line2, [profile.postal_code, profile.city].filter(Boolean).join(' ')].filter(Boolean).join(', ')}
        </DrawerFact>
        <DrawerFact label={t('tax.country')}>{countryName(profile.country, locale)}</DrawerFact>
        <DrawerFact label={t('tax.taxId')}>{profile.tax_id ?? t('none')}</DrawerFact>
        <DrawerFact label={t('tax.vatStatus')}>{t(`tax.vatStatuses.${profile.vat_status}`)}</DrawerFact>
        {profile.vat_number ? <DrawerFact label={t('tax.vatNumber')}><span dir="ltr">{profile.vat_number}</span></DrawerFact> : null}
        <DrawerFact label={t('tax.reverseCharge')}>{query.data.reverse_charge ? t('tax.reverseChargeYes') : t('tax.reverseChargeNo')}</DrawerFact>
        <DrawerFact label={t('detail.updatedAt')}>
          <time dateTime={profile.updated_at}>{format.full(profile.updated_at)}</time>
        </DrawerFact>
      </DrawerFacts>
    );
  }
  return (
    <DrawerSection id="tax-profile-title" title={t('tax.title')}>
      {body}
    </DrawerSection>
  );
}
