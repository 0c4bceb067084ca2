import { useMemo, useState } from 'react';
import { Button, Group } from '@mantine/core';
import { partnerApplicationsEndpoint, type PartnerApplication } from '@portal/contracts/partner-applications';
import { ListPage } from '../../components/list-page/list-page';
import type { TableHeader } from '../../components/data-table/data-table-types';
import { useFormat } from '../../i18n/format';
import { useText } from '../../i18n/i18n';
import { DecisionDialog, type PendingDecision } from './decision-dialog';

const SEARCH_MAX = 100;

/** /console/partner-applications: the pending queue (the list kit), each application approved or rejected. */
export function ApplicationsPage() {
  const t = useText('console');
  const format = useFormat();
  const [pending, setPending] = useState<PendingDecision | null>(null);

  const headers = useMemo<TableHeader<PartnerApplication>[]>(
    () => [
      { text: t('applications.columnName'), value: 'name', sort: true, render: (row) => `${row.first_name} ${row.last_name}` },
      { text: t('applications.columnEmail'), value: 'email' },
      { text: t('applications.columnOrganisation'), value: 'organisation', sort: true },
      { text: t('applications.columnType'), value: 'partner_type' },
      { text: t('applications.columnPhone'), value: 'phone', render: (row) => (row.phone ? <span dir="ltr">{row.phone}</span> : '-') },
      { text: t('applications.columnRegistered'), value: 'created_at', sort: true, render: (row) => format.date(row.created_at) },
      {
        text: t('applications.columnActions'),
        value: 'id',
        render: (row) => {
          const name = `${row.first_name} ${row.last_name}`;
          return (
            <Group gap="xs" wrap="nowrap">
              <Button size="xs" color="teal" aria-label={t('applications.approveNamed', { name })} onClick={() => setPending({ kind: 'approve', application: row })}>
                {t('applications.approve')}
              </Button>
              <Button size="xs" variant="light" color="red" aria-label={t('applications.rejectNamed', { name })} onClick={() => setPending({ kind: 'reject', application: row })}>
                {t('applications.reject')}
              </Button>
            </Group>
          );
        },
      },
    ],
    [t, format],
  );

  return (
    <ListPage
      endpoint={partnerApplicationsEndpoint}
      title={t('applications.title')}
      description={t('applications.description')}
      texts={{ empty: t('applications.empty'), filteredEmpty: t('applications.filteredEmpty'), loadFailed: t('applications.loadFailed') }}
      headers={headers}
      search={{ max: SEARCH_MAX }}
      getRowLabel={(row) => `${row.first_name} ${row.last_name}`}
    >
      <DecisionDialog pending={pending} onClose={() => setPending(null)} />
    </ListPage>
  );
}
