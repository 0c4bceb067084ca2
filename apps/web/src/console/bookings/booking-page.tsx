import { useState } from 'react';
import { useParams } from 'react-router';
import { z } from 'zod';
import { Button, Group, List, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { manualNextBookingStatuses, mayCompleteBy, needsReason } from '@portal/contracts/booking-lifecycle';
import type { BookingStatus, InvoiceStatus } from '@portal/contracts/bookings';
import { BOOKING_REASON_MAX, type BookingChange, type BookingStatusChange, type ConsoleBookingDetail } from '@portal/contracts/console-bookings';
import { textField } from '@portal/contracts/fields';
import { formatBookingId } from '@portal/contracts/formatters';
import { operatorCan } from '@portal/contracts/operator-permissions';
import { useFormat } from '../../i18n/format';
import { useText } from '../../i18n/i18n';
import { errorMessage } from '../../lib/http';
import { notifySuccess } from '../../lib/notify';
import { ConfirmActionDialog } from '../components/confirm-action-dialog';
import { useOperator } from '../session/require-operator';
import { AmountForm } from './amount-form';
import { BookingCommission } from './booking-commission';
import { BookingStatusBadge, InvoiceStatusBadge } from './booking-badges';
import { useBooking, useBookingOptions, useBookingWrite } from './bookings-api';
import { BOOKINGS_PATH } from './bookings-paths';
import { RecordField, RecordPage } from '../components/record-page';

const reasonSchema = z.object({ reason: textField('reason', { max: BOOKING_REASON_MAX, multiline: true }) });

/** /console/bookings/:id: the booking, its history, and what the operator's role may change. */
export function BookingPage() {
  const t = useText('console-bookings');
  const id = Number(useParams().id);
  const booking = useBooking(id);

  return (
    <RecordPage
      back={{ to: BOOKINGS_PATH, label: t('back') }}
      title={t('title')}
      record={booking}
      notFound={t('notFound')}
      loadFailed={t('detailLoadFailed')}
      maw={1040}
    >
      {(data) => <BookingView booking={data} />}
    </RecordPage>
  );
}

type Pending = { kind: 'status'; to: BookingStatus } | { kind: 'invoice'; to: InvoiceStatus };

function BookingView({ booking }: { booking: ConsoleBookingDetail }) {
  const t = useText('console-bookings');
  const format = useFormat();
  const operator = useOperator();
  const write = useBookingWrite(booking.id);
  const [pending, setPending] = useState<Pending | null>(null);
  const mayManage = operatorCan(operator.role, 'bookings.manage');
  const mayFinance = operatorCan(operator.role, 'bookings.finance');
  const displayId = booking.ticket_id ? formatBookingId(booking.ticket_id) : `#${booking.id}`;
  const when = (value: string) => `${format.date(value)} ${format.time(value)}`;
  // refunded follows completed only through a recorded refund (the Commission panel), never a status button; completing
  // earns the partner's commission: not offered before the appointment (the server refuses it too).
  const tooEarly = !mayCompleteBy(booking.date_time);
  const next = manualNextBookingStatuses(booking.status).filter((status) => status !== 'completed' || !tooEarly);
  const completionWaits = tooEarly && manualNextBookingStatuses(booking.status).includes('completed');
  const mayReadEarnings = operatorCan(operator.role, 'earnings.read');

  return (
    <>
      <Stack gap={4}>
        <Title order={1} size="h2">
          <span dir="ltr">{t('bookingTitle', { id: displayId })}</span>
        </Title>
        <Group gap="xs">
          <Text c="dimmed">{`${booking.patient} · ${booking.facility.name}`}</Text>
          <BookingStatusBadge status={booking.status} />
          <InvoiceStatusBadge status={booking.invoice_status} />
        </Group>
      </Stack>

      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h4" mb="sm">
          {t('lifecycle')}
        </Title>
        {next.length === 0 ? (
          <Text size="sm" c="dimmed">
            {booking.status === 'completed' ? t('refundOnly') : t('finalStatus')}
          </Text>
        ) : mayManage ? (
          <Stack gap="xs">
          <Group gap="xs" role="group" aria-label={t('actions')}>
            {next.map((status) => (
              <Button
                key={status}
                variant={status === 'cancelled' || status === 'no_show' ? 'light' : 'filled'}
                color={status === 'cancelled' || status === 'no_show' ? 'red' : 'teal'}
                onClick={() => setPending({ kind: 'status', to: status })}
              >
                {t(`to.${status}`)}
              </Button>
            ))}
          </Group>
            {completionWaits ? (
              <Text size="sm" c="dimmed">
                {t('completeAfterAppointment', { when: when(booking.date_time) })}
              </Text>
            ) : null}
          </Stack>
        ) : (
          <BookingStatusBadge status={booking.status} />
        )}
      </Paper>

      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h4" mb="sm">
          {t('details')}
        </Title>
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2, md: 3 }} spacing="md" m={0}>
          <RecordField label={t('patient')}>{booking.patient_detail.name}</RecordField>
          <RecordField label={t('patientContact')}>
            {[booking.patient_detail.email, booking.patient_detail.phone].filter(Boolean).join(' · ') || t('none')}
          </RecordField>
          <RecordField label={t('agent')}>{booking.referral_agent.name}</RecordField>
          <RecordField label={t('referredBy')}>{booking.referred_by ? `${booking.referred_by.name} (${booking.referred_by.email})` : t('none')}</RecordField>
          <RecordField label={t('facility')}>{booking.facility.name}</RecordField>
          <RecordField label={t('location')}>{booking.location ? `${booking.location.name}, ${booking.location.city}` : t('none')}</RecordField>
          <RecordField label={t('service')}>{booking.service}</RecordField>
          <RecordField label={t('specialty')}>{booking.specialty ?? t('none')}</RecordField>
          <RecordField label={t('appointment')}>{when(booking.date_time)}</RecordField>
          <RecordField label={t('created')}>{when(booking.created_at)}</RecordField>
          <RecordField label={t('updated')}>{when(booking.updated_at)}</RecordField>
        </SimpleGrid>
      </Paper>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder radius="md" p="md">
          <Title order={2} size="h4" mb="sm">
            {t('money')}
          </Title>
          <Stack gap="sm">
            <Group gap="xs" justify="space-between">
              <Text fw={600} size="lg">
                {format.money(booking.amount, booking.currency)}
              </Text>
              <InvoiceStatusBadge status={booking.invoice_status} />
            </Group>
            {mayFinance ? (
              <>
                <Button
                  variant="light"
                  w="fit-content"
                  onClick={() => setPending({ kind: 'invoice', to: booking.invoice_status === 'paid' ? 'unpaid' : 'paid' })}
                >
                  {t(`to.${booking.invoice_status === 'paid' ? 'unpaid' : 'paid'}`)}
                </Button>
                <AmountForm booking={booking} />
              </>
            ) : (
              <Text size="sm" c="dimmed">
                {t('financeOnly')}
              </Text>
            )}
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Title order={2} size="h4" mb="sm">
            {t('assignee')}
          </Title>
          {mayManage ? <AssigneeSelect booking={booking} /> : <Text>{booking.assignee ?? t('unassigned')}</Text>}
        </Paper>
      </SimpleGrid>

      {mayReadEarnings ? <BookingCommission booking={booking} /> : null}

      <Paper withBorder radius="md" p="md">
        <History steps={booking.status_history} changes={booking.changes} />
      </Paper>

      {pending ? (
        <ConfirmActionDialog
          subject={pending}
          title={
            pending.kind === 'status'
              ? t('confirmTitle', { action: t(`to.${pending.to}`), id: displayId })
              : t('invoiceTitle', { action: t(`to.${pending.to}`), id: displayId })
          }
          detail={
            pending.kind === 'status'
              ? t('confirmDetail', { from: t(`statuses.${booking.status}`), to: t(`statuses.${pending.to}`), agent: booking.referral_agent.name })
              : t('invoiceDetail', { from: t(`invoiceStatuses.${booking.invoice_status}`), to: t(`invoiceStatuses.${pending.to}`), agent: booking.referral_agent.name })
          }
          confirmLabel={t(`to.${pending.to}`)}
          confirmColor={pending.kind === 'status' && (pending.to === 'cancelled' || pending.to === 'no_show') ? 'red' : 'teal'}
          cancelLabel={t('keep')}
          closeLabel={t('close')}
          failedText={t('changeFailed')}
          reason={
            pending.kind === 'status' && needsReason(pending.to)
              ? { label: t('reason'), description: t('reasonDescription'), maxLength: BOOKING_REASON_MAX, schema: reasonSchema }
              : undefined
          }
          pending={write.isPending}
          onConfirm={async (reason) => {
            if (pending.kind === 'status') {
              await write.mutateAsync({ kind: 'status', status: pending.to, expected: booking.status, reason });
              notifySuccess(t('statusChangedToast', { id: displayId, status: t(`statuses.${pending.to}`) }), `${booking.patient} · ${booking.facility.name}`);
            } else {
              await write.mutateAsync({ kind: 'invoice', status: pending.to, expected: booking.invoice_status });
              notifySuccess(t('invoiceChangedToast', { id: displayId, status: t(`invoiceStatuses.${pending.to}`) }), format.money(booking.amount, booking.currency));
            }
          }}
          onClose={() => setPending(null)}
        />
      ) : null}
    </>
  );
}

