import { rejectPartnerApplicationRequestSchema, REJECTION_REASON_MAX, type PartnerApplication } from '@portal/contracts/partner-applications';
import { useText } from '../../i18n/i18n';
import { notifySuccess } from '../../lib/notify';
import { ConfirmActionDialog } from '../components/confirm-action-dialog';
import { useDecideApplication } from './decide-application';

export interface PendingDecision {
  kind: 'approve' | 'reject';
  application: PartnerApplication;
}

/**
 * Confirms a decision before it is sent: approving e-mails the partner a sign-in link; rejecting needs a reason (kept
 * in the audit log). Closing it (Cancel, Escape) sends nothing.
 */
export function DecisionDialog({ pending, onClose }: { pending: PendingDecision | null; onClose: () => void }) {
  const t = useText('console');
  const decide = useDecideApplication();
  if (!pending) return null;
  const { application, kind } = pending;
  const name = `${application.first_name} ${application.last_name}`;
  const approving = kind === 'approve';

  return (
    <ConfirmActionDialog
      subject={pending}
      title={approving ? t('applications.approveTitle', { name }) : t('applications.rejectTitle', { name })}
      detail={approving ? t('applications.approveDetail', { email: application.email }) : t('applications.rejectDetail', { email: application.email })}
      confirmLabel={approving ? t('applications.approve') : t('applications.reject')}
      confirmColor={approving ? 'teal' : 'red'}
      cancelLabel={t('applications.cancel')}
      closeLabel={t('applications.close')}
      failedText={t('applications.decisionFailed')}
      reason={
        approving
          ? undefined
          : {
              label: t('applications.reason'),
              description: t('applications.reasonDescription'),
              maxLength: REJECTION_REASON_MAX,
              schema: rejectPartnerApplicationRequestSchema,
            }
      }
      pending={decide.isPending}
      onConfirm={async (reason) => {
        const decided = await decide.mutateAsync(approving ? { kind, id: application.id } : { kind, id: application.id, reason: reason! });
        if (approving) notifySuccess(t('applications.approved'), t('applications.approvedDetail', { email: decided.email }));
        else notifySuccess(t('applications.rejected'), t('applications.rejectedDetail', { email: decided.email }));
      }}
      onClose={onClose}
    />
  );
}
