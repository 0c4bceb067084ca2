import { suspendPartnerRequestSchema, SUSPENSION_REASON_MAX, type PartnerAccountDetail } from '@portal/contracts/console-partners';
import { useText } from '../../i18n/i18n';
import { notifySuccess } from '../../lib/notify';
import { ConfirmActionDialog } from '../components/confirm-action-dialog';
import { usePartnerAccountAction, type PartnerAccountAction } from './partner-account-api';

export type ActionKind = PartnerAccountAction['kind'];

const TITLES = { suspend: 'partners.suspendTitle', reactivate: 'partners.reactivateTitle', 'end-sessions': 'partners.endSessionsTitle', 'send-login-link': 'partners.sendLinkTitle' } as const;
const DETAILS = { suspend: 'partners.suspendDetail', reactivate: 'partners.reactivateDetail', 'end-sessions': 'partners.endSessionsDetail', 'send-login-link': 'partners.sendLinkDetail' } as const;
const CONFIRMS = { suspend: 'partners.suspend', reactivate: 'partners.reactivate', 'end-sessions': 'partners.endSessions', 'send-login-link': 'partners.sendLink' } as const;

/**
 * Confirms one of an account's actions before it is sent; suspending asks for a reason (kept in the audit log).
 * Closing it sends nothing.
 */
export function PartnerActionDialog({ account, kind, onClose }: { account: PartnerAccountDetail; kind: ActionKind | null; onClose: () => void }) {
  const t = useText('console');
  const run = usePartnerAccountAction(account.id);
  if (!kind) return null;
  const name = `${account.first_name} ${account.last_name}`;

  return (
    <ConfirmActionDialog
      subject={kind}
      title={t(TITLES[kind], { name })}
      detail={t(DETAILS[kind], { email: account.email })}
      confirmLabel={t(CONFIRMS[kind])}
      confirmColor={kind === 'suspend' || kind === 'end-sessions' ? 'red' : 'teal'}
      cancelLabel={t('partners.cancel')}
      closeLabel={t('partners.close')}
      failedText={t('partners.actionFailed')}
      reason={
        kind === 'suspend'
          ? { label: t('partners.reason'), description: t('partners.reasonDescription'), maxLength: SUSPENSION_REASON_MAX, schema: suspendPartnerRequestSchema }
          : undefined
      }
      pending={run.isPending}
      onConfirm={async (reason) => {
        const result = await run.mutateAsync(kind === 'suspend' ? { kind, reason: reason! } : { kind });
        if (kind === 'suspend') notifySuccess(t('partners.suspended'), t('partners.sessionsEnded', { count: result.ended_sessions }));
        else if (kind === 'reactivate') notifySuccess(t('partners.reactivated'), name);
        else if (kind === 'end-sessions') notifySuccess(t('partners.sessionsEnded', { count: result.ended_sessions }), name);
        else notifySuccess(t('partners.linkSent', { email: account.email }), name);
      }}
      onClose={onClose}
    />
  );
}
