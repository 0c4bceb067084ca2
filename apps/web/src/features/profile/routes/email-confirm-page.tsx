import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useText } from '../../../i18n/i18n';
import { HttpError } from '../../../lib/http';
import { ROUTES } from '../../../lib/paths';
import { useAuthStore } from '../../../stores/auth-store';
import { confirmEmailChange } from '../api/profile-api';

type State =
  | { kind: 'confirming' }
  | { kind: 'done'; email: string }
  /** The server's answer: the link is used, expired or unknown (`token`), or the address is now taken (`email`). */
  | { kind: 'refused'; message: string }
  /** No answer (network) or a server failure: the link may still work, so the page offers to try again. */
  | { kind: 'unreachable' };

/**
 * `/profile/email/confirm?token=…`, the link of the e-mail sent to the new address: confirms it once on arrival (the
 * token works once, so a second render must not send it again) and says what happened: the server's own reason when it
 * refuses (422/410: the link is used or expired, or the address was taken meanwhile), a retry when it could not be
 * reached. The token decides whose address changes, not the session: whoever is signed in on this browser, the page
 * reloads the signed-in user from the server instead of writing the new address into them.
 */
export function EmailConfirmPage() {
  const t = useText('profile');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const signedIn = useAuthStore((state) => state.user !== null);
  const [state, setState] = useState<State>(token ? { kind: 'confirming' } : { kind: 'refused', message: t('missingToken') });
  const sent = useRef(false);

  const confirm = useCallback(() => {
    setState({ kind: 'confirming' });
    confirmEmailChange(token)
      .then((answer) => {
        setState({ kind: 'done', email: answer.email });
        // The changed account may not be the one signed in here: ask the server who that is, with their address.
        if (useAuthStore.getState().user) void useAuthStore.getState().fetchUser();
      })
      .catch((error: unknown) => {
        if (error instanceof HttpError && (error.status === 422 || error.status === 410)) {
          setState({ kind: 'refused', message: error.message || t('confirmFailed') });
        } else setState({ kind: 'unreachable' });
      });
  }, [token, t]);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    confirm();
  }, [token, confirm]);

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder radius="md" p="xl" maw={480} w="100%">
        <Stack gap="md">
          <Title order={1} size="h3">
            {t('confirmTitle')}
          </Title>
          <div aria-live="polite">
            {state.kind === 'confirming' ? (
              <Stack align="center" gap="xs">
                <Loader aria-hidden="true" />
                <Text>{t('confirming')}</Text>
              </Stack>
            ) : state.kind === 'done' ? (
              <Alert color="teal" variant="light">
                {t('confirmed', { email: state.email })}
              </Alert>
            ) : state.kind === 'refused' ? (
              <Alert color="red" variant="light" role="alert">
                {state.message}
              </Alert>
            ) : (
              <Alert color="orange" variant="light" role="alert">
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">{t('confirmUnreachable')}</Text>
                  <Button size="xs" variant="light" color="orange" onClick={confirm}>
                    {t('confirmRetry')}
                  </Button>
                </Stack>
              </Alert>
            )}
          </div>
          {state.kind !== 'confirming' ? (
            <Button component={Link} to={signedIn ? '/profile' : ROUTES.login} variant="light">
              {signedIn ? t('goToProfile') : t('signIn')}
            </Button>
          ) : null}
        </Stack>
      </Paper>
    </Center>
  );
}
