import { useMemo, useState } from 'react';
import { ActionIcon, Badge, Button, Group, Menu, Text } from '@mantine/core';
import { IconDots, IconMailForward, IconShieldX, IconUserCheck, IconUserOff, IconUserPlus, IconUserShield } from '@tabler/icons-react';
import { OPERATOR_ACCOUNT_STATUSES, operatorAccountsEndpoint, type OperatorAccount } from '@portal/contracts/console-operators';
import { OPERATOR_ROLES } from '@portal/contracts/operator-permissions';
import { enumFilter, enumOptions, ListPage } from '../../components/list-page/list-page';
import type { TableHeader } from '../../components/data-table/data-table-types';
import { useFormat } from '../../i18n/format';
import { useText } from '../../i18n/i18n';
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

  return (
    <ListPage
      endpoint={operatorAccountsEndpoint}
      title={t('title')}
      description={t('description')}
      action={
        <Button leftSection={<IconUserPlus size={18} aria-hidden="true" />} onClick={() => setInviting(true)}>
          {t('invite')}
        </Button>
      }
      texts={{ empty: t('empty'), filteredEmpty: t('filteredEmpty'), loadFailed: t('loadFailed') }}
      headers={headers}
      search={{ max: SEARCH_MAX }}
      filters={[
        enumFilter('role', { label: t('role'), all: t('allRoles'), options: enumOptions(OPERATOR_ROLES, (role) => t(`roles.${role}`)), active: (role) => t('roleFilter', { role }), width: 170 }),
        enumFilter('status', {
          label: t('status'),
          all: t('allStatuses'),
          options: enumOptions(OPERATOR_ACCOUNT_STATUSES, (status) => t(`statuses.${status}`)),
          active: (status) => t('statusFilter', { status }),
          width: 170,
        }),
      ]}
      getRowLabel={(row) => row.name}
    >
      {inviting ? <InviteOperatorDialog onClose={() => setInviting(false)} /> : null}
      {requested ? <OperatorActionDialog operator={requested.operator} action={requested.action} onClose={() => setRequested(null)} /> : null}
    </ListPage>
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
