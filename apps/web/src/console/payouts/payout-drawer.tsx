import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { PARTNER_REASON_MAX, markPayoutFailedRequestSchema, markPayoutPaidRequestSchema, type ConsolePayout } from '@portal/contracts/console-earnings';
import type { CommissionLine } from '@portal/contracts/earnings';
import { useFormat } from '../../i18n/format';
import { useText } from '../../i18n/i18n';
import { notifySuccess } from '../../lib/notify';
import { submitErrorMessage, useZodForm } from '../../lib/use-zod-form';
import { ConfirmActionDialog } from '../components/confirm-action-dialog';
import { DetailDrawer, DrawerFact, DrawerFacts, DrawerLoad, DrawerSection, useConflict } from '../components/detail-drawer';
import { PayoutStatusBadge } from './payout-status-badge';
import { usePayoutDetail, usePayoutStep, type PayoutStep } from './payouts-api';
import { TableScroller } from '../../components/data-table/scroll-region-frame';

type Asking = 'sent' | 'paid' | 'failed';

/**
 * One payout in full: its facts, its lines (clawbacks as such), and for earnings.manage the steps its state allows:
 * mark sent (a draft), paid (a sent one, with the bank's reference if given), failed (a draft or a sent one, with
 * the reason the partner reads). A step another operator got to first (409) says so here, and the payout is read again.
 */
