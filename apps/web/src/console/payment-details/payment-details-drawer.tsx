import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Code, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconArrowBackUp, IconEye, IconEyeOff, IconShieldCheck } from '@tabler/icons-react';
import type { ConsolePaymentDetailsRow } from '@portal/contracts/console-payment-details';
import type { PaymentDetailEvent } from '@portal/contracts/payment-details';
import { useFormat } from '../../i18n/format';
import { useLocale, useText } from '../../i18n/i18n';
import { countryName } from '../../lib/country-names';
import { notifySuccess } from '../../lib/notify';
import { ConfirmActionDialog } from '../components/confirm-action-dialog';
import { useOperator } from '../session/require-operator';
import { TaxProfileSection } from './tax-profile-section';
import { DetailDrawer, DrawerFact, DrawerFacts, DrawerLoad, DrawerSection, useConflict } from '../components/detail-drawer';
import { usePaymentDetailsDetail, useRevealPaymentDetails, useVerifyPaymentDetails, useWithdrawVerification } from './payment-details-api';
import { PaymentDetailsStatusBadge } from './payment-details-status-badge';
import { TableScroller } from '../../components/data-table/scroll-region-frame';

/** How long a revealed account stays on screen. */
export const REVEAL_MS = 60_000;

type ConsoleEvent = PaymentDetailEvent & { operator: string | null };

/**
 * An agent's payment details in full: every field, the agents that give the same account, the change log, and for
 * earnings.manage the full account (revealed for a minute, audited) and the verification. A verification another
 * operator got to first (409) says so here, and the details are read again.
 */