function AssigneeSelect({ booking }: { booking: ConsoleBookingDetail }) {
  const t = useText('console-bookings');
  const options = useBookingOptions();
  const write = useBookingWrite(booking.id);
  const [error, setError] = useState<string | null>(null);
  const staff = options.data?.staff ?? (booking.assignee_id && booking.assignee ? [{ id: booking.assignee_id, name: booking.assignee }] : []);
  return (
    <Select
      label={t('assignee')}
      description={t('assigneeHelp')}
      placeholder={t('unassigned')}
      data={staff.map((member) => ({ value: String(member.id), label: member.name }))}
      value={booking.assignee_id ? String(booking.assignee_id) : null}
      onChange={(value) => {
        setError(null);
        write.mutate(
          { kind: 'assignee', assigneeId: value ? Number(value) : null },
          { onSuccess: (saved) => notifySuccess(t('assigneeSaved'), saved.assignee ?? t('unassigned')), onError: (failure) => setError(errorMessage(failure, t('changeFailed'))) },
        );
      }}
      searchable
      clearable
      disabled={write.isPending}
      nothingFoundMessage={t('noneFound')}
      error={error}
      errorProps={{ role: 'alert' }}
      maw={360}
    />
  );
}

function actorText(t: ReturnType<typeof useText<'console-bookings'>>, step: { actor_type: string; actor_name: string | null }): string {
  if (!step.actor_name) return t('byUnknown');
  return step.actor_type === 'cli' ? t('byCli', { name: step.actor_name }) : t('by', { name: step.actor_name });
}

