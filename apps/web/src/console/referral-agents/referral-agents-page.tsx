import { useMemo } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { referralAgentsEndpoint, type ReferralAgentRow } from '@portal/contracts/console-referral-agents';
import { enumFilter, ListPage } from '../../components/list-page/list-page';
import type { TableHeader } from '../../components/data-table/data-table-types';
import { useFormat } from '../../i18n/format';
import { useText } from '../../i18n/i18n';
import { REFERRAL_PATHS } from './referral-paths';
import { useGroupOptions } from './referral-agents-api';
import { AgentLogo } from '../../components/agent-logo/agent-logo';

const SEARCH_MAX = 100;

/** /console/referral-agents: every agent with its logo, group and counts; search, a group filter, sort, pages. */
export function ReferralAgentsPage() {
  const t = useText('console-referral-agents');
  const format = useFormat();
  const groups = useGroupOptions();

  const headers = useMemo<TableHeader<ReferralAgentRow>[]>(
    () => [
      {
        text: t('agents.columnLogo'),
        value: 'logo_url',
        render: (row) =>
          row.logo_url ? (
            // The name beside it says whose it is.
            <AgentLogo src={row.logo_url} alt="" height={28} maxWidth={96} />
          ) : (
            <Text size="xs" c="dimmed">
              {t('agents.noLogo')}
            </Text>
          ),
      },
      {
        text: t('agents.columnName'),
        value: 'name',
        sort: true,
        render: (row) => (
          <Anchor component={Link} to={REFERRAL_PATHS.agent(row.id)}>
            {row.name}
          </Anchor>
        ),
      },
      { text: t('agents.columnGroup'), value: 'group', sort: true, render: (row) => row.group.name },
      { text: t('agents.columnPartners'), value: 'partners', sort: true, align: 'right', render: (row) => format.number(row.partner_count) },
      { text: t('agents.columnBookings'), value: 'booking_count', align: 'right', render: (row) => format.number(row.booking_count) },
      { text: t('agents.columnCreated'), value: 'created_at', sort: true, render: (row) => format.date(row.created_at) },
    ],
    [t, format],
  );

  return (
    <ListPage
      endpoint={referralAgentsEndpoint}
      title={t('agents.title')}
      description={t('agents.description')}
      action={
        <Button component={Link} to={REFERRAL_PATHS.newAgent} leftSection={<IconPlus size={16} aria-hidden="true" />}>
          {t('agents.newAgent')}
        </Button>
      }
      texts={{ empty: t('agents.empty'), filteredEmpty: t('agents.filteredEmpty'), loadFailed: t('agents.loadFailed') }}
      headers={headers}
      search={{ max: SEARCH_MAX }}
      filters={[
        enumFilter('group', {
          label: t('agents.group'),
          all: t('agents.allGroups'),
          options: (groups.data ?? []).map((group) => ({ value: group.id, label: group.name })),
          active: (group) => t('agents.groupFilter', { group }),
          width: 220,
        }),
      ]}
      getRowLabel={(row) => row.name}
    />
  );
}
