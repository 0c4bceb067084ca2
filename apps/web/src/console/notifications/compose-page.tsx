import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Fieldset, Grid, Group, Loader, Paper, Radio, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import {
  NOTIFICATION_AUDIENCES,
  sendNotificationRequestSchema,
  type NotificationAudience,
  type SendNotificationInput,
} from '@portal/contracts/console-notifications';
import { NOTIFICATION_BODY_MAX, NOTIFICATION_LINK_MAX, NOTIFICATION_TITLE_MAX } from '@portal/contracts/notifications';
import { useText } from '../../i18n/i18n';
import { notifySuccess } from '../../lib/notify';
import { submitErrorMessage, useZodForm } from '../../lib/use-zod-form';
import { ConfirmActionDialog } from '../components/confirm-action-dialog';
import { BellPreview } from './bell-preview';
import { useAudienceSize, useSendNotification } from './notifications-api';
import { NOTIFICATIONS_CONSOLE_PATH } from './notifications-paths';
import { RecipientPicker, type ChosenRecipient } from './recipient-picker';
import { BackLink } from '../../components/page-header/page-header';

interface ComposeValues extends Record<string, unknown> {
  audience: NotificationAudience;
  title: string;
  body: string;
  title_ar: string;
  body_ar: string;
  link: string;
}

/** A path, the same in every language. */
const LINK_EXAMPLE = '/bookings';

const INITIAL: ComposeValues = { audience: 'partner', title: '', body: '', title_ar: '', body_ar: '', link: '' };

/**
 * /console/notifications/new: who receives it (a partner or an agent found by search, or all partners), the text in
 * English and optionally in Arabic, an optional link to a portal page, a preview of the bell, and how many partners it
 * reaches. A send to more than one partner is confirmed first, with the count.
 */
