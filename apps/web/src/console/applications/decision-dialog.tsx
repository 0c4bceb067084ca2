import { useEffect, useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { rejectPartnerApplicationRequestSchema, REJECTION_REASON_MAX, type PartnerApplication } from '@portal/contracts/partner-applications';
import { useLocale, useText } from '../../i18n/i18n';
import { localizeValidationMessage } from '../../i18n/validation-messages';
import { notifySuccess } from '../../lib/notify';
import { errorsFromIssues, fieldErrorsOf, submitErrorMessage } from '../../lib/use-zod-form';
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
  const locale = useLocale();
  const decide = useDecideApplication();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    setReason('');
    setReasonError(undefined);
    setFormError(null);
  }, [pending]);

  if (!pending) return null;
  const { application, kind } = pending;
  const name = `${application.first_name} ${application.last_name}`;

  const submit = async () => {
    setFormError(null);
    let body: { reason: string } | undefined;
    if (kind === 'reject') {
      const parsed = rejectPartnerApplicationRequestSchema.safeParse({ reason });
      if (!parsed.success) {
        setReasonError(localizeValidationMessage(errorsFromIssues(parsed.error.issues).reason ?? '', locale));
        return;
      }
      body = parsed.data;
    }
    try {
      const decided = await decide.mutateAsync(kind === 'approve' ? { kind, id: application.id } : { kind, id: application.id, reason: body!.reason });
      if (kind === 'approve') notifySuccess(t('applications.approved'), t('applications.approvedDetail', { email: decided.email }));
      else notifySuccess(t('applications.rejected'), t('applications.rejectedDetail', { email: decided.email }));
      onClose();
    } catch (error) {
      const fieldMessage = fieldErrorsOf(error)?.reason;
      if (fieldMessage) setReasonError(localizeValidationMessage(fieldMessage, locale));
      else setFormError(submitErrorMessage(error, t('applications.decisionFailed')));
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={kind === 'approve' ? t('applications.approveTitle', { name }) : t('applications.rejectTitle', { name })}
      closeButtonProps={{ 'aria-label': t('applications.close') }}
      centered
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        noValidate
        aria-busy={decide.isPending}
      >
        <Stack gap="md">
          {formError ? (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          ) : null}
          <Text size="sm">
            {kind === 'approve' ? t('applications.approveDetail', { email: application.email }) : t('applications.rejectDetail', { email: application.email })}
          </Text>
          {kind === 'reject' ? (
            <Textarea
              label={t('applications.reason')}
              description={t('applications.reasonDescription')}
              required
              rows={4}
              maxLength={REJECTION_REASON_MAX}
              data-autofocus
              value={reason}
              onChange={(event) => {
                setReason(event.currentTarget.value);
                if (reasonError) setReasonError(undefined);
              }}
              error={reasonError}
              errorProps={{ role: 'alert' }}
            />
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={decide.isPending}>
              {t('applications.cancel')}
            </Button>
            <Button type="submit" color={kind === 'approve' ? 'teal' : 'red'} loading={decide.isPending} data-autofocus={kind === 'approve' ? true : undefined}>
              {kind === 'approve' ? t('applications.approve') : t('applications.reject')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
