import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { AUTH_ERROR_CODES } from '@portal/contracts/session';
import { ROUTES } from '../../../lib/paths';
import { HttpError } from '../../../lib/http';
import { useAuthStore } from '../../../stores/auth-store';
import { authenticateWithLinkOnce } from '../api/authenticate-with-link';
import { AuthLayout } from '../components/auth-layout';

export const INVALID_LINK_MESSAGE = 'This sign-in link is invalid or has expired.';

/**
 * /authenticate?token=…: a one-time sign-in link (approval e-mails, team invitations). Posts the token once,
 * then follows the sign-in rules of spec §4 (dashboard, update-password or two-factor).
 */
export function AuthenticatePage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const completeSignIn = useAuthStore((state) => state.completeSignIn);
  const [failure, setFailure] = useState<string | null>(token ? null : INVALID_LINK_MESSAGE);

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
        setFailure(serverMessage && serverMessage !== INVALID_LINK_MESSAGE ? `${INVALID_LINK_MESSAGE} ${serverMessage}` : INVALID_LINK_MESSAGE);
      });
    return () => {
      active = false;
    };
  }, [token, completeSignIn, navigate]);

  if (failure) {
    return (
      <AuthLayout title="Sign-in link">
        <Alert color="red" variant="light" role="alert" title="We could not sign you in">
          {failure}
        </Alert>
        <Text size="sm">Ask for a new link, or sign in with your e-mail and password.</Text>
        <Button component={Link} to={ROUTES.login} variant="light">
          Go to sign in
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Signing you in">
      <Stack gap="sm" role="status" aria-live="polite">
        <Group gap="sm">
          <Loader size="sm" aria-hidden="true" />
          <Text>Checking your sign-in link…</Text>
        </Group>
      </Stack>
    </AuthLayout>
  );
}
