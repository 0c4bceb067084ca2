import { OPERATOR_REASON_MAX, operatorActionReasonSchema, type OperatorAccount } from '@portal/contracts/console-operators';
import type { OperatorRole } from '@portal/contracts/operator-permissions';
import { useText } from '../../i18n/i18n';
import { notifySuccess } from '../../lib/notify';
import { ConfirmActionDialog } from '../components/confirm-action-dialog';
import { useOperatorAction, type OperatorActionKind } from './operators-api';

/** The action asked for from a row's menu: which, and the role for a role change. */
export type RequestedAction = { kind: 'role'; role: OperatorRole } | { kind: Exclude<OperatorActionKind, 'role'> };

const TEXTS = {
  role: { title: 'roleTitle', detail: 'roleDetail', confirm: 'roleConfirm' },
  disable: { title: 'disableTitle', detail: 'disableDetail', confirm: 'disableConfirm' },
  enable: { title: 'enableTitle', detail: 'enableDetail', confirm: 'enableConfirm' },
  'reset-two-factor': { title: 'resetTitle', detail: 'resetDetail', confirm: 'resetConfirm' },
  'resend-invitation': { title: 'resendTitle', detail: 'resendDetail', confirm: 'resendConfirm' },
} as const;

/**
 * Confirms one action on an operator before it is sent; disabling and resetting two-factor ask for a reason (kept in
 * the audit log). A refusal of the server (409: the last admin, oneself) shows in the dialog. Closing it sends nothing.
 */
export function OperatorActionDialog({ operator, action, onClose }: { operator: OperatorAccount; action: RequestedAction; onClose: () => void }) {
  const t = useText('console-operators');
  const run = useOperatorAction(operator.id);
  const texts = TEXTS[action.kind];
  const role = action.kind === 'role' ? t(`roles.${action.role}`) : '';
  const values = {
    name: operator.name,
    email: operator.email,
    role,
    permissions: action.kind === 'role' ? t(`roleDescriptions.${action.role}`) : '',
  };
  const asksReason = action.kind === 'disable' || action.kind === 'reset-two-factor';

  return (
    <ConfirmActionDialog
      subject={action}
      title={t(texts.title, values)}
      detail={t(texts.detail, values)}
      confirmLabel={t(texts.confirm)}
      confirmColor={asksReason ? 'red' : 'teal'}
      cancelLabel={t('cancel')}
      closeLabel={t('close')}
      failedText={t('actionFailed')}
      reason={asksReason ? { label: t('reason'), description: t('reasonDescription'), maxLength: OPERATOR_REASON_MAX, schema: operatorActionReasonSchema } : undefined}
      pending={run.isPending}
      onConfirm={async (reason) => {
        switch (action.kind) {
          case 'role':
            await run.mutateAsync({ kind: 'role', role: action.role });
            notifySuccess(t('roleChanged'), t('roleChangedDetail', values));
            break;
          case 'disable': {
            const result = await run.mutateAsync({ kind: 'disable', reason: reason! });
            notifySuccess(t('disabled', values), t('sessionsEnded', { count: result.ended_sessions }));
            break;
          }
          case 'reset-two-factor': {
            const result = await run.mutateAsync({ kind: 'reset-two-factor', reason: reason! });
            notifySuccess(t('reset', values), t('sessionsEnded', { count: result.ended_sessions }));
            break;
          }
          case 'enable':
            await run.mutateAsync({ kind: 'enable' });
            notifySuccess(t('enabled', values), operator.email);
            break;
          case 'resend-invitation':
            await run.mutateAsync({ kind: 'resend-invitation' });
            notifySuccess(t('resent'), operator.email);
            break;
        }
      }}
      onClose={onClose}
    />
  );
}
