import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { LoadingLine } from '../../../components/loading-placeholder/loading-placeholder';
import { IconDeviceDesktop, IconDeviceMobile, IconDeviceTablet, IconDevices } from '@tabler/icons-react';
import type { SecuritySession } from '@portal/contracts/account-security';
import { LoadFailedAlert } from '../../../components/query-view/query-view';
import { useFormat } from '../../../i18n/format';
import { useText } from '../../../i18n/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { submitErrorMessage } from '../../../lib/use-zod-form';
import { useEndSession, useSecuritySessions, useSignOutOthers } from '../api/account-security-api';
import { ConfirmDialog } from './confirm-dialog';
import { deviceLabel } from './device-label';

const ICONS = { desktop: IconDeviceDesktop, mobile: IconDeviceMobile, tablet: IconDeviceTablet, other: IconDevices } as const;

/** The member's signed-in devices: this one first, each other with Sign out, and Sign out all other devices. */
export function SessionsSection() {
  const t = useText('account-security');
  const format = useFormat();
  const sessions = useSecuritySessions();
  const endSession = useEndSession();
  const signOutOthers = useSignOutOthers();
  const [ending, setEnding] = useState<SecuritySession | null>(null);
  const [endingOthers, setEndingOthers] = useState(false);

  const rows = [...(sessions.data?.data ?? [])].sort((a, b) => Number(b.current) - Number(a.current));
  const others = rows.filter((session) => !session.current);
  const when = (value: string) => `${format.date(value)} ${format.time(value)}`;

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="sessions-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={2} size="h4" id="sessions-title">
            {t('sessionsTitle')}
          </Title>
          {others.length > 0 && (
            <Button variant="light" color="red" size="xs" onClick={() => setEndingOthers(true)}>
              {t('signOutOthers')}
            </Button>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {t('sessionsText')}
        </Text>
        {sessions.isPending ? (
          <LoadingLine label={t('sessionsLoading')} />
        ) : sessions.isError ? (
          <LoadFailedAlert title={t('sessionsFailed')} retryLabel={t('retry')} onRetry={() => void sessions.refetch()} retrying={sessions.isFetching} />
        ) : (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('sessionsListLabel')}>
            {rows.map((session) => {
              const Icon = ICONS[session.device.type];
              const label = deviceLabel(session.device, t);
              return (
                <Paper component="li" key={session.id} withBorder radius="sm" p="sm" data-testid="session-item">
                  <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
                    <Group gap="sm" align="flex-start" wrap="nowrap" style={{ minWidth: 0 }}>
                      <Icon size={24} aria-hidden />
                      <Stack gap={2} style={{ minWidth: 0 }}>
                        <Group gap="xs" wrap="wrap">
                          <Text fw={600} size="sm" dir="auto">
                            {label}
                          </Text>
                          {session.current && (
                            <Badge size="sm" variant="dot" color="green" radius="sm" tt="none">
                              {t('thisDevice')}
                            </Badge>
                          )}
                        </Group>
                        <Text size="xs" c="dimmed">
                          {t('ipAddress')}: <span dir="ltr">{session.ip ?? '-'}</span>
                        </Text>
                        <Text size="xs" c="dimmed">
                          {t('signedInAt')}: {when(session.created_at)} · {t('lastSeen')}: {format.relative(session.last_seen_at)}
                        </Text>
                      </Stack>
                    </Group>
                    {!session.current && (
                      <Button size="xs" variant="default" aria-label={t('endSessionNamed', { device: label })} onClick={() => setEnding(session)}>
                        {t('endSession')}
                      </Button>
                    )}
                  </Group>
                </Paper>
              );
            })}
          </Stack>
        )}
        {sessions.isSuccess && others.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('sessionsOnlyThis')}
          </Text>
        )}
      </Stack>
      <ConfirmDialog
        opened={ending !== null}
        title={t('endSessionTitle')}
        text={t('endSessionText', { device: ending ? deviceLabel(ending.device, t) : '' })}
        confirmLabel={t('endSession')}
        busy={endSession.isPending}
        onCancel={() => setEnding(null)}
        onConfirm={() => {
          const target = ending;
          setEnding(null);
          if (!target) return;
          endSession.mutate(target.id, {
            onSuccess: () => notifySuccess(t('sessionEnded'), t('sessionEndedMessage', { device: deviceLabel(target.device, t) })),
            onError: (error) => notifyError(t('actionFailed'), submitErrorMessage(error, t('actionFailed'))),
          });
        }}
      />
      <ConfirmDialog
        opened={endingOthers}
        title={t('signOutOthersTitle')}
        text={t('signOutOthersText')}
        confirmLabel={t('signOutOthers')}
        busy={signOutOthers.isPending}
        onCancel={() => setEndingOthers(false)}
        onConfirm={() => {
          setEndingOthers(false);
          signOutOthers.mutate(undefined, {
            onSuccess: ({ ended }) => notifySuccess(t('signedOutOthers'), t('signedOutOthersMessage', { count: ended })),
            onError: (error) => notifyError(t('actionFailed'), submitErrorMessage(error, t('actionFailed'))),
          });
        }}
      />
    </Paper>
  );
}
