import { useMemo, useState } from 'react';
import { ActionIcon, Badge, Button, Group, Menu, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDots, IconMailForward, IconShieldX, IconUserCheck, IconUserOff, IconUserPlus, IconUserShield } from '@tabler/icons-react';
import type { PageSize } from '@portal/contracts/constants';
import {
  OPERATOR_ACCOUNT_STATUSES,
  operatorAccountsEndpoint,
  type OperatorAccount,
  type OperatorAccountStatus,
} from '@portal/contracts/console-operators';
import { OPERATOR_ROLES, type OperatorRole } from '@portal/contracts/operator-permissions';
import { DataTable } from '../../components/data-table/data-table';
import type { TableHeader } from '../../components/data-table/data-table-types';
import { useFormat } from '../../i18n/format';
import { useText } from '../../i18n/i18n';
import { useListEndpoint } from '../../lib/use-list-endpoint';
import { useOperator } from '../session/require-operator';
import { InviteOperatorDialog } from './invite-operator-dialog';
import { OperatorStatus, TwoFactorState } from './operator-badges';
import { OperatorActionDialog, type RequestedAction } from './operator-action-dialog';

const SEARCH_MAX = 100;

/**
 * /console/operators (admin only): every operator, searchable, filtered by role and status; invite one; and on each
 * row, after a confirmation, change the role, disable or re-enable, reset two-factor, resend the invitation. An
 * admin's own row offers none of these (the server refuses them too).
 */
