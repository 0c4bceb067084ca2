import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ActionIcon, Alert, Badge, Button, Group, Menu, Pagination, Paper, Select, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconDotsVertical, IconUserPlus } from '@tabler/icons-react';
import type { PageSize } from '@portal/contracts/constants';
import { PARTNER_ROLES, type PartnerRole } from '@portal/contracts/partner-roles';
import {
  TEAM_MEMBER_STATUSES,
  TEAM_SEARCH_MAX_LENGTH,
  teamMembersEndpoint,
  type TeamLogEntry,
  type TeamMember,
  type TeamMemberListQuery,
  type TeamMemberStatus,
} from '@portal/contracts/team';
import { DataTable } from '../../../components/data-table/data-table';
import type { TableHeader } from '../../../components/data-table/data-table-types';
import { LoadingPlaceholder } from '../../../components/loading-placeholder/loading-placeholder';
import { LoadFailedAlert } from '../../../components/query-view/query-view';
import { useFormat } from '../../../i18n/format';
import { useText } from '../../../i18n/i18n';
import { useListEndpoint } from '../../../lib/use-list-endpoint';
import { useAuthStore } from '../../../stores/auth-store';
import { useMemberAction, useTeamLog, useTeamSummary } from '../api/team-api';
import { MemberActionDialog, type DialogKind } from '../components/member-action-dialog';
import { ADD_MEMBER_PATH } from '../team-paths';

const STATUS_COLORS: Record<TeamMemberStatus, string> = { active: 'teal', invited: 'blue', deactivated: 'gray', suspended: 'red' };

/** /manage-user: the team's members (list kit), the seats, the actions an owner may take, and the team log. */
export function TeamPage() {
  const t = useText('team');
  const summary = useTeamSummary();
  const canManage = summary.data?.can_manage ?? false;
  const full = summary.data ? summary.data.seats_used >= summary.data.seat_limit : false;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t('title')}
          </Title>
          <Text c="dimmed">{t('intro')}</Text>
        </Stack>
        {canManage && (
          <Button component={Link} to={ADD_MEMBER_PATH} leftSection={<IconUserPlus size={18} aria-hidden />} disabled={full} aria-disabled={full}>
            {t('invite')}
          </Button>
        )}
      </Group>
      <SeatsSummary />
      <Tabs defaultValue="members" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="members">{t('tabs.members')}</Tabs.Tab>
          <Tabs.Tab value="log">{t('tabs.log')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="members" pt="md">
          <MembersTable canManage={canManage} />
        </Tabs.Panel>
        <Tabs.Panel value="log" pt="md">
          <TeamLog />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function SeatsSummary() {
  const t = useText('team');
  const summary = useTeamSummary();
  if (summary.isPending) return <Skeleton height={60} radius="md" aria-hidden />;
  if (summary.isError || !summary.data) {
    return (
      <Alert color="red" role="alert">
        {t('summaryFailed')}
      </Alert>
    );
  }
  const { seats_used: used, seat_limit: limit, can_manage: canManage } = summary.data;
  const full = used >= limit;
  return (
    <Alert color={full ? 'yellow' : 'blue'} title={t('seats', { used, limit })}>
      <Text size="sm">{full && canManage ? t('seatsFull') : t('seatsHelp')}</Text>
      {!canManage && (
        <Text size="sm" mt={4}>
          {t('readOnly')}
        </Text>
      )}
    </Alert>
  );
}

function MembersTable({ canManage }: { canManage: boolean }) {
  const t = useText('team');
  const format = useFormat();
  const fetchUser = useAuthStore((state) => state.fetchUser);
  const action = useMemberAction(() => void fetchUser());
  const [dialog, setDialog] = useState<{ kind: DialogKind; member: TeamMember } | null>(null);
  const { list, table } = useListEndpoint(teamMembersEndpoint, {}, { loadFailed: t('loadFailed') });
  const { params } = list;
  const amOwner = useAuthStore((state) => state.user?.partner_profile.role === 'owner');

  const headers = useMemo<TableHeader<TeamMember>[]>(() => {
    const columns: TableHeader<TeamMember>[] = [
      {
        text: t('columns.name'),
        value: 'name',
        sort: true,
        render: (row) => (
          <Text size="sm" fw={500}>
            {row.first_name} {row.last_name} {row.is_self && <Text span size="sm" c="dimmed">{t('you')}</Text>}
          </Text>
        ),
      },
      { text: t('columns.email'), value: 'email' },
      { text: t('columns.role'), value: 'role', sort: true, render: (row) => t(`roles.${row.role}`) },
      {
        text: t('columns.status'),
        value: 'status',
        render: (row) => (
          <Stack gap={2} align="flex-start">
            <Badge color={STATUS_COLORS[row.status]} variant="dot" radius="sm" tt="none">
              {t(`statuses.${row.status}`)}
            </Badge>
            {row.invitation_expires_at && (
              <Text size="xs" c="dimmed">
                {new Date(row.invitation_expires_at).getTime() > Date.now()
                  ? t('expires', { date: format.date(row.invitation_expires_at) })
                  : t('expired', { date: format.date(row.invitation_expires_at) })}
              </Text>
            )}
          </Stack>
        ),
      },
      {
        text: t('columns.lastActive'),
        value: 'last_active_at',
        sort: true,
        render: (row) => (row.last_active_at ? format.relative(row.last_active_at) : t('never')),
      },
    ];
    if (canManage) {
      columns.push({
        text: t('columns.actions'),
        value: 'actions',
        render: (row) => (row.is_self ? null : <MemberMenu member={row} amOwner={amOwner} onChoose={(kind) => setDialog({ kind, member: row })} />),
      });
    }
    return columns;
  }, [t, format, canManage, amOwner]);

  const activeFilters = [
    ...(params.role ? [`${t('filters.role')}: ${t(`roles.${params.role}`)}`] : []),
    ...(params.status ? [`${t('filters.status')}: ${t(`statuses.${params.status}`)}`] : []),
  ];

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <DataTable<TeamMember>
        caption={t('tabs.members')}
        headers={headers}
        {...table}
        emptyText={t('empty')}
        filteredEmptyText={t('filteredEmpty')}
        showHeader
        activeFilters={activeFilters}
        searchPlaceholder={t('searchPlaceholder')}
        searchValue={params.search ?? ''}
        onSearch={(search) => list.set({ search: search.slice(0, TEAM_SEARCH_MAX_LENGTH) })}
        toolbar={
          <Group gap="sm" wrap="wrap">
            <Select
              label={t('filters.role')}
              placeholder={t('filters.allRoles')}
              data={PARTNER_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
              value={params.role ?? null}
              onChange={(value) => list.set({ role: (value ?? undefined) as PartnerRole | undefined })}
              clearable
              w={{ base: '100%', xs: 180 }}
            />
            <Select
              label={t('filters.status')}
              placeholder={t('filters.allStatuses')}
              data={TEAM_MEMBER_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) }))}
              value={params.status ?? null}
              onChange={(value) => list.set({ status: (value ?? undefined) as TeamMemberStatus | undefined })}
              clearable
              w={{ base: '100%', xs: 180 }}
            />
          </Group>
        }
        sort={params.sort}
        onSortChange={(sort) => list.set({ sort: sort as TeamMemberListQuery['sort'] })}
        page={params.page}
        perPage={params.per_page}
        onPageChange={list.setPage}
        onPerPageChange={(perPage) => list.set({ per_page: perPage as PageSize })}
      />
      <MemberActionDialog
        kind={dialog?.kind ?? null}
        member={dialog?.member ?? null}
        pending={action.isPending}
        onClose={() => setDialog(null)}
        onConfirm={(chosen) => action.mutateAsync(chosen)}
      />
    </Paper>
  );
}