export function ComposePage() {
  const t = useText('console-notifications');
  const navigate = useNavigate();
  const [partner, setPartner] = useState<ChosenRecipient | null>(null);
  const [agent, setAgent] = useState<ChosenRecipient | null>(null);
  const [confirming, setConfirming] = useState<SendNotificationInput | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const send = useSendNotification();
  const form = useZodForm({
    initialValues: INITIAL,
    schema: sendNotificationRequestSchema,
    transform: (values) => ({ ...values, partner_id: partner?.id ?? null, agent_id: agent?.id ?? null }),
  });
  const { audience } = form.values;
  const size = useAudienceSize({ audience, partnerId: partner?.id ?? null, agentId: agent?.id ?? null });
  const recipients = size.data?.recipients;

  const submit = async (data: SendNotificationInput) => {
    setFormError(null);
    try {
      const sent = await send.mutateAsync(data);
      if (sent.state === 'sent') notifySuccess(t('sentToast'), t('sentDetail', { count: sent.recipient_count }));
      else notifySuccess(t('queuedToast'), t('queuedDetail', { count: sent.recipient_count }));
      await navigate(NOTIFICATIONS_CONSOLE_PATH);
    } catch (error) {
      if (!form.showFieldErrors(error)) setFormError(submitErrorMessage(error, t('sendFailed')));
      throw error;
    }
  };

  return (
    <Stack gap="lg" maw={1100}>
      <BackLink to={NOTIFICATIONS_CONSOLE_PATH}>{t('back')}</BackLink>
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('composeTitle')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('composeDescription')}
        </Text>
      </Stack>

      <form
        ref={form.formRef}
        noValidate
        aria-busy={send.isPending}
        onSubmit={form.onSubmit(async (data) => {
          // More than one partner: say how many, and ask first.
          if (data.audience !== 'partner') setConfirming(data);
          else await submit(data).catch(() => {});
        })}
      >
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="md">
              {formError ? (
                <Alert color="red" variant="light" role="alert">
                  {formError}
                </Alert>
              ) : null}
              <Paper withBorder radius="md" p="md">
                <Stack gap="md">
                  <Radio.Group
                    label={t('sendTo')}
                    value={audience}
                    onChange={(value) => form.setFieldValue('audience', value as NotificationAudience)}
                    error={form.errorText('audience')}
                    errorProps={{ role: 'alert' }}
                  >
                    <Stack gap="xs" mt="xs">
                      {NOTIFICATION_AUDIENCES.map((option) => (
                        <Radio key={option} value={option} label={t(`audienceOptions.${option}`)} />
                      ))}
                    </Stack>
                  </Radio.Group>
                  {audience === 'partner' ? (
                    <RecipientPicker
                      kind="partner"
                      value={partner}
                      onChange={(chosen) => {
                        setPartner(chosen);
                        form.setErrors({ ...form.errors, partner_id: undefined });
                      }}
                      error={form.errorText('partner_id')}
                    />
                  ) : null}
                  {audience === 'agent' ? (
                    <RecipientPicker
                      kind="agent"
                      value={agent}
                      onChange={(chosen) => {
                        setAgent(chosen);
                        form.setErrors({ ...form.errors, agent_id: undefined });
                      }}
                      error={form.errorText('agent_id')}
                    />
                  ) : null}
                  <Reach loading={size.isFetching && recipients === undefined} failed={size.isError} recipients={size.isEnabled ? recipients : undefined} queued={size.data?.queued ?? false} />
                </Stack>
              </Paper>

              <Fieldset legend={t('english')} radius="md">
                <Stack gap="sm">
                  <TextInput label={t('titleLabel')} required dir="ltr" lang="en" maxLength={NOTIFICATION_TITLE_MAX} {...form.getInputProps('title')} />
                  <Textarea label={t('bodyLabel')} dir="ltr" lang="en" rows={4} maxLength={NOTIFICATION_BODY_MAX} {...form.getInputProps('body')} />
                  <TextInput
                    label={t('linkLabel')}
                    description={t('linkDescription')}
                    placeholder={LINK_EXAMPLE}
                    dir="ltr"
                    maxLength={NOTIFICATION_LINK_MAX}
                    {...form.getInputProps('link')}
                  />
                </Stack>
              </Fieldset>

              <Fieldset legend={t('arabic')} radius="md">
                <Stack gap="sm">
                  <Text size="xs" c="dimmed">
                    {t('arabicDescription')}
                  </Text>
                  <TextInput label={t('titleArLabel')} dir="rtl" lang="ar" maxLength={NOTIFICATION_TITLE_MAX} {...form.getInputProps('title_ar')} />
                  <Textarea label={t('bodyArLabel')} dir="rtl" lang="ar" rows={4} maxLength={NOTIFICATION_BODY_MAX} {...form.getInputProps('body_ar')} />
                </Stack>
              </Fieldset>

              <Group justify="flex-end">
                <Button type="submit" loading={send.isPending && confirming === null}>
                  {t('send')}
                </Button>
              </Group>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <BellPreview title={form.values.title} body={form.values.body} titleAr={form.values.title_ar} bodyAr={form.values.body_ar} />
          </Grid.Col>
        </Grid>
      </form>

      {confirming ? (
        <ConfirmActionDialog
          subject={confirming}
          title={t('confirmTitle', { count: recipients ?? 0 })}
          detail={t('confirmDetail', { count: recipients ?? 0, title: confirming.title })}
          confirmLabel={t('send')}
          confirmColor="teal"
          cancelLabel={t('cancel')}
          closeLabel={t('close')}
          failedText={t('sendFailed')}
          pending={send.isPending}
          onConfirm={async () => {
            try {
              await submit(confirming);
            } catch (error) {
              // Field messages belong to the form behind the dialog: close it so they show.
              if (form.showFieldErrors(error)) {
                setConfirming(null);
                return;
              }
              throw error;
            }
          }}
          onClose={() => setConfirming(null)}
        />
      ) : null}
    </Stack>
  );
}

/** How many partners the send reaches, said as soon as the audience is known (announced politely as it changes). */
function Reach({ loading, failed, recipients, queued }: { loading: boolean; failed: boolean; recipients: number | undefined; queued: boolean }) {
  const t = useText('console-notifications');
  let text: string;
  if (failed) text = t('countFailed');
  else if (loading) text = t('counting');
  else if (recipients === undefined) text = t('reachChoose');
  else if (recipients === 0) text = t('reachNobody');
  else text = t('reach', { count: recipients });
  return (
    <Stack gap={2} role="status" aria-live="polite">
      <Group gap="xs" wrap="nowrap">
        {loading ? <Loader size={14} aria-hidden="true" /> : null}
        <Text size="sm" fw={recipients ? 600 : 400} c={failed ? 'red.8' : undefined}>
          {text}
        </Text>
      </Group>
      {recipients && queued ? (
        <Text size="xs" c="dimmed">
          {t('reachQueued')}
        </Text>
      ) : null}
    </Stack>
  );
}