export function PaymentDetailsDrawer({ row, mayManage, onClose }: { row: ConsolePaymentDetailsRow; mayManage: boolean; onClose: () => void }) {
  const t = useText('console-payment-details');
  const format = useFormat();
  const locale = useLocale();
  const agent = row.referral_agent_id;
  const detail = usePaymentDetailsDetail(agent);
  const verify = useVerifyPaymentDetails();
  const operator = useOperator();
  const withdraw = useWithdrawVerification();
  const [confirming, setConfirming] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  const conflict = useConflict({ title: t('detail.conflict'), close: t('close') });
  // The list's row until the details themselves have loaded, then the details as they now are.
  const shown = detail.data?.details ?? row;

  const sendVerify = () =>
    conflict.run(async () => {
      const result = await verify.mutateAsync(agent);
      if (result.status === 'verified') notifySuccess(t('verify.done'), t('verify.doneDetail', { agent: shown.agent_name }));
      else notifySuccess(t('verify.proposed'), t('verify.proposedDetail', { agent: shown.agent_name }));
    });

  const body = (
    <DrawerLoad query={detail} loadingLabel={t('detail.loading')} failedTitle={t('detail.loadFailed')} retryLabel={t('retry')}>
      {({ details: current, events }) => {
        const names = current.same_account_as.map((other) => other.name).join(t('separator'));
        const proposal = current.verification_proposal;
        // Four eyes: whoever proposed the verification cannot approve it; the button waits for someone else.
        const proposedByMe = proposal !== null && proposal.operator_id === operator.id;
        return (
          <Stack gap="lg">
            {conflict.alert}
            {current.same_account_as.length > 0 ? (
              <Alert color="red" variant="filled" icon={<IconAlertTriangle aria-hidden />} title={t('detail.sameAccountTitle')}>
                {t('detail.sameAccountDetail', { names })}
              </Alert>
            ) : null}
            <DrawerFacts label={t('detail.facts')}>
              <DrawerFact label={t('detail.agent')}>{current.agent_name}</DrawerFact>
              <DrawerFact label={t('detail.status')}>
                <PaymentDetailsStatusBadge status={current.status} />
              </DrawerFact>
              <DrawerFact label={t('detail.method')}>{t(`schemes.${current.scheme}`)}</DrawerFact>
              <DrawerFact label={t('detail.holder')}>{current.holder_name}</DrawerFact>
              <DrawerFact label={t('detail.country')}>{countryName(current.bank_country, locale)}</DrawerFact>
              <DrawerFact label={t('detail.account')}>
                <Text span size="sm" ff="monospace" dir="ltr">
                  {current.account_masked}
                </Text>
              </DrawerFact>
              {current.bic ? <DrawerFact label={t('detail.bic')}><Code dir="ltr">{current.bic}</Code></DrawerFact> : null}
              {current.routing_number ? <DrawerFact label={t('detail.routingNumber')}><Code dir="ltr">{current.routing_number}</Code></DrawerFact> : null}
              {current.ifsc ? <DrawerFact label={t('detail.ifsc')}><Code dir="ltr">{current.ifsc}</Code></DrawerFact> : null}
              {current.account_type ? <DrawerFact label={t('detail.accountType')}>{t(`accountTypes.${current.account_type}`)}</DrawerFact> : null}
              {current.bank_name ? <DrawerFact label={t('detail.bankName')}>{current.bank_name}</DrawerFact> : null}
              <DrawerFact label={t('detail.updatedAt')}>
                <time dateTime={current.updated_at}>{format.full(current.updated_at)}</time>
              </DrawerFact>
              {current.updated_by ? <DrawerFact label={t('detail.updatedBy')}>{current.updated_by}</DrawerFact> : null}
              {current.verified_at ? (
                <DrawerFact label={t('detail.verifiedAt')}>
                  <time dateTime={current.verified_at}>{format.full(current.verified_at)}</time>
                </DrawerFact>
              ) : null}
              {current.frozen_at ? (
                <DrawerFact label={t('detail.frozenAt')}>
                  <time dateTime={current.frozen_at}>{format.full(current.frozen_at)}</time>
                </DrawerFact>
              ) : null}
            </DrawerFacts>
            <TaxProfileSection agent={agent} />
            {mayManage ? (
              <DrawerSection id="payment-details-actions-title" title={t('detail.actionsTitle')}>
                <RevealAccount agent={agent} />
                {current.status !== 'verified' && proposal ? (
                  <Alert color="yellow" title={proposedByMe ? t('verify.awaitingTitle') : t('verify.awaitingYou', { name: proposal.operator_name })}>
                    {t('verify.proposedByOn', { name: proposal.operator_name, date: format.full(proposal.proposed_at) })}
                  </Alert>
                ) : null}
                {current.status !== 'verified' ? (
                  <Stack gap={4}>
                    <Group gap="sm">
                      <Button
                        color="teal"
                        leftSection={<IconShieldCheck size={16} aria-hidden />}
                        disabled={proposedByMe}
                        aria-describedby={proposedByMe ? 'payment-details-approve-why' : undefined}
                        onClick={() => setConfirming(true)}
                      >
                        {proposal ? t('verify.approveButton') : t('verify.button')}
                      </Button>
                      {proposal ? (
                        <Button variant="default" leftSection={<IconArrowBackUp size={16} aria-hidden />} onClick={() => setWithdrawing(true)}>
                          {t('verify.withdraw')}
                        </Button>
                      ) : null}
                    </Group>
                    {proposedByMe ? (
                      <Text id="payment-details-approve-why" size="xs" c="orange.9">
                        {t('verify.approveDisabledWhy')}
                      </Text>
                    ) : null}
                  </Stack>
                ) : null}
              </DrawerSection>
            ) : null}
            <DrawerSection id="payment-details-log-title" title={t('detail.logTitle')}>
              {events.length === 0 ? <Text size="sm">{t('detail.logEmpty')}</Text> : <ChangeLog events={events} />}
            </DrawerSection>
          </Stack>
        );
      }}
    </DrawerLoad>
  );

  return (
    <>
      <DetailDrawer title={t('detail.title', { agent: shown.agent_name })} closeLabel={t('close')} onClose={onClose}>
        {body}
      </DetailDrawer>
      {confirming ? (
        <ConfirmActionDialog
          subject={`${agent}-verify`}
          title={t('verify.title', { agent: shown.agent_name })}
          detail={t('verify.detail')}
          confirmLabel={t('verify.confirm')}
          confirmColor="teal"
          cancelLabel={t('cancel')}
          closeLabel={t('close')}
          failedText={t('verify.failed')}
          pending={verify.isPending}
          onConfirm={sendVerify}
          onClose={() => setConfirming(false)}
        />
      ) : null}
      {withdrawing ? (
        <ConfirmActionDialog
          subject={`${agent}-withdraw`}
          title={t('verify.withdrawTitle', { agent: shown.agent_name })}
          detail={t('verify.withdrawDetail')}
          confirmLabel={t('verify.withdrawConfirm')}
          confirmColor="red"
          cancelLabel={t('cancel')}
          closeLabel={t('close')}
          failedText={t('verify.withdrawFailed')}
          pending={withdraw.isPending}
          onConfirm={async () => {
            await withdraw.mutateAsync(agent);
            notifySuccess(t('verify.withdrawn'), t('verify.withdrawnDetail', { agent: shown.agent_name }));
          }}
          onClose={() => setWithdrawing(false)}
        />
      ) : null}
    </>
  );
}