function History({ steps, changes }: { steps: BookingStatusChange[]; changes: BookingChange[] }) {
  const t = useText('console-bookings');
  const format = useFormat();
  const when = (value: string) => `${format.date(value)} ${format.time(value)}`;
  const value = (change: BookingChange, side: 'before' | 'after') => {
    const values = change[side] ?? {};
    if (change.action === 'booking.invoice_status_changed') {
      const status = values.invoice_status as InvoiceStatus | undefined;
      return status ? t(`invoiceStatuses.${status}`) : t('none');
    }
    if (change.action === 'booking.amount_changed') return format.money(values.amount as string, values.currency as string);
    if (change.action === 'booking.refund_recorded') return format.moneyMinor(Number(values.amount_minor), values.currency as string);
    return (values.assignee as string | undefined) ?? (values.assignee_id ? `#${String(values.assignee_id)}` : t('unassigned'));
  };
  const changeKey = { 'booking.invoice_status_changed': 'changeInvoice', 'booking.amount_changed': 'changeAmount' } as const;

  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        {t('history')}
      </Title>
      {steps.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('historyEmpty')}
        </Text>
      ) : (
        <List spacing="xs" listStyleType="none" p={0}>
          {steps.map((step, index) => (
            <List.Item key={index}>
              <Text size="sm" fw={500} span>
                {step.from_status
                  ? t('step', { from: t(`statuses.${step.from_status}`), to: t(`statuses.${step.to_status}`) })
                  : t('created_step', { to: t(`statuses.${step.to_status}`) })}
              </Text>
              <Text size="sm" c="dimmed" span>
                {` · ${when(step.at)} · ${actorText(t, step)}`}
              </Text>
              {step.reason ? (
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {step.reason}
                </Text>
              ) : null}
            </List.Item>
          ))}
        </List>
      )}
      {changes.length > 0 ? (
        <>
          <Title order={3} size="h5">
            {t('otherChanges')}
          </Title>
          <List spacing="xs" listStyleType="none" p={0}>
            {changes.map((change, index) => (
              <List.Item key={index}>
                <Text size="sm" fw={500} span>
                  {change.action === 'booking.refund_recorded'
                    ? t(change.after?.full ? 'changeRefundFull' : 'changeRefund', { amount: value(change, 'after') })
                    : t(changeKey[change.action as keyof typeof changeKey] ?? 'changeAssignee', { from: value(change, 'before'), to: value(change, 'after') })}
                </Text>
                <Text size="sm" c="dimmed" span>
                  {` · ${when(change.at)} · ${actorText(t, change)}`}
                </Text>
              </List.Item>
            ))}
          </List>
        </>
      ) : null}
    </Stack>
  );
}
