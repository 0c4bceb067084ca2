import { useMemo } from 'react';
import { Link } from 'react-router';
import { Anchor } from '@mantine/core';
import { PARTNER_ACCOUNT_STATUSES, partnerAccountsEndpoint, type PartnerAccountRow } from '@portal/contracts/console-partners';
import { enumFilter, enumOptions, ListPage } from '../../components/list-page/list-page';
import type { TableHeader } from '../../components/data-table/data-table-types';
import { useFormat } from '../../i18n/format';
import { useText } from '../../i18n/i18n';
import { CONSOLE_PATHS } from '../console-paths';
import { PartnerStatusBadge } from './partner-status-badge';

const SEARCH_MAX = 100;

/** /console/partners: every partner account, searchable and filtered by status, each leading to its detail. */
export function PartnersPage() {
  const t = useText('console');
  const format = useFormat();

  const headers = useMemo<TableHeader<PartnerAccountRow>[]>(
    () => [
      {
        text: t('partners.columnName'),
        value: 'name',
        sort: true,
        render: (row) => (
          <Anchor component={Link} to={`${CONSOLE_PATHS.partners}/${row.id}`}>
            {`${row.first_name} ${row.last_name}`}
          </Anchor>
        ),
      },
      { text: t('partners.columnEmail'), value: 'email' },
      { text: t('partners.columnOrganisation'), value: 'organisation', sort: true },
      { text: t('partners.columnAgent'), value: 'referral_agent' },
      { text: t('partners.columnStatus'), value: 'status', render: (row) => <PartnerStatusBadge status={row.status} /> },
      { text: t('partners.columnRegistered'), value: 'created_at', sort: true, render: (row) => format.date(row.created_at) },
      {
        text: t('partners.columnLastSignIn'),
        value: 'last_sign_in_at',
        render: (row) => (row.last_sign_in_at ? `${format.date(row.last_sign_in_at)} ${format.time(row.last_sign_in_at)}` : t('partners.never')),
      },
    ],
    [t, format],
  );

  return (
    <ListPage
      endpoint={partnerAccountsEndpoint}
      title={t('partners.title')}
      description={t('partners.description')}
      texts={{ empty: t('partners.empty'), filteredEmpty: t('partners.filteredEmpty'), loadFailed: t('partners.loadFailed') }}
      headers={headers}
      search={{ max: SEARCH_MAX }}
      filters={[
        enumFilter('status', {
          label: t('partners.status'),
          all: t('partners.allStatuses'),
          options: enumOptions(PARTNER_ACCOUNT_STATUSES, (status) => t(`partners.statuses.${status}`)),
          active: (status) => t('partners.statusFilter', { status }),
          width: 200,
        }),
      ]}
      getRowLabel={(row) => `${row.first_name} ${row.last_name}`}
    />
  );
}
