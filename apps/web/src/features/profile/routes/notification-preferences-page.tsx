import { Card, Checkbox, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_PREFERENCE_EVENT_KEYS,
  type NotificationChannel,
  type NotificationPreference,
  type NotificationPreferenceEventKey,
} from '@portal/contracts/profile';
import { useState } from 'react';
import { LoadingPlaceholder } from '../../../components/loading-placeholder/loading-placeholder';
import { ProfileTabs } from '../../../components/profile-tabs/profile-tabs';
import { LoadFailedAlert } from '../../../components/query-view/query-view';
import { useText } from '../../../i18n/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { submitErrorMessage } from '../../../lib/use-zod-form';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/profile-api';

const EVENT_TEXTS = {
  'booking.created': 'events.booking_created',
  'booking.status_changed': 'events.booking_status_changed',
  message: 'events.message',
  team: 'events.team',
  'feedback.answered': 'events.feedback_answered',
  'rates.changed': 'events.rates_changed',
  'tier.changed': 'events.tier_changed',
  'agreement.published': 'events.agreement_published',
  commission: 'events.commission',
  reconciliation: 'events.reconciliation',
  payment_details: 'events.payment_details',
  'account.approved': 'events.account_approved',
  security: 'events.security',
} as const satisfies Record<NotificationPreferenceEventKey, string>;

const CHANNEL_TEXTS = { in_app: 'channelInApp', email: 'channelEmail' } as const satisfies Record<NotificationChannel, string>;

/**
 * `/profile/notifications`: one row per event, one checkbox per channel (in the portal, by e-mail). Each change is
 * saved at once; a mandatory channel shows checked and disabled ("Always on"); a channel the event does not use shows
 * a dash, read out as "Not available". A table on wide screens; the same rows scroll sideways inside their card at 360 px.
 */
export function NotificationPreferencesPage() {
  const t = useText('profile');
  const shared = useText('shared');
  const preferences = useNotificationPreferences();
  const save = useSaveNotificationPreferences();

  const cell = (event: NotificationPreferenceEventKey, channel: NotificationChannel): NotificationPreference | undefined =>
    preferences.data?.preferences.find((candidate) => candidate.event === event && candidate.channel === channel);

  // The box follows the click in the same frame. The query cache's optimistic write (onMutate) reaches the page a
  // tick later, and in between React would redraw the controlled box as it was: a flicker a user can see, and a
  // click a browser test read as "did not change its state". Each entry lives until its own save settles.
  const [clicked, setClicked] = useState<Readonly<Record<string, boolean>>>({});
  const cellKey = (preference: NotificationPreference) => `${preference.event}:${preference.channel}`;
  const shownEnabled = (preference: NotificationPreference) => clicked[cellKey(preference)] ?? preference.enabled;

  const toggle = (preference: NotificationPreference, enabled: boolean) => {
    const key = cellKey(preference);
    setClicked((current) => ({ ...current, [key]: enabled }));
    // Forgotten once settled, unless a later click on the same box has replaced it (that click's save decides).
    const settle = () =>
      setClicked((current) => {
        if (current[key] !== enabled) return current;
        const { [key]: _settled, ...rest } = current;
        return rest;
      });
    // mutateAsync, not mutate's callbacks: those fire for the latest click only, so a failed save followed by another
    // click would fail silently.
    save.mutateAsync({ preferences: [{ event: preference.event, channel: preference.channel, enabled }] }).then(
      () => {
        settle();
        notifySuccess(t('saved'), t('preferenceSaved'));
      },
      (failure: unknown) => {
        settle();
        notifyError(t('saveFailed'), submitErrorMessage(failure, t('saveFailed')));
      },
    );
  };

  const events = NOTIFICATION_PREFERENCE_EVENT_KEYS.filter((event) => NOTIFICATION_CHANNELS.some((channel) => cell(event, channel)));

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      <ProfileTabs />
      <Title order={2} size="h4">
        {t('notificationsTitle')}
      </Title>
      <Text c="dimmed" size="sm">
        {t('notificationsIntro')}
      </Text>
      {preferences.isPending ? (
        <LoadingPlaceholder label={t('notificationsLoading')}>
          <Stack gap="xs">
            {[0, 1, 2, 3].map((index) => (
              <Skeleton key={index} h={44} />
            ))}
          </Stack>
        </LoadingPlaceholder>
      ) : preferences.isError ? (
        <LoadFailedAlert title={t('notificationsLoadFailed')} message={shared('errors.checkConnection')} retryLabel={shared('errors.tryAgain')} onRetry={() => void preferences.refetch()} retrying={preferences.isFetching} />
      ) : events.length === 0 ? (
        <Text>{t('notificationsEmpty')}</Text>
      ) : (
        <Card withBorder radius="md" padding={0}>
          <Table.ScrollContainer minWidth={340}>
            <Table verticalSpacing="sm" aria-busy={save.isPending}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('event')}</Table.Th>
                  {NOTIFICATION_CHANNELS.map((channel) => (
                    <Table.Th key={channel} scope="col" ta="center">
                      {t(CHANNEL_TEXTS[channel])}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {events.map((event) => (
                  <Table.Tr key={event}>
                    <Table.Th scope="row" fw={400}>
                      <Text size="sm" fw={500}>
                        {t(`${EVENT_TEXTS[event]}.label`)}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t(`${EVENT_TEXTS[event]}.hint`)}
                      </Text>
                    </Table.Th>
                    {NOTIFICATION_CHANNELS.map((channel) => {
                      const preference = cell(event, channel);
                      const label = t('toggleLabel', { event: t(`${EVENT_TEXTS[event]}.label`), channel: t(CHANNEL_TEXTS[channel]) });
                      return (
                        <Table.Td key={channel} ta="center">
                          {preference ? (
                            <Stack gap={2} align="center">
                              <Checkbox
                                aria-label={label}
                                checked={shownEnabled(preference)}
                                disabled={preference.locked}
                                onChange={(change) => toggle(preference, change.currentTarget.checked)}
                              />
                              {preference.locked ? (
                                <Text size="xs" c="dimmed">
                                  {t('mandatory')}
                                </Text>
                              ) : null}
                            </Stack>
                          ) : (
                            <>
                              <Text c="dimmed" aria-hidden="true">
                                —
                              </Text>
                              <VisuallyHidden>{t('notOffered')}</VisuallyHidden>
                            </>
                          )}
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
    </Stack>
  );
}
