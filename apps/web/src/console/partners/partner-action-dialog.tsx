import { useEffect, useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { suspendPartnerRequestSchema, SUSPENSION_REASON_MAX, type PartnerAccountDetail } from '@portal/contracts/console-partners';
import { useLocale, useText } from '../../i18n/i18n';
import { localizeValidationMessage } from '../../i18n/validation-messages';
import { notifySuccess } from '../../lib/notify';
import { errorsFromIssues, fieldErrorsOf, submitErrorMessage } from '../../lib/use-zod-form';
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
  const locale = useLocale();
  const run = usePartnerAccountAction(account.id);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    setReason('');
    setReasonError(undefined);
    setFormError(null);
  }, [kind]);

  if (!kind) return null;
  const name = `${account.first_name} ${account.last_name}`;

  const submit = async () => {
    setFormError(null);
    let action: PartnerAccountAction;
    if (kind === 'suspend') {
      const parsed = suspendPartnerRequestSchema.safeParse({ reason });
      if (!parsed.success) {
        setReasonError(localizeValidationMessage(errorsFromIssues(parsed.error.issues).reason ?? '', locale));
        return;
      }
      action = { kind, reason: parsed.data.reason };
    } else {
      action = { kind };
    }
    try {
      const result = await run.mutateAsync(action);
      if (kind === 'suspend') notifySuccess(t('partners.suspended'), t('partners.sessionsEnded', { count: result.ended_sessions }));
      else if (kind === 'reactivate') notifySuccess(t('partners.reactivated'), name);
      else if (kind === 'end-sessions') notifySuccess(t('partners.sessionsEnded', { count: result.ended_sessions }), name);
      else notifySuccess(t('partners.linkSent', { email: account.email }), name);
      onClose();
    } catch (error) {
      const fieldMessage = fieldErrorsOf(error)?.reason;
      if (fieldMessage) setReasonError(localizeValidationMessage(fieldMessage, locale));
      else setFormError(submitErrorMessage(error, t('partners.actionFailed')));
    }
  };

  return (
    <Modal opened onClose={onClose} title={t(TITLES[kind], { name })} closeButtonProps={{ 'aria-label': t('partners.close') }} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        noValidate
        aria-busy={run.isPending}
      >
        <Stack gap="md">
          {formError ? (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          ) : null}
          <Text size="sm">{t(DETAILS[kind], { email: account.email })}</Text>
          {kind === 'suspend' ? (
            <Textarea
              label={t('partners.reason')}
              description={t('partners.reasonDescription')}
              required
              rows={4}
              maxLength={SUSPENSION_REASON_MAX}
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
            <Button variant="default" onClick={onClose} disabled={run.isPending}>
              {t('partners.cancel')}
            </Button>
            <Button type="submit" color={kind === 'suspend' || kind === 'end-sessions' ? 'red' : 'teal'} loading={run.isPending} data-autofocus={kind === 'suspend' ? undefined : true}>
              {t(CONFIRMS[kind])}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
