import { useState } from 'react';
import { Alert, Badge, Button, Group, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ConsoleBookingDetail } from '@portal/contracts/console-bookings';
import type { ConsoleCommissionLine } from '@portal/contracts/console-earnings';
import { operatorCan } from '@portal/contracts/operator-permissions';
import { LoadingPlaceholder } from '../../components/loading-placeholder/loading-placeholder';
import { LoadFailedAlert } from '../../components/query-view/query-view';
import { useFormat } from '../../i18n/format';
import { useText } from '../../i18n/i18n';
import { AdjustCommissionDialog, RecordRefundDialog, adjustable, useBookingCommission } from '../components/commission-actions';
import { useOperator } from '../session/require-operator';

/**
 * The booking's money as the ledger sees it (issue 31; earnings.read): what was refunded and its refunds, the
 * commission lines with their adjustments; finance (earnings.manage) records a refund of a completed booking and
 * adjusts its commission, each in a dialog with the reason the partner reads.
 */
export function BookingCommission({ booking }: { booking: ConsoleBookingDetail }) {
  const t = useText('console-bookings');
  const format = useFormat();
  const operator = useOperator();
  const mayManage = operatorCan(operator.role, 'earnings.manage');
  const money = useBookingCommission(booking.id);
  const [dialog, setDialog] = useState<{ kind: 'refund' } | { kind: 'adjust'; line: ConsoleCommissionLine } | null>(null);
  const data = money.data;
  const commission = data?.lines.find((line) => line.kind === 'commission' && adjustable(line));
  const reference = data?.booking_reference ?? `#${booking.id}`;

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('commission')}
        </Title>
        {money.isPending ? (
          <LoadingPlaceholder label={t('commissionLoading')}>
            <Skeleton h={80} />
          </LoadingPlaceholder>
        ) : null}
        {money.isError ? <LoadFailedAlert title={t('commissionLoadFailed')} retryLabel={t('retry')} onRetry={() => void money.refetch()} retrying={money.isFetching} /> : null}
        {data ? (
          <>
            {data.amount_minor === null ? (
              <Alert color="yellow" role="status">
                {t('amountNotInCurrency', { currency: data.currency })}
              </Alert>
            ) : null}
            {data.refunded_minor > 0 ? (
              <Text fw={500}>
                {data.amount_minor === null
                  ? t('refundedOfInvalid', { amount: format.moneyMinor(data.refunded_minor, data.currency) })
                  : t('refunded', { amount: format.moneyMinor(data.refunded_minor, data.currency), total: format.moneyMinor(data.amount_minor, data.currency) })}
              </Text>
            ) : null}
            {data.refunds.length > 0 ? (
              <>
                <Title order={3} size="h5">
                  {t('refunds')}
                </Title>
                <List spacing="xs" listStyleType="none" p={0}>
                  {data.refunds.map((refund) => (
                    <List.Item key={refund.id}>
                      <Text size="sm" fw={500} span>
                        {t('refundBy', { amount: format.moneyMinor(refund.amount_minor, refund.currency), when: `${format.date(refund.at)} ${format.time(refund.at)}`, name: refund.recorded_by ?? t('none') })}
                      </Text>
                      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                        {refund.reason}
                      </Text>
                    </List.Item>
                  ))}
                </List>
              </>
            ) : null}
            {data.lines.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('noCommission')}
              </Text>
            ) : (
              <>
                <Title order={3} size="h5">
                  {t('lines')}
                </Title>
                <List spacing="xs" listStyleType="none" p={0} aria-label={t('lines')}>
                  {data.lines.map((line) => (
                    <List.Item key={line.id}>
                      <Group gap="xs" wrap="wrap">
                        <Badge variant="dot" radius="sm" tt="none" color={line.kind === 'commission' ? 'teal' : line.kind === 'adjustment' ? 'indigo' : 'grape'}>
                          {t(`lineKinds.${line.kind}`)}
                        </Badge>
                        <Text size="sm" fw={600} dir="ltr" td={line.status === 'reversed' ? 'line-through' : undefined} c={line.amount_minor < 0 ? 'red.8' : undefined}>
                          {format.moneyMinor(line.amount_minor, line.currency)}
                        </Text>
                        <Text size="sm" c="dimmed">
                          {t(`lineStatuses.${line.status}`)}
                        </Text>
                      </Group>
                      {line.adjustment ? (
                        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                          {line.adjustment.reason}
                        </Text>
                      ) : null}
                    </List.Item>
                  ))}
                </List>
              </>
            )}
            {mayManage && (booking.status === 'completed' || commission) ? (
              <Group gap="xs">
                {booking.status === 'completed' ? (
                  <Button variant="light" color="red" onClick={() => setDialog({ kind: 'refund' })}>
                    {t('recordRefund')}
                  </Button>
                ) : null}
                {commission ? (
                  <Button variant="light" onClick={() => setDialog({ kind: 'adjust', line: commission })}>
                    {t('adjustCommission')}
                  </Button>
                ) : null}
              </Group>
            ) : null}
          </>
        ) : null}
      </Stack>
      {dialog?.kind === 'refund' ? <RecordRefundDialog bookingId={booking.id} reference={reference} agent={booking.referral_agent.name} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'adjust' ? <AdjustCommissionDialog line={dialog.line} agent={booking.referral_agent.name} onClose={() => setDialog(null)} /> : null}
    </Paper>
  );
}
