import { useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Badge, Button, Group, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowBackUp, IconSend, IconUsers } from '@tabler/icons-react';
import type { PayoutBatchProposal } from '@portal/contracts/console-earnings';
import { LoadingPlaceholder } from '../../components/loading-placeholder/loading-placeholder';
import { LoadFailedAlert } from '../../components/query-view/query-view';
import { useFormat } from '../../i18n/format';
import { useText } from '../../i18n/i18n';
import { notifySuccess } from '../../lib/notify';
import { ConfirmActionDialog } from '../components/confirm-action-dialog';
import { useOperator } from '../session/require-operator';
import { useApprovePayoutBatch, usePayoutBatchProposals, usePayoutThresholds, useSendPayoutBatch, useWithdrawPayoutBatch } from './payouts-api';
import { THRESHOLDS_PATH } from './thresholds-page';

/**
 * Four eyes on payouts (issue 31, docs/earnings.md): the batches proposed for sending, each approved by an operator
 * other than its proposer (whose Approve is disabled, saying why) or withdrawn by either; the latest decided, with
 * both names; and each currency's threshold above which a batch needs two (edited on their own page).
 */
export function PayoutBatches({ mayManage }: { mayManage: boolean }) {
  const t = useText('console-payouts');
  const format = useFormat();
  const operator = useOperator();
  const proposals = usePayoutBatchProposals();
  const thresholds = usePayoutThresholds();
  const approve = useApprovePayoutBatch();
  const withdraw = useWithdrawPayoutBatch();
  const [approving, setApproving] = useState<PayoutBatchProposal | null>(null);
  const [withdrawing, setWithdrawing] = useState<PayoutBatchProposal | null>(null);

  const batchName = (proposal: PayoutBatchProposal) =>
    t('batches.name', { total: format.moneyMinor(proposal.total_minor, proposal.currency), count: proposal.payouts, date: format.date(proposal.scheduled_on) });

  let body;
  if (proposals.isPending) {
    body = (
      <LoadingPlaceholder label={t('batches.loading')}>
        <Skeleton h={60} radius="md" />
      </LoadingPlaceholder>
    );
  } else if (proposals.isError) {
    body = <LoadFailedAlert title={t('batches.loadFailed')} retryLabel={t('retry')} onRetry={() => void proposals.refetch()} retrying={proposals.isFetching} />;
  } else {
    const open = proposals.data.proposals.filter((proposal) => proposal.status === 'proposed');
    const decided = proposals.data.proposals.filter((proposal) => proposal.status !== 'proposed').slice(0, 5);
    body = (
      <Stack gap="sm">
        {open.length === 0 ? (
          <Text size="sm">{t('batches.empty')}</Text>
        ) : (
          <Stack gap="xs">
            {open.map((proposal) => {
              const mine = proposal.proposed_by.id === operator.id;
              return (
                <Paper key={proposal.id} withBorder radius="md" p="sm" component="article" aria-label={batchName(proposal)}>
                  <Group justify="space-between" wrap="wrap" gap="sm">
                    <Stack gap={4}>
                      <Text size="sm" fw={600}>
                        {batchName(proposal)}
                      </Text>
                      <Badge variant="light" color="orange" w="fit-content">
                        {t('batches.awaitingStatus')}
                      </Badge>
                      <Text size="xs" c="dimmed">
                        {t('batches.proposedBy', { name: proposal.proposed_by.name, at: format.full(proposal.proposed_at) })}
                      </Text>
                    </Stack>
                    {mayManage ? (
                      <Stack gap={4} align="flex-end" maw={320}>
                        <Group gap="xs" wrap="wrap" justify="flex-end">
                          <Button size="sm" variant="default" leftSection={<IconArrowBackUp size={16} aria-hidden />} onClick={() => setWithdrawing(proposal)} aria-label={t('batches.withdrawNamed', { batch: batchName(proposal) })}>
                            {t('batches.withdraw')}
                          </Button>
                          <Button
                            size="sm"
                            color="teal"
                            leftSection={<IconUsers size={16} aria-hidden />}
                            disabled={mine}
                            aria-describedby={mine ? approveWhyId(proposal.id) : undefined}
                            onClick={() => setApproving(proposal)}
                            aria-label={t('batches.approveNamed', { batch: batchName(proposal) })}
                          >
                            {t('batches.approve')}
                          </Button>
                        </Group>
                        {mine ? (
                          <Text id={approveWhyId(proposal.id)} size="xs" c="orange.9" ta="end">
                            {t('batches.approveDisabledWhy')}
                          </Text>
                        ) : null}
                      </Stack>
                    ) : null}
                  </Group>
                </Paper>
              );
            })}
          </Stack>
        )}
        {decided.length > 0 ? (
          <Stack gap={4}>
            <Title order={3} size="h6">
              {t('batches.recentTitle')}
            </Title>
            <List size="sm" spacing={2}>
              {decided.map((proposal) => (
                <List.Item key={proposal.id}>
                  <Text span size="sm" fw={500}>
                    {batchName(proposal)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {proposal.status === 'approved'
                      ? t('batches.approvedBy', { proposer: proposal.proposed_by.name, approver: proposal.decided_by?.name ?? '', at: format.full(proposal.decided_at ?? proposal.proposed_at) })
                      : t('batches.withdrawnBy', { proposer: proposal.proposed_by.name, by: proposal.decided_by?.name ?? '', at: format.full(proposal.decided_at ?? proposal.proposed_at) })}
                  </Text>
                </List.Item>
              ))}
            </List>
          </Stack>
        ) : null}
      </Stack>
    );
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby="payout-batches-title">
      <Stack gap={2} maw={760}>
        <Title order={2} size="h4" id="payout-batches-title">
          {t('batches.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {thresholds.data && thresholds.data.thresholds.length > 0
            ? t('batches.help', { thresholds: thresholds.data.thresholds.map((threshold) => format.moneyMinor(threshold.threshold_minor, threshold.currency)).join(t('separator')) })
            : t('batches.helpNone')}{' '}
          <Anchor component={Link} to={THRESHOLDS_PATH} size="sm">
            {t('batches.thresholdsLink')}
          </Anchor>
        </Text>
      </Stack>
      {body}
      {approving ? (
        <ConfirmActionDialog
          subject={`batch-${approving.id}`}
          title={t('batches.approveTitle', { batch: batchName(approving) })}
          detail={t('batches.approveDetail', { name: approving.proposed_by.name })}
          confirmLabel={t('batches.approveConfirm')}
          confirmColor="teal"
          cancelLabel={t('cancel')}
          closeLabel={t('close')}
          failedText={t('batches.approveFailed')}
          pending={approve.isPending}
          onConfirm={async () => {
            await approve.mutateAsync(approving.id);
            notifySuccess(t('batches.approved'), batchName(approving));
          }}
          onClose={() => setApproving(null)}
        />
      ) : null}
      {withdrawing ? (
        <ConfirmActionDialog
          subject={`withdraw-${withdrawing.id}`}
          title={t('batches.withdrawTitle', { batch: batchName(withdrawing) })}
          detail={t('batches.withdrawDetail')}
          confirmLabel={t('batches.withdrawConfirm')}
          confirmColor="red"
          cancelLabel={t('cancel')}
          closeLabel={t('close')}
          failedText={t('batches.withdrawFailed')}
          pending={withdraw.isPending}
          onConfirm={async () => {
            await withdraw.mutateAsync(withdrawing.id);
            notifySuccess(t('batches.withdrawn'), batchName(withdrawing));
          }}
          onClose={() => setWithdrawing(null)}
        />
      ) : null}
    </Stack>
  );
}

/** The id of the sentence that says why the proposer's Approve is disabled. */
function approveWhyId(proposalId: number): string {
  return `payout-batch-${proposalId}-approve-why`;
}

/** "Send batch" for the batch the filters name: sent at once within its threshold, else proposed for a second operator. */
export function SendBatchButton({ day, currency }: { day: string; currency: string }) {
  const t = useText('console-payouts');
  const format = useFormat();
  const send = useSendPayoutBatch();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button variant="filled" size="sm" leftSection={<IconSend size={16} aria-hidden />} onClick={() => setConfirming(true)}>
        {t('batches.send')}
      </Button>
      {confirming ? (
        <ConfirmActionDialog
          subject={`send-${day}-${currency}`}
          title={t('batches.sendTitle', { currency, date: format.date(day) })}
          detail={t('batches.sendDetail')}
          confirmLabel={t('batches.sendConfirm')}
          confirmColor="teal"
          cancelLabel={t('cancel')}
          closeLabel={t('close')}
          failedText={t('batches.sendFailed')}
          pending={send.isPending}
          onConfirm={async () => {
            const result = await send.mutateAsync({ scheduled_on: day, currency });
            const total = format.moneyMinor(result.total_minor, currency);
            if (result.status === 'sent') notifySuccess(t('batches.sent'), t('batches.sentDetail', { count: result.payouts, total }));
            else notifySuccess(t('batches.proposed'), t('batches.proposedDetail', { count: result.payouts, total }));
          }}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </>
  );
}