export function PayoutDrawer({ payout, mayManage, onClose }: { payout: ConsolePayout; mayManage: boolean; onClose: () => void }) {
  const t = useText('console-payouts');
  const format = useFormat();
  const detail = usePayoutDetail(payout.id);
  const step = usePayoutStep();
  const [asking, setAsking] = useState<Asking | null>(null);
  const conflict = useConflict({ title: t('detail.conflict'), close: t('close') });
  // The list's row until the payout itself has loaded, then the payout as it now is.
  const shown = detail.data?.payout ?? payout;
  const named = { amount: format.moneyMinor(shown.amount_minor, shown.currency), agent: shown.agent_name };

  /** Sends a step; a refusal of the payout's state closes the dialog and shows here, anything else stays in the dialog. */
  const send = (request: PayoutStep, done: string) =>
    conflict.run(async () => {
      await step.mutateAsync(request);
      notifySuccess(done, t('detail.title', { agent: shown.agent_name }));
    });

  const body = (
    <DrawerLoad query={detail} loadingLabel={t('detail.loading')} failedTitle={t('detail.loadFailed')} retryLabel={t('retry')}>
      {({ payout: current, lines }) => {
        const mayFail = current.status === 'draft' || current.status === 'sent';
        return (
          <Stack gap="lg">
            {conflict.alert}
            <DrawerFacts label={t('detail.facts')}>
              <DrawerFact label={t('detail.agent')}>{current.agent_name}</DrawerFact>
              <DrawerFact label={t('detail.amount')}>
                <Text span size="sm" fw={600} dir="ltr" style={{ whiteSpace: 'nowrap' }}>
                  {format.moneyMinor(current.amount_minor, current.currency)}
                </Text>
              </DrawerFact>
              <DrawerFact label={t('detail.status')}>
                <PayoutStatusBadge status={current.status} />
              </DrawerFact>
              <DrawerFact label={t('detail.runDay')}>{format.date(current.scheduled_on)}</DrawerFact>
              {current.sent_at ? (
                <DrawerFact label={t('detail.sent')}>
                  <time dateTime={current.sent_at}>{format.full(current.sent_at)}</time>
                  {current.sent_by ? (
                    <Text span size="xs" c="dimmed" display="block">
                      {t('detail.sentBy', { name: current.sent_by })}
                    </Text>
                  ) : null}
                </DrawerFact>
              ) : null}
              {current.paid_at ? (
                <DrawerFact label={t('detail.paid')}>
                  <time dateTime={current.paid_at}>{format.full(current.paid_at)}</time>
                </DrawerFact>
              ) : null}
              {current.failed_at ? (
                <DrawerFact label={t('detail.failed')}>
                  <time dateTime={current.failed_at}>{format.full(current.failed_at)}</time>
                </DrawerFact>
              ) : null}
              {current.statement_number ? <DrawerFact label={t('detail.statement')}>{current.statement_number}</DrawerFact> : null}
              {current.bank_reference ? <DrawerFact label={t('detail.bankReference')}>{current.bank_reference}</DrawerFact> : null}
              {current.failure_reason ? (
                <DrawerFact label={t('detail.failureReason')} wide>
                  {current.failure_reason}
                </DrawerFact>
              ) : null}
            </DrawerFacts>
            {mayManage && mayFail ? (
              <DrawerSection id="payout-actions-title" title={t('detail.actionsTitle')}>
                <Group gap="sm">
                  {current.status === 'draft' ? <Button onClick={() => setAsking('sent')}>{t('actions.markSent')}</Button> : null}
                  {current.status === 'sent' ? (
                    <Button color="teal" onClick={() => setAsking('paid')}>
                      {t('actions.markPaid')}
                    </Button>
                  ) : null}
                  {mayFail ? (
                    <Button color="red" variant="light" onClick={() => setAsking('failed')}>
                      {t('actions.markFailed')}
                    </Button>
                  ) : null}
                </Group>
              </DrawerSection>
            ) : null}
            <DrawerSection id="payout-lines-title" title={t('detail.linesTitle')}>
              {lines.length === 0 ? <Text size="sm">{t('detail.noLines')}</Text> : <PayoutLines lines={lines} />}
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
      {asking === 'sent' ? (
        <ConfirmActionDialog
          subject={`${payout.id}-sent`}
          title={t('actions.sentTitle', named)}
          detail={t('actions.sentDetail')}
          confirmLabel={t('actions.markSent')}
          confirmColor="teal"
          cancelLabel={t('cancel')}
          closeLabel={t('close')}
          failedText={t('saveFailed')}
          pending={step.isPending}
          onConfirm={() => send({ action: 'sent', id: payout.id }, t('actions.sentDone'))}
          onClose={() => setAsking(null)}
        />
      ) : null}
      {asking === 'failed' ? (
        <ConfirmActionDialog
          subject={`${payout.id}-failed`}
          title={t('actions.failedTitle', named)}
          detail={t('actions.failedDetail')}
          confirmLabel={t('actions.markFailed')}
          confirmColor="red"
          cancelLabel={t('cancel')}
          closeLabel={t('close')}
          failedText={t('saveFailed')}
          reason={{ label: t('actions.reason'), description: t('actions.reasonHelp'), maxLength: PARTNER_REASON_MAX, schema: markPayoutFailedRequestSchema }}
          pending={step.isPending}
          onConfirm={(reason) => send({ action: 'failed', id: payout.id, reason: reason ?? '' }, t('actions.failedDone'))}
          onClose={() => setAsking(null)}
        />
      ) : null}
      {asking === 'paid' ? (
        <MarkPaidDialog
          title={t('actions.paidTitle', named)}
          pending={step.isPending}
          onConfirm={(bankReference) => send({ action: 'paid', id: payout.id, bank_reference: bankReference }, t('actions.paidDone'))}
          onClose={() => setAsking(null)}
        />
      ) : null}
    </>
  );
}


/** The payout's lines: booking, facility, service, treatment day and amount; a clawback says which line it takes back. */
function PayoutLines({ lines }: { lines: CommissionLine[] }) {
  const t = useText('console-payouts');
  const format = useFormat();
  return (
    <TableScroller label={t('detail.linesCaption')} minWidth={640}>
      <Table aria-label={t('detail.linesCaption')} verticalSpacing="xs" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('detail.booking')}</Table.Th>
            <Table.Th scope="col">{t('detail.facility')}</Table.Th>
            <Table.Th scope="col">{t('detail.service')}</Table.Th>
            <Table.Th scope="col">{t('detail.treatment')}</Table.Th>
            <Table.Th scope="col" ta="end">
              {t('detail.lineAmount')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={line.id}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {line.booking_reference}
                </Text>
                {line.kind === 'clawback' ? (
                  <Badge variant="light" color="red" size="sm">
                    {line.clawback_of ? t('detail.clawbackOf', { reference: line.clawback_of.booking_reference }) : t('detail.clawback')}
                  </Badge>
                ) : null}
              </Table.Td>
              <Table.Td>{line.facility_name}</Table.Td>
              <Table.Td>{line.service_name ?? t('none')}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.date(line.treatment_on)}</Table.Td>
              <Table.Td ta="end">
                <Text span size="sm" fw={600} c={line.amount_minor < 0 ? 'red.8' : undefined} dir="ltr" style={{ whiteSpace: 'nowrap' }}>
                  {format.moneyMinor(line.amount_minor, line.currency)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroller>
  );
}

/** Marks a sent payout paid, with the bank's reference of the transfer when the operator has it. */
function MarkPaidDialog({ title, pending, onConfirm, onClose }: { title: string; pending: boolean; onConfirm: (bankReference: string | undefined) => Promise<void>; onClose: () => void }) {
  const t = useText('console-payouts');
  const [formError, setFormError] = useState<string | null>(null);
  const form = useZodForm({ schema: markPayoutPaidRequestSchema, initialValues: { bank_reference: '' } });

  const submit = form.onSubmit(async (body) => {
    setFormError(null);
    try {
      await onConfirm(body.bank_reference || undefined);
      onClose();
    } catch (error) {
      if (!form.showFieldErrors(error)) setFormError(submitErrorMessage(error, t('saveFailed')));
    }
  });

  return (
    <Modal opened onClose={onClose} title={title} closeButtonProps={{ 'aria-label': t('close') }} centered>
      <form onSubmit={submit} noValidate aria-busy={pending}>
        <Stack gap="md">
          {formError ? (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          ) : null}
          <Text size="sm">{t('actions.paidDetail')}</Text>
          <TextInput label={t('actions.bankReference')} description={t('actions.bankReferenceHelp')} maxLength={100} autoComplete="off" dir="ltr" data-autofocus {...form.getInputProps('bank_reference')} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={pending}>
              {t('cancel')}
            </Button>
            <Button type="submit" color="teal" loading={pending}>
              {t('actions.markPaid')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