/**
 * The full account, asked of the server (which records the reveal in the audit log), shown for REVEAL_MS and then
 * hidden again; "Hide now" hides it at once. It lives only in this component's state: closing the drawer forgets it.
 */
function RevealAccount({ agent }: { agent: number }) {
  const t = useText('console-payment-details');
  const reveal = useRevealPaymentDetails();
  const [account, setAccount] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const revealButton = useRef<HTMLButtonElement>(null);
  const hideButton = useRef<HTMLButtonElement>(null);
  // Whether keyboard focus was on the way out when the account was hidden: it goes back to the reveal button.
  const refocus = useRef(false);
  const { reset } = reveal;

  const hide = useCallback(() => {
    refocus.current = document.activeElement === hideButton.current;
    setAccount(null);
    reset();
  }, [reset]);

  useEffect(() => {
    if (account === null) return;
    const timer = window.setTimeout(hide, REVEAL_MS);
    return () => window.clearTimeout(timer);
  }, [account, hide]);

  useEffect(() => {
    if (account !== null) hideButton.current?.focus();
    else if (refocus.current) {
      refocus.current = false;
      revealButton.current?.focus();
    }
  }, [account]);

  const show = async () => {
    setFailed(false);
    try {
      const result = await reveal.mutateAsync(agent);
      setAccount(result.account);
    } catch {
      setFailed(true);
    }
  };

  return (
    <Stack gap="xs">
      {failed ? (
        <Alert color="red" variant="light" role="alert">
          {t('reveal.failed')}
        </Alert>
      ) : null}
      {account === null ? (
        <Group gap="sm">
          <Button ref={revealButton} variant="light" leftSection={<IconEye size={16} aria-hidden />} onClick={() => void show()} loading={reveal.isPending}>
            {t('reveal.button')}
          </Button>
        </Group>
      ) : (
        <Paper withBorder radius="md" p="sm" role="region" aria-label={t('reveal.label')}>
          <Stack gap="xs">
            <Text size="xs" c="dimmed" fw={600}>
              {t('reveal.label')}
            </Text>
            <Text ff="monospace" size="lg" fw={600} dir="ltr" style={{ wordBreak: 'break-all', userSelect: 'all' }}>
              {account}
            </Text>
            <Text size="xs" c="dimmed" role="status">
              {t('reveal.audited')}
            </Text>
            <Group>
              <Button ref={hideButton} size="xs" variant="default" leftSection={<IconEyeOff size={14} aria-hidden />} onClick={hide}>
                {t('reveal.hide')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

/** The change log, newest first as the server sends it: what happened, when, by whom, and the account before and after. */
function ChangeLog({ events }: { events: ConsoleEvent[] }) {
  const t = useText('console-payment-details');
  const format = useFormat();
  return (
    <TableScroller label={t('detail.logCaption')} minWidth={600}>
      <Table aria-label={t('detail.logCaption')} verticalSpacing="xs" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('detail.logWhat')}</Table.Th>
            <Table.Th scope="col">{t('detail.logWhen')}</Table.Th>
            <Table.Th scope="col">{t('detail.logWho')}</Table.Th>
            <Table.Th scope="col">{t('detail.logAccount')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((event) => (
            <Table.Tr key={event.id}>
              <Table.Td>{t(`detail.events.${event.kind}`)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <time dateTime={event.at}>{format.full(event.at)}</time>
              </Table.Td>
              <Table.Td>{event.by ?? (event.operator ? t('detail.operator', { name: event.operator }) : t('detail.operationsTeam'))}</Table.Td>
              <Table.Td>
                <Text span size="sm" ff="monospace">
                  {event.old_masked ? (
                    <>
                      <bdi>{event.old_masked}</bdi> <span aria-hidden>{t('detail.arrow')}</span>
                      <VisuallyHidden>{t('detail.changedTo')}</VisuallyHidden>{' '}
                    </>
                  ) : null}
                  {event.new_masked ? <bdi>{event.new_masked}</bdi> : t('none')}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroller>
  );
}
