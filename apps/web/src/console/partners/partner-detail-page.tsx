import { useState } from 'react';
import { useParams } from 'react-router';
import { Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { operatorCan } from '@portal/contracts/operator-permissions';
import type { PartnerAccountDetail, SignInEvent } from '@portal/contracts/console-partners';
import { useFormat } from '../../i18n/format';
import { useText } from '../../i18n/i18n';
import { CONSOLE_PATHS } from '../console-paths';
import { useOperator } from '../session/require-operator';
import { PartnerActionDialog, type ActionKind } from './partner-action-dialog';
import { usePartnerAccount } from './partner-account-api';
import { PartnerStatusBadge } from './partner-status-badge';
import { RecordField, RecordPage } from '../components/record-page';
import { PartnerReferralCode } from './partner-referral-code';
import { TableScroller } from '../../components/data-table/scroll-region-frame';

const EVENT_KEYS = {
  'auth.sign_in': 'partners.events.signIn',
  'auth.sign_in_failed': 'partners.events.signInFailed',
  'auth.session_ended': 'partners.events.signedOut',
  'partner.sessions_ended': 'partners.events.sessionsEnded',
} as const;
const METHOD_KEYS = {
  password: 'partners.methods.password',
  link: 'partners.methods.link',
  totp: 'partners.methods.totp',
  recovery_code: 'partners.methods.recoveryCode',
  signed_out: 'partners.methods.signedOut',
} as const;

/** /console/partners/:id: the account, its sign-in history, and what an operator may do to it. */
export function PartnerDetailPage() {
  const t = useText('console');
  const id = Number(useParams().id);
  const account = usePartnerAccount(id);

  return (
    <RecordPage
      back={{ to: CONSOLE_PATHS.partners, label: t('partners.back') }}
      title={t('partners.title')}
      record={account}
      notFound={t('partners.notFound')}
      loadFailed={t('partners.detailLoadFailed')}
      maw={960}
    >
      {(data) => <AccountView account={data} />}
    </RecordPage>
  );
}

function AccountView({ account }: { account: PartnerAccountDetail }) {
  const t = useText('console');
  const format = useFormat();
  const operator = useOperator();
  const [action, setAction] = useState<ActionKind | null>(null);
  const mayManage = operatorCan(operator.role, 'partners.manage');
  const when = (value: string | null) => (value ? `${format.date(value)} ${format.time(value)}` : t('partners.none'));

  return (
    <>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {`${account.first_name} ${account.last_name}`}
          </Title>
          <Group gap="xs">
            <Text c="dimmed">{account.email}</Text>
            <PartnerStatusBadge status={account.status} />
          </Group>
        </Stack>
        {mayManage ? (
          <Group gap="xs" role="group" aria-label={t('partners.actions')}>
            {account.status === 'approved' ? (
              <Button variant="light" onClick={() => setAction('send-login-link')}>
                {t('partners.sendLink')}
              </Button>
            ) : null}
            <Button variant="light" onClick={() => setAction('end-sessions')} disabled={account.active_sessions === 0}>
              {t('partners.endSessions')}
            </Button>
            {account.status === 'approved' ? (
              <Button color="red" variant="light" onClick={() => setAction('suspend')}>
                {t('partners.suspend')}
              </Button>
            ) : null}
            {account.status === 'suspended' ? (
              <Button color="teal" onClick={() => setAction('reactivate')}>
                {t('partners.reactivate')}
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Group>

      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h4" mb="sm">
          {t('partners.account')}
        </Title>
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2, md: 3 }} spacing="md" m={0}>
          <RecordField label={t('partners.agent')}>{account.referral_agent.name}</RecordField>
          <RecordField label={t('partners.group')}>{account.referral_group.name}</RecordField>
          <RecordField label={t('partners.organisation')}>{account.organisation ?? t('partners.none')}</RecordField>
          <RecordField label={t('partners.partnerType')}>{account.partner_type ?? t('partners.none')}</RecordField>
          <RecordField label={t('partners.industry')}>{account.partner_industry ?? t('partners.none')}</RecordField>
          <RecordField label={t('partners.phone')}>{account.phone ? <span dir="ltr">{account.phone}</span> : t('partners.none')}</RecordField>
          <RecordField label={t('partners.twoFactor')}>{account.two_factor_enabled ? t('partners.on') : t('partners.off')}</RecordField>
          <RecordField label={t('partners.sessions')}>{format.number(account.active_sessions)}</RecordField>
          <RecordField label={t('partners.registered')}>{when(account.created_at)}</RecordField>
          <RecordField label={t('partners.approved')}>{when(account.approved_at)}</RecordField>
        </SimpleGrid>
      </Paper>

      <PartnerReferralCode partnerId={account.id} />

      <Paper withBorder radius="md" p="md">
        <SignInHistory events={account.sign_in_history} />
      </Paper>

      <PartnerActionDialog account={account} kind={action} onClose={() => setAction(null)} />
    </>
  );
}

function SignInHistory({ events }: { events: SignInEvent[] }) {
  const t = useText('console');
  const format = useFormat();
  const label = (keys: Record<string, string>, value: string | null) => (value && value in keys ? t(keys[value] as Parameters<typeof t>[0]) : (value ?? '-'));
  return (
    <Stack gap="sm">
      <Title order={2} size="h4" id="sign-in-history">
        {t('partners.history')}
      </Title>
      {events.length === 0 ? (
        <Text c="dimmed">{t('partners.historyEmpty')}</Text>
      ) : (
        <TableScroller labelledBy="sign-in-history" minWidth={560}>
          <Table aria-labelledby="sign-in-history" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('partners.historyWhen')}</Table.Th>
                <Table.Th scope="col">{t('partners.historyWhat')}</Table.Th>
                <Table.Th scope="col">{t('partners.historyHow')}</Table.Th>
                <Table.Th scope="col">{t('partners.historyFrom')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {events.map((event, index) => (
                <Table.Tr key={`${event.at}-${index}`}>
                  <Table.Td>{`${format.date(event.at)} ${format.time(event.at)}`}</Table.Td>
                  <Table.Td>{label(EVENT_KEYS, event.action)}</Table.Td>
                  <Table.Td>{label(METHOD_KEYS, event.method)}</Table.Td>
                  <Table.Td>
                    <Text size="sm" dir="ltr" span>
                      {event.ip ?? '-'}
                    </Text>
                    {event.user_agent ? (
                      <Text size="xs" c="dimmed" lineClamp={1} title={event.user_agent}>
                        {event.user_agent}
                      </Text>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroller>
      )}
    </Stack>
  );
}
