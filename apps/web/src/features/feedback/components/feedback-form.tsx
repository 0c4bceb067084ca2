import { useState } from 'react';
import { Button, Group, NativeSelect, Radio, Stack, Text, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { FEEDBACK_CATEGORIES, FEEDBACK_MESSAGE_MAX, submitFeedbackRequestSchema, type FeedbackThread } from '@portal/contracts/feedback';
import { version as APP_VERSION } from '../../../../package.json';
import { useLocale, useText } from '../../../i18n/i18n';
import { notifySuccess } from '../../../lib/notify';
import { submitErrorMessage, useZodForm } from '../../../lib/use-zod-form';
import { submitFeedback } from '../api/feedback-api';
import { AttachmentPicker } from './attachment-picker';
import { useAttachments } from './use-attachments';

/**
 * Where the partner was: `?from=/bookings` when a page links here with it, else the page that opened the portal on
 * /feedback (document.referrer of the portal itself), else /feedback. Only a path of the portal is kept.
 */
export function pageOfOrigin(search: string, referrer: string, origin: string): string {
  const from = new URLSearchParams(search).get('from');
  if (from && /^\/(?!\/)/.test(from)) return from.slice(0, 2000);
  if (referrer.startsWith(`${origin}/`)) return referrer.slice(origin.length, origin.length + 2000);
  return '/feedback';
}

interface Values extends Record<string, unknown> {
  category: string;
  rating: string;
  message: string;
}

/** "Send feedback": category, an optional 1–5 rating, the message and up to 3 attachments. */
export function FeedbackForm({ onSent }: { onSent: (thread: FeedbackThread) => void }) {
  const t = useText('feedback');
  const locale = useLocale();
  const attachments = useAttachments();
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const form = useZodForm<Values, typeof submitFeedbackRequestSchema>({
    // A page may start the message (`?message=`: the knowledge base's search that found nothing).
    initialValues: { category: '', rating: '', message: (new URLSearchParams(window.location.search).get('message') ?? '').slice(0, FEEDBACK_MESSAGE_MAX) },
    schema: submitFeedbackRequestSchema,
    transform: (values) => ({ category: values.category || undefined, rating: values.rating ? Number(values.rating) : null, message: values.message }),
  });

  const send = form.onSubmit(async (data) => {
    setSending(true);
    setFailure(null);
    try {
      const attachmentIds = await attachments.upload();
      if (!attachmentIds) return;
      const thread = await submitFeedback({
        ...data,
        attachment_ids: attachmentIds,
        page_url: pageOfOrigin(window.location.search, document.referrer, window.location.origin),
        app_version: APP_VERSION,
        language: locale,
      });
      notifySuccess(t('sent'), t('sentDetail'));
      attachments.clear();
      onSent(thread);
    } catch (error) {
      if (!form.showFieldErrors(error)) setFailure(submitErrorMessage(error, t('sendFailed')));
    } finally {
      setSending(false);
    }
  });

  return (
    <form onSubmit={send} noValidate aria-labelledby="feedback-form-title">
      <Stack gap="md">
        <Text component="h2" fz="lg" fw={600} id="feedback-form-title">
          {t('formTitle')}
        </Text>
        <NativeSelect
          label={t('category')}
          required
          data={[{ value: '', label: t('categoryPlaceholder'), disabled: true }, ...FEEDBACK_CATEGORIES.map((category) => ({ value: category, label: t(`categories.${category}`) }))]}
          {...form.getInputProps('category')}
        />
        <Radio.Group label={t('rating')} {...form.getInputProps('rating')}>
          <Group gap="md" mt={6}>
            {['1', '2', '3', '4', '5'].map((value) => (
              <Radio key={value} value={value} label={value} aria-label={t('ratingOption', { value })} />
            ))}
            <Radio value="" label={t('clearRating')} />
          </Group>
        </Radio.Group>
        <Textarea
          label={t('message')}
          description={t('messageHint')}
          required
          rows={4}
          maxLength={FEEDBACK_MESSAGE_MAX}
          {...form.getInputProps('message')}
        />
        <AttachmentPicker files={attachments.files} onChange={attachments.setFiles} error={attachments.fileError ?? form.errorText('attachment_ids')} onError={attachments.setFileError} disabled={sending} />
        <Text size="xs" c="dimmed">
          {t('autoAttached')}
        </Text>
        {failure ? (
          <Text c="red" size="sm" role="alert">
            {failure}
          </Text>
        ) : null}
        <Group>
          <Button type="submit" loading={sending} leftSection={<IconSend size={16} aria-hidden />}>
            {t('send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
