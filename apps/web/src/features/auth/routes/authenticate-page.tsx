import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { AUTH_ERROR_CODES } from '@portal/contracts/session';
import { translate, useText } from '../../../i18n/i18n';
import { ROUTES } from '../../../lib/paths';
import { HttpError } from '../../../lib/http';
import { useAuthStore } from '../../../stores/auth-store';
import { authenticateWithLinkOnce } from '../api/authenticate-with-link';
import { AuthLayout } from '../components/auth-layout';

/** The page's failure text in the current language. */
export function invalidLinkMessage(): string {
  return translate('auth')('link.invalid');
}

/**
 * /authenticate?token=…: a one-time sign-in link (approval e-mails, team invitations). Posts the token once,
 * then follows the sign-in rules of spec §4 (dashboard, update-password or two-factor).
 */
export function AuthenticatePage() {
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