export function OperatorsPage() {
  const t = useText('console-operators');
  const format = useFormat();
  const me = useOperator();
  const { list, table } = useListEndpoint(operatorAccountsEndpoint, {}, { loadFailed: t('loadFailed') });
  const { params } = list;
  const [inviting, setInviting] = useState(false);
  const [requested, setRequested] = useState<{ operator: OperatorAccount; action: RequestedAction } | null>(null);

  const headers = useMemo<TableHeader<OperatorAccount>[]>(
    () => [
      {
        text: t('columnName'),
        value: 'name',
        sort: true,
        render: (row) => (
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={500}>
              {row.name}
            </Text>
            {row.id === me.id ? (
              <Badge size="sm" variant="light" color="gray" tt="none">
                {t('you')}
              </Badge>
            ) : null}
          </Group>
        ),
      },
      { text: t('columnEmail'), value: 'email', sort: true },
      { text: t('columnRole'), value: 'role', sort: true, render: (row) => t(`roles.${row.role}`) },
      { text: t('columnStatus'), value: 'status', render: (row) => <OperatorStatus operator={row} /> },
      { text: t('columnTwoFactor'), value: 'two_factor_enrolled', render: (row) => <TwoFactorState enrolled={row.two_factor_enrolled} /> },
      {
        text: t('columnLastSignIn'),
        value: 'last_sign_in_at',
        sort: true,
        render: (row) => (row.last_sign_in_at ? `${format.date(row.last_sign_in_at)} ${format.time(row.last_sign_in_at)}` : t('never')),
      },
      {
        text: t('columnActions'),
        value: 'actions',
        render: (row) => <RowActions operator={row} self={row.id === me.id} onRequest={(action) => setRequested({ operator: row, action })} />,
      },
    ],
    [t, format, me.id],
  );

  const role = params.role as OperatorRole | undefined;
  const status = params.status as OperatorAccountStatus | undefined;
  const activeFilters = [
    ...(role ? [t('roleFilter', { role: t(`roles.${role}`) })] : []),
    ...(status ? [t('statusFilter', { status: t(`statuses.${status}`) })] : []),
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} maw={640}>
          <Title order={1} size="h2">
            {t('title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('description')}
          </Text>
        </Stack>
        <Button leftSection={<IconUserPlus size={18} aria-hidden="true" />} onClick={() => setInviting(true)}>
          {t('invite')}
        </Button>
      </Group>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <DataTable<OperatorAccount>
          caption={t('title')}
          headers={headers}
          {...table}
          emptyText={t('empty')}
          filteredEmptyText={t('filteredEmpty')}
          activeFilters={activeFilters}
          showHeader
          toolbar={
            <Group gap="sm" wrap="wrap">
              <NativeSelect
                aria-label={t('role')}
                value={role ?? ''}
                onChange={(event) => list.set({ role: (event.currentTarget.value || undefined) as OperatorRole | undefined })}
                w={170}
              >
                <option value="">{t('allRoles')}</option>
                {OPERATOR_ROLES.map((option) => (
                  <option key={option} value={option}>
                    {t(`roles.${option}`)}
                  </option>
                ))}
              </NativeSelect>
              <NativeSelect
                aria-label={t('status')}
                value={status ?? ''}
                onChange={(event) => list.set({ status: (event.currentTarget.value || undefined) as OperatorAccountStatus | undefined })}
                w={170}
              >
                <option value="">{t('allStatuses')}</option>
                {OPERATOR_ACCOUNT_STATUSES.map((option) => (
                  <option key={option} value={option}>
                    {t(`statuses.${option}`)}
                  </option>
                ))}
              </NativeSelect>
            </Group>
          }
          searchValue={params.search ?? ''}
          onSearch={(search) => list.set({ search: search.slice(0, SEARCH_MAX) })}
          sort={params.sort}
          onSortChange={(sort) => list.set({ sort: (sort || undefined) as typeof params.sort })}
          page={params.page}
          perPage={params.per_page}
          onPageChange={list.setPage}
          onPerPageChange={(perPage) => list.set({ per_page: perPage as PageSize })}
          getRowLabel={(row) => row.name}
        />
      </Paper>
      {inviting ? <InviteOperatorDialog onClose={() => setInviting(false)} /> : null}
      {requested ? <OperatorActionDialog operator={requested.operator} action={requested.action} onClose={() => setRequested(null)} /> : null}
    </Stack>
  );
}

/** A row's menu: what may be done to this operator now (nothing to one's own account). */
function RowActions({ operator, self, onRequest }: { operator: OperatorAccount; self: boolean; onRequest: (action: RequestedAction) => void }) {
  const t = useText('console-operators');
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={260}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('actionsFor', { name: operator.name })}>
          <IconDots size={18} aria-hidden="true" />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {self ? (
          <Text size="sm" c="dimmed" p="xs">
            {t('ownAccount')}
          </Text>
        ) : (
          <>
            <Menu.Label>{t('changeRoleTo')}</Menu.Label>
            {OPERATOR_ROLES.filter((role) => role !== operator.role).map((role) => (
              <Menu.Item key={role} leftSection={<IconUserShield size={16} aria-hidden="true" />} onClick={() => onRequest({ kind: 'role', role })}>
                {t(`roles.${role}`)}
              </Menu.Item>
            ))}
            <Menu.Divider />
            {operator.status === 'invited' ? (
              <Menu.Item leftSection={<IconMailForward size={16} aria-hidden="true" />} onClick={() => onRequest({ kind: 'resend-invitation' })}>
                {t('resendInvitation')}
              </Menu.Item>
            ) : null}
            {operator.two_factor_enrolled ? (
              <Menu.Item leftSection={<IconShieldX size={16} aria-hidden="true" />} onClick={() => onRequest({ kind: 'reset-two-factor' })}>
                {t('resetTwoFactor')}
              </Menu.Item>
            ) : null}
            {operator.status === 'disabled' ? (
              <Menu.Item leftSection={<IconUserCheck size={16} aria-hidden="true" />} onClick={() => onRequest({ kind: 'enable' })}>
                {t('enable')}
              </Menu.Item>
            ) : (
              // The words in the text colour (a red label was 3.3:1 on white); the icon says it is the harsh one.
              <Menu.Item
                leftSection={<IconUserOff size={16} aria-hidden="true" color="var(--mantine-color-red-filled)" />}
                onClick={() => onRequest({ kind: 'disable' })}
              >
                {t('disable')}
              </Menu.Item>
            )}
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
