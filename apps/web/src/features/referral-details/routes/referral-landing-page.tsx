import { useEffect } from 'react';
import { useParams } from 'react-router';
import { Alert, Center, Container, Loader, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { STORAGE_KEYS } from '@portal/contracts/constants';
import { normaliseReferralCode, REFERRAL_REMEMBER_DAYS } from '@portal/contracts/referral-details';
import { LoadFailedAlert } from '../../../components/query-view/query-view';
import { useText } from '../../../i18n/i18n';
import { isHttpError } from '../../../lib/http';
import { useReferralCodeResolution } from '../api/referral-details-api';

/** What localStorage `referral` (spec §3) holds after a referral link: the code, whose it is, until when. */
export interface StoredReferral {
  code: string;
  agent_name: string;
  /** ISO instant after which the code is forgotten. */
  expires_at: string;
}

/**
 * Remembers the referral under localStorage `referral` for REFERRAL_REMEMBER_DAYS; a later link replaces it (the most
 * recent link counts). The booking request areas read it.
 */
export function rememberReferral(code: string, agentName: string, now = Date.now()): void {
  const value: StoredReferral = { code, agent_name: agentName, expires_at: new Date(now + REFERRAL_REMEMBER_DAYS * 86_400_000).toISOString() };
  try {
    window.localStorage.setItem(STORAGE_KEYS.referral, JSON.stringify(value));
  } catch {
    // Storage refused (private mode, quota): the referral is shown but not remembered.
  }
}

/** /r/:code: the page a referral link or QR code opens. Shows whose referral it is and remembers it on this device. */
export function ReferralLandingPage() {
  const t = useText('referral-details');
  const shared = useText('shared');
  const code = normaliseReferralCode(useParams().code ?? '');
  const resolution = useReferralCodeResolution(code);
  const resolved = resolution.data;

  useEffect(() => {
    // The partner's current code, not the (possibly retired) one of the link: a retired code stops working at the
    // end of its grace, while the visitor's browser keeps the referral for REFERRAL_REMEMBER_DAYS from today.
    if (resolved) rememberReferral(resolved.current_code, resolved.agent_name);
  }, [resolved]);

  let content;
  if (resolution.isPending) {
    content = (
      <Center py="xl" aria-busy="true" role="status">
        <Loader aria-hidden="true" />
        <VisuallyHidden>{t('landing.checking')}</VisuallyHidden>
      </Center>
    );
  } else if (resolved) {
    content = (
      <Stack gap="sm" align="center" ta="center">
        <IconCircleCheck size={48} color="var(--mantine-color-teal-6)" aria-hidden="true" />
        <Title order={1} size="h2">
          {t('landing.referredBy', { agent: resolved.agent_name })}
        </Title>
        <Text c="dimmed">{t('landing.remembered', { days: REFERRAL_REMEMBER_DAYS, agent: resolved.agent_name })}</Text>
      </Stack>
    );
  } else if (isHttpError(resolution.error, 404) || isHttpError(resolution.error, 422)) {
    content = (
      <Alert color="orange" variant="light" role="alert" title={<Title order={1} size="h4">{t('landing.invalidTitle')}</Title>}>
        {t('landing.invalid')}
      </Alert>
    );
  } else {
    content = (
      <LoadFailedAlert title={t('landing.failed')} retryLabel={shared('errors.tryAgain')} onRetry={() => void resolution.refetch()} retrying={resolution.isFetching} />
    );
  }

  return (
    <Container size={480} py="xl" px="md">
      <Paper withBorder radius="md" p="xl">
        {content}
      </Paper>
    </Container>
  );
}
