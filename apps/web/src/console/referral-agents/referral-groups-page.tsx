import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Code } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { referralGroupsEndpoint, type ReferralGroupRow } from '@portal/contracts/console-referral-agents';
import { ListPage } from '../../components/list-page/list-page';
import type { TableHeader } from '../../components/data-table/data-table-types';
import { useFormat } from '../../i18n/format';
import { useText } from '../../i18n/i18n';
import { GroupDialog } from './group-dialog';
import { REFERRAL_PATHS } from './referral-paths';

const SEARCH_MAX = 100;

/** /console/referral-groups: every group with its agents and partners counted; create one, rename one. */
export function ReferralGroupsPage() {
  const t = useText('console-referral-agents');
  const format = useFormat();
  // null: a new group; a row: that group; undefined: closed.
  const [editing, setEditing] = useState<ReferralGroupRow | null | undefined>(undefined);

  const headers = useMemo<TableHeader<ReferralGroupRow>[]>(
    () => [
      { text: t('groups.columnName'), value: 'name', sort: true },
      { text: t('groups.columnSlug'), value: 'slug', sort: true, render: (row) => <Code dir="ltr">{row.slug}</Code> },
      {
        text: t('groups.columnAgents'),
        value: 'agents',
        sort: true,
        align: 'right',
        // The group's agents, on the agents page filtered by it.
        render: (row) => (
          <Anchor component={Link} to={`${REFERRAL_PATHS.agents}?group=${row.id}`}>
            {format.number(row.agent_count)}
          </Anchor>
        ),
      },
      { text: t('groups.columnPartners'), value: 'partner_count', align: 'right', render: (row) => format.number(row.partner_count) },
      {
        text: t('groups.columnActions'),
        value: 'actions',
        render: (row) => (
          <Button variant="subtle" size="compact-sm" onClick={() => setEditing(row)} aria-label={t('groups.editLabel', { name: row.name })}>
            {t('groups.edit')}
          </Button>
        ),
      },
    ],
    [t, format],
  );

  return (
    <ListPage
      endpoint={referralGroupsEndpoint}
      title={t('groups.title')}
      description={t('groups.description')}
      action={
        <Button onClick={() => setEditing(null)} leftSection={<IconPlus size={16} aria-hidden="true" />}>
          {t('groups.newGroup')}
        </Button>
      }
      texts={{ empty: t('groups.empty'), filteredEmpty: t('groups.filteredEmpty'), loadFailed: t('groups.loadFailed') }}
      headers={headers}
      search={{ max: SEARCH_MAX }}
      getRowLabel={(row) => row.name}
    >
      {editing !== undefined ? <GroupDialog key={editing?.id ?? 'new'} group={editing} onClose={() => setEditing(undefined)} /> : null}
    </ListPage>
  );
}