function MemberMenu({ member, amOwner, onChoose }: { member: TeamMember; amOwner: boolean; onChoose: (kind: DialogKind) => void }) {
  const t = useText('team');
  const name = `${member.first_name} ${member.last_name}`;
  const items: DialogKind[] =
    member.status === 'invited'
      ? ['resend', 'revoke', 'role']
      : member.status === 'deactivated'
        ? ['reactivate']
        : member.status === 'active'
          ? member.role === 'owner'
            ? []
            : ['role', 'deactivate', ...(amOwner ? (['transfer'] as const) : [])]
          : [];
  if (items.length === 0) return null;
  const labels: Record<DialogKind, string> = {
    role: t('actions.changeRole'),
    deactivate: t('actions.deactivate'),
    reactivate: t('actions.reactivate'),
    resend: t('actions.resend'),
    revoke: t('actions.revoke'),
    transfer: t('actions.transfer'),
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('actions.menu', { name })}>
          <IconDotsVertical size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {items.map((kind) => (
          <Menu.Item key={kind} color={kind === 'deactivate' || kind === 'revoke' ? 'red' : undefined} onClick={() => onChoose(kind)}>
            {labels[kind]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function TeamLog() {
  const t = useText('team');
  const shared = useText('shared');
  const format = useFormat();
  const [page, setPage] = useState(1);
  const log = useTeamLog(page);
  if (log.isPending) return <LoadingPlaceholder label={t('log.loading')}><Skeleton height={160} radius="md" /></LoadingPlaceholder>;
  if (log.isError || !log.data) {
    return (
      <LoadFailedAlert title={t('log.loadFailed')} retryLabel={shared('errors.retry')} onRetry={() => void log.refetch()} retrying={log.isFetching} />
    );
  }
  if (log.data.total === 0) return <Text c="dimmed">{t('log.empty')}</Text>;
  const role = (value: PartnerRole | null) => (value ? t(`roles.${value}`) : '');
  const sentence = (entry: TeamLogEntry) =>
    t(`log.${entry.action}`, {
      actor: entry.actor_name ?? t('log.system'),
      target: entry.target_name,
      role: role(entry.role_after),
      from: role(entry.role_before),
    });
  return (
    <Stack gap="sm">
      <Paper withBorder radius="md" p={0} component="ol" style={{ listStyle: 'none', margin: 0 }}>
        {log.data.data.map((entry, index) => (
          <li key={entry.id} style={{ padding: 'var(--mantine-spacing-sm) var(--mantine-spacing-md)', borderTop: index ? '1px solid var(--mantine-color-default-border)' : undefined }}>
            <Text size="sm">{sentence(entry)}</Text>
            <Text size="xs" c="dimmed">
              <time dateTime={entry.created_at}>{format.full(entry.created_at)}</time>
            </Text>
          </li>
        ))}
      </Paper>
      {log.data.last_page > 1 && (
        <Pagination total={log.data.last_page} value={page} onChange={setPage} size="sm" aria-label={t('log.page', { page, pages: log.data.last_page })} />
      )}
    </Stack>
  );
}
