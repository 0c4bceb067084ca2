import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Button, Group, List, Loader, PasswordInput, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { PASSWORD_RULES } from '@portal/contracts/auth';
import { PASSWORD_MIN_LENGTH } from '@portal/contracts/constants';
import { acceptInvitationRequestSchema } from '@portal/contracts/console-operators';
import { useText } from '../../i18n/i18n';
import { isHttpError } from '../../lib/http';
import { fieldErrorsOf, submitErrorMessage, useZodForm } from '../../lib/use-zod-form';
import { CONSOLE_PATHS } from '../console-paths';
import { SignInLayout } from '../sign-in/sign-in-layout';
import { acceptInvitation, lookUpInvitation } from './operators-api';

const RULE_KEYS = { length: 'invitation.ruleLength', lower: 'invitation.ruleLower', upper: 'invitation.ruleUpper', number: 'invitation.ruleNumber' } as const;

/**
 * /console/invitation?token=… (public): the invitee chooses their password; the link works once. Then they sign in,
 * and that first sign-in enrols their authenticator app as for every operator.
 */
export function InvitationPage() {
  const t = useText('console-operators');
  const token = useSearchParams()[0].get('token') ?? '';
  const [done, setDone] = useState(false);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const invitation = useQuery({
    queryKey: ['console-invitation', token],
    queryFn: () => lookUpInvitation(token),
    enabled: token.length > 0,
    retry: false,
    staleTime: Infinity,
  });

  useEffect(() => {
    if (done) titleRef.current?.focus();
  }, [done]);

  if (done) {
    return (
      <SignInLayout title={t('invitation.doneTitle')} titleRef={titleRef}>
        <Text size="sm">{t('invitation.done')}</Text>
        <Button component={Link} to={CONSOLE_PATHS.login} replace fullWidth>
          {t('invitation.signIn')}
        </Button>
      </SignInLayout>
    );
  }

  const invalid = !token || (invitation.isError && (isHttpError(invitation.error, 422) || isHttpError(invitation.error, 404)));
  return (
    <SignInLayout
      title={t('invitation.title')}
      description={invitation.data ? t('invitation.welcome', { name: invitation.data.name, email: invitation.data.email, role: t(`roles.${invitation.data.role}`) }) : undefined}
    >
      {invalid ? (
        <Alert color="red" variant="light" role="alert">
          {t('invitation.invalid')}
        </Alert>
      ) : invitation.isError ? (
        <Alert color="red" variant="light" role="alert">
          {submitErrorMessage(invitation.error, t('invitation.loadFailed'))}
        </Alert>
      ) : invitation.isPending ? (
        <Group role="status" aria-label={t('invitation.checking')}>
          <Loader size="sm" aria-hidden="true" />
        </Group>
      ) : (
        <PasswordForm token={token} onDone={() => setDone(true)} />
      )}
    </SignInLayout>
  );
}

function PasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const t = useText('console-operators');
  const rulesId = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useZodForm({ schema: acceptInvitationRequestSchema, initialValues: { token, password: '', password_confirmation: '' } });
  const submit = useMutation({ mutationFn: acceptInvitation });

  const onSubmit = form.onSubmit(async (body) => {
    setFormError(null);
    try {
      await submit.mutateAsync(body);
      onDone();
    } catch (error) {
      // A spent or expired link is said above the form, the token being no field the invitee can change.
      const tokenError = fieldErrorsOf(error)?.token;
      if (tokenError) setFormError(t('invitation.invalid'));
      else if (!form.showFieldErrors(error)) setFormError(submitErrorMessage(error, t('invitation.failed')));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={submit.isPending}>
      <Stack gap="md">
        {formError ? (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        ) : null}
        <PasswordInput
          label={t('invitation.password')}
          autoComplete="new-password"
          required
          aria-describedby={rulesId}
          {...form.getInputProps('password')}
        />
        <div id={rulesId}>
          <Text size="sm" fw={500} mb={4}>
            {t('invitation.rulesHeading')}
          </Text>
          <List spacing={4} size="sm" center aria-label={t('invitation.rulesLabel')}>
            {PASSWORD_RULES.map((rule) => {
              const met = rule.test(form.values.password);
              return (
                <List.Item
                  key={rule.id}
                  c={met ? 'teal' : 'dimmed'}
                  icon={
                    <ThemeIcon color={met ? 'teal' : 'gray'} variant={met ? 'filled' : 'light'} size={18} radius="xl">
                      {met ? <IconCheck size={12} aria-hidden="true" /> : <IconX size={12} aria-hidden="true" />}
                    </ThemeIcon>
                  }
                >
                  {t(RULE_KEYS[rule.id], { min: PASSWORD_MIN_LENGTH })}
                  <VisuallyHidden>{met ? t('invitation.ruleDone') : t('invitation.ruleNotYet')}</VisuallyHidden>
                </List.Item>
              );
            })}
          </List>
        </div>
        <PasswordInput label={t('invitation.confirmation')} autoComplete="new-password" required {...form.getInputProps('password_confirmation')} />
        <Button type="submit" fullWidth loading={submit.isPending}>
          {t('invitation.submit')}
        </Button>
      </Stack>
    </form>
  );
}
