import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { authenticateRequestSchema } from '@portal/contracts/auth';
import { AUTH_ERROR_CODES } from '@portal/contracts/session';
import { translate, useText } from '../../../i18n/i18n';
import { ROUTES } from '../../../lib/paths';
import { HttpError } from '../../../lib/http';
import { fieldErrorsOf, submitErrorMessage, useZodForm } from '../../../lib/use-zod-form';
import { useAuthStore } from '../../../stores/auth-store';
import { authenticateWithLink, authenticateWithLinkOnce } from '../api/authenticate-with-link';
import { AuthLayout } from '../components/auth-layout';
import { PasswordField } from '../components/password-field';
import { PasswordRules } from '../components/password-rules';

/** The page's failure text in the current language. */
export function invalidLinkMessage(): string {
  return translate('auth')('link.invalid');
}

/**
 * /authenticate?token=…: a one-time sign-in link (approval e-mails, team invitations). Posts the token once,
 * then follows the sign-in rules of spec §4 (dashboard, update-password or two-factor).
 */
export function AuthenticatePage() {
  const [searchParams] = useSearchParams();
  // A team invitation (modules/team) asks for the invitee's password before it spends the link.
  if (searchParams.get('invitation') === '1' && searchParams.get('token')) return <AcceptInvitation token={searchParams.get('token')!} />;
  return <SignInWithLink />;
}

function SignInWithLink() {
  const t = useText('auth');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const completeSignIn = useAuthStore((state) => state.completeSignIn);
  const [failure, setFailure] = useState<string | null>(token ? null : invalidLinkMessage());

  useEffect(() => {
    if (!token) return;
    let active = true;
    authenticateWithLinkOnce(token)
      .then(async (response) => {
        if (active) await completeSignIn(response, navigate);
      })
      .catch(async (error: unknown) => {
        if (!active) return;
        if (error instanceof HttpError && error.status === 403 && error.code === AUTH_ERROR_CODES.approvalPending) {
          await navigate(ROUTES['approval-waiting'], { replace: true });
          return;
        }
        const serverMessage = error instanceof HttpError && error.status < 500 ? error.message : null;
        const invalid = invalidLinkMessage();
        setFailure(serverMessage && serverMessage !== invalid ? `${invalid} ${serverMessage}` : invalid);
      });
    return () => {
      active = false;
    };
  }, [token, completeSignIn, navigate]);

  if (failure) {
    return (
      <AuthLayout title={t('link.title')}>
        <Alert color="red" variant="light" role="alert" title={t('link.failedTitle')}>
          {failure}
        </Alert>
        <Text size="sm">{t('link.whatNext')}</Text>
        <Button component={Link} to={ROUTES.login} variant="light">
          {t('goToSignIn')}
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('link.signingIn')}>
      <Stack gap="sm" role="status" aria-live="polite">
        <Group gap="sm">
          <Loader size="sm" aria-hidden="true" />
          <Text>{t('link.checking')}</Text>
        </Group>
      </Stack>
    </AuthLayout>
  );
}

/** /authenticate?token=…&invitation=1: the invitee chooses a password, which accepts the invitation and signs in. */
function AcceptInvitation({ token }: { token: string }) {
  const t = useText('auth');
  const navigate = useNavigate();
  const completeSignIn = useAuthStore((state) => state.completeSignIn);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm({
    initialValues: { token, password: '', password_confirmation: '' },
    schema: authenticateRequestSchema,
  });

  const handleSubmit = form.onSubmit(async (body) => {
    setPending(true);
    try {
      const response = await authenticateWithLink(token, { password: body.password ?? '', password_confirmation: body.password_confirmation ?? '' });
      await completeSignIn(response, navigate);
    } catch (error) {
      const tokenRefused = fieldErrorsOf(error)?.token;
      if (tokenRefused || !form.showFieldErrors(error)) setFailure(tokenRefused ? invalidLinkMessage() : submitErrorMessage(error, invalidLinkMessage()));
    } finally {
      setPending(false);
    }
  });

  if (failure) {
    return (
      <AuthLayout title={t('link.invitationTitle')}>
        <Alert color="red" variant="light" role="alert" title={t('link.failedTitle')}>
          {failure}
        </Alert>
        <Text size="sm">{t('link.whatNext')}</Text>
        <Button component={Link} to={ROUTES.login} variant="light">
          {t('goToSignIn')}
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('link.invitationTitle')} description={t('link.invitationDescription')}>
      <form ref={form.formRef} onSubmit={handleSubmit} noValidate aria-busy={pending}>
        <Stack gap="md">
          <PasswordField label={t('newPassword')} autoComplete="new-password" required {...form.getInputProps('password')} />
          <PasswordRules value={form.values.password} />
          <PasswordField label={t('confirmNewPassword')} autoComplete="new-password" required {...form.getInputProps('password_confirmation')} />
          <Button type="submit" fullWidth loading={pending} disabled={pending}>
            {t('link.invitationSubmit')}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
