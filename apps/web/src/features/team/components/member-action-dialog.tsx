import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, PasswordInput, Radio, Stack, Text } from '@mantine/core';
import { TEAM_ASSIGNABLE_ROLES, type TeamAssignableRole, type TeamMember } from '@portal/contracts/team';
import { useText } from '../../../i18n/i18n';
import { errorMessage, isHttpError } from '../../../lib/http';
import { notifySuccess } from '../../../lib/notify';
import type { MemberAction } from '../api/team-api';

export type DialogKind = MemberAction['kind'];

interface MemberActionDialogProps {
  kind: DialogKind | null;
  member: TeamMember | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: (action: MemberAction) => Promise<{ message: string }>;
}

const TITLES = {
  role: 'dialogs.roleTitle',
  deactivate: 'dialogs.deactivateTitle',
  reactivate: 'dialogs.reactivateTitle',
  resend: 'dialogs.resendTitle',
  revoke: 'dialogs.revokeTitle',
  transfer: 'dialogs.transferTitle',
} as const;

const SUBMITS = {
  role: 'dialogs.roleSubmit',
  deactivate: 'dialogs.deactivateSubmit',
  reactivate: 'dialogs.reactivateSubmit',
  resend: 'dialogs.resendSubmit',
  revoke: 'dialogs.revokeSubmit',
  transfer: 'dialogs.transferSubmit',
} as const;

const TEXTS = {
  deactivate: 'dialogs.deactivateText',
  reactivate: 'dialogs.reactivateText',
  resend: 'dialogs.resendText',
  revoke: 'dialogs.revokeText',
  transfer: 'dialogs.transferText',
} as const;

/**
 * The one dialog of the members table's actions: it says what the action does, asks for what it needs (a role, the
 * owner's password for a transfer), and shows the server's refusal in place (a full team, a wrong password).
 */
export function MemberActionDialog({ kind, member, pending, onClose, onConfirm }: MemberActionDialogProps) {
  const t = useText('team');
  const [role, setRole] = useState<TeamAssignableRole | null>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const name = member ? `${member.first_name} ${member.last_name}` : '';
  const chosenRole = role ?? (member && member.role !== 'owner' ? member.role : 'agent');

  const close = () => {
    setRole(null);
    setPassword('');
    setError(null);
    setPasswordError(null);
    onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!kind || !member) return;
    setError(null);
    setPasswordError(null);
    const action: MemberAction =
      kind === 'role' ? { kind, id: member.id, role: chosenRole } : kind === 'transfer' ? { kind, id: member.id, password } : { kind, id: member.id };
    try {
      const answer = await onConfirm(action);
      notifySuccess(t(SUBMITS[kind]), answer.message);
      close();
    } catch (failure) {
      const fieldError = isHttpError(failure, 422) ? failure.fieldErrors.password?.[0] : undefined;
      if (fieldError) setPasswordError(fieldError);
      else setError(errorMessage(failure, t('actions.failed')));
    }
  };

  return (
    <Modal opened={kind !== null && member !== null} onClose={close} title={kind ? t(TITLES[kind], { name }) : ''} closeButtonProps={{ 'aria-label': t('actions.close') }} centered>
      {kind && member && (
        <form onSubmit={(event) => void submit(event)} noValidate aria-busy={pending}>
          <Stack gap="md">
            {kind !== 'role' && <Text size="sm">{t(TEXTS[kind])}</Text>}
            {kind === 'role' && (
              <Radio.Group label={t('dialogs.roleLabel')} value={chosenRole} onChange={(value) => setRole(value as TeamAssignableRole)}>
                <Stack gap="xs" mt="xs">
                  {TEAM_ASSIGNABLE_ROLES.map((option) => (
                    <Radio key={option} value={option} label={t(`roles.${option}`)} description={t(`roleHelp.${option}`)} />
                  ))}
                </Stack>
              </Radio.Group>
            )}
            {kind === 'transfer' && (
              <PasswordInput
                label={t('dialogs.transferPassword')}
                autoComplete="current-password"
                required
                data-autofocus
                value={password}
                onChange={(event) => {
                  setPassword(event.currentTarget.value);
                  setPasswordError(null);
                }}
                error={passwordError}
                errorProps={{ role: 'alert' }}
              />
            )}
            {error && (
              <Alert color="red" role="alert" title={t('actions.failed')}>
                {error}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                {t('actions.cancel')}
              </Button>
              <Button type="submit" loading={pending} color={kind === 'deactivate' || kind === 'revoke' ? 'red' : undefined}>
                {t(SUBMITS[kind])}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
