import { PARTNER_REASON_MAX, recordRefundRequestSchema, type ConsoleCommissionLine } from '@portal/contracts/console-earnings';
import { useFormat } from '../../i18n/format';
import { useText } from '../../i18n/i18n';
import { notifySuccess } from '../../lib/notify';
import { ConfirmActionDialog } from '../components/confirm-action-dialog';
import { useRecordRefund } from './commission-ledger-api';

/** The reason's longest, as the contract allows it (recordRefundRequestSchema). */

/** Whether a refund can be recorded on the line: a commission not yet reversed, in a payout or clawed back. */
export function refundable(line: ConsoleCommissionLine): boolean {
  return line.kind === 'commission' && line.clawed_back_by === null && (line.status === 'pending' || line.status === 'approved' || line.status === 'paid');
}

/**
 * Records the patient's refund on a line, with the reason the partner reads, saying first what it does: a line not
 * yet paid out is reversed; a paid one is clawed back from the agent's next payout. A missing reason shows under the
 * field; a refusal (a line in a payout being sent: 409) in the dialog's alert; what was done, in a notification.
 */
export function RefundDialog({ line, onClose }: { line: ConsoleCommissionLine; onClose: () => void }) {
  const t = useText('console-commission-ledger');
  const format = useFormat();
  const refund = useRecordRefund();
  const amount = format.moneyMinor(line.amount_minor, line.currency);
  const names = { reference: line.booking_reference, agent: line.agent_name, amount, currency: line.currency };

  return (
    <ConfirmActionDialog
      subject={line.id}
      title={t('refundDialog.title', { reference: line.booking_reference })}
      detail={line.status === 'paid' ? t('refundDialog.clawbackDetail', names) : t('refundDialog.reverseDetail', names)}
      confirmLabel={t('refundDialog.confirm')}
      confirmColor="red"
      cancelLabel={t('refundDialog.cancel')}
      closeLabel={t('refundDialog.close')}
      failedText={t('refundDialog.failed')}
      reason={{ label: t('refundDialog.reason'), description: t('refundDialog.reasonHelp'), maxLength: PARTNER_REASON_MAX, schema: recordRefundRequestSchema }}
      pending={refund.isPending}
      onConfirm={async (reason) => {
        const result = await refund.mutateAsync({ id: line.id, reason: reason ?? '' });
        if (result.clawback) {
          const taken = format.moneyMinor(Math.abs(result.clawback.amount_minor), result.clawback.currency);
          notifySuccess(t('refundDialog.clawedBackTitle'), t('refundDialog.clawedBackMessage', { ...names, amount: taken }));
        } else {
          notifySuccess(t('refundDialog.reversedTitle'), t('refundDialog.reversedMessage', names));
        }
      }}
      onClose={onClose}
    />
  );
}
