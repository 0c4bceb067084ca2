import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Loader, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconArrowBack, IconDownload, IconSend } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { FEEDBACK_MESSAGE_MAX, feedbackReplyRequestSchema, type FeedbackMessage, type FeedbackThread } from '@portal/contracts/feedback';
import { LoadFailedAlert } from '../../../components/query-view/query-view';
import { useFormat } from '../../../i18n/format';
import { useLocale, useText } from '../../../i18n/i18n';
import { isHttpError } from '../../../lib/http';
import { notifySuccess } from '../../../lib/notify';
import { submitErrorMessage, useZodForm } from '../../../lib/use-zod-form';
import { attachmentUrl, replyToFeedback, useAfterFeedbackWrite, useFeedbackThread } from '../api/feedback-api';
import { useLiveFeedback } from '../api/use-live-feedback';
import { AttachmentPicker, fileSize } from '../components/attachment-picker';
import { useAttachments } from '../components/use-attachments';
import { FeedbackStatusBadge } from '../components/feedback-status-badge';

function MessageCard({ threadId, message }: { threadId: number; message: FeedbackMessage }) {
  const t = useText('feedback');
  const format = useFormat();
  const locale = useLocale();
  const fromSupport = message.author_type === 'operator';
  return (
    <Paper component="article" withBorder radius="md" p="sm" bg={fromSupport ? 'var(--mantine-color-blue-light)' : undefined} aria-label={message.author_name}>
      <Group justify="space-between" gap="xs" mb={4}>
        <Text fw={600} size="sm">
          {message.author_name}
        </Text>
        <Text size="xs" c="dimmed" component="time" dateTime={message.created_at}>
          {format.date(message.created_at)} {format.time(message.created_at)}
        </Text>
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {message.body}
      </Text>
      {message.attachments.length > 0 ? (
        <Stack gap={2} mt="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {message.attachments.map((attachment) => (
            <li key={attachment.id}>
              <Anchor href={attachmentUrl(threadId, attachment.id)} size="sm" download={attachment.name} style={{ overflowWrap: 'anywhere' }}>
                <IconDownload size={14} aria-hidden /> {t('download', { name: attachment.name, size: fileSize(attachment.size, locale) })}
              </Anchor>
            </li>
          ))}
        </Stack>
      ) : null}
    </Paper>
  );
}

interface Values extends Record<string, unknown> {
  message: string;
}

function ReplyForm({ thread }: { thread: FeedbackThread }) {
  const t = useText('feedback');
  const afterWrite = useAfterFeedbackWrite();
  const attachments = useAttachments();
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const form = useZodForm<Values, typeof feedbackReplyRequestSchema>({ initialValues: { message: '' }, schema: feedbackReplyRequestSchema });
  const send = form.onSubmit(async (data) => {
    setSending(true);
    setFailure(null);
    try {
      const attachmentIds = await attachments.upload();
      if (!attachmentIds) return;
      afterWrite(await replyToFeedback(thread.id, { message: data.message, attachment_ids: attachmentIds }));
      notifySuccess(t('replied'), t('sentDetail'));
      attachments.clear();
      form.setFieldValue('message', '');
    } catch (error) {
      if (!form.showFieldErrors(error)) setFailure(submitErrorMessage(error, t('replyFailed')));
    } finally {
      setSending(false);
    }
  });
  return (
    <form onSubmit={send} noValidate aria-labelledby="feedback-reply-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="feedback-reply-title">
          {t('replyTitle')}
        </Title>
        <Textarea label={t('message')} required rows={3} maxLength={FEEDBACK_MESSAGE_MAX} {...form.getInputProps('message')} />
        <AttachmentPicker files={attachments.files} onChange={attachments.setFiles} error={attachments.fileError ?? form.errorText('attachment_ids')} onError={attachments.setFileError} disabled={sending} />
        {failure ? (
          <Text c="red" size="sm" role="alert">
            {failure}
          </Text>
        ) : null}
        <Group>
          <Button type="submit" loading={sending} leftSection={<IconSend size={16} aria-hidden />}>
            {t('reply')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /feedback/:id: one thread, its conversation with the support team and attachments, and the reply form until closed. */
export function FeedbackThreadPage() {
  const t = useText('feedback');
  const format = useFormat();
  const id = Number(useParams().id);
  const query = useFeedbackThread(Number.isInteger(id) && id > 0 ? id : 0);
  useLiveFeedback();
  const back = (
    <Anchor component={Link} to="/feedback" size="sm">
      <IconArrowBack size={14} aria-hidden /> {t('back')}
    </Anchor>
  );
  if (query.isPending) {
    return (
      <Stack gap="md">
        {back}
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden />
          <Text>{t('loading')}</Text>
        </Group>
      </Stack>
    );
  }
  if (query.isError) {
    const missing = isHttpError(query.error, 404) || isHttpError(query.error, 422);
    return (
      <Stack gap="md">
        {back}
        <Title order={1} size="h2">
          {t('threadTitle')}
        </Title>
        {missing ? (
          <Alert color="gray" role="alert">
            <Text>{t('threadNotFound')}</Text>
          </Alert>
        ) : (
          <LoadFailedAlert title={t('threadLoadFailed')} retryLabel={t('retry')} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        )}
      </Stack>
    );
  }
  const thread = query.data;
  return (
    <Stack gap="lg">
      {back}
      <Stack gap={6}>
        <Title order={1} size="h2">
          {t('threadTitle')}
        </Title>
        <Group gap="xs">
          <FeedbackStatusBadge status={thread.status} />
          <Badge variant="default" tt="none">
            {t(`categories.${thread.category}`)}
          </Badge>
          <Text size="sm" c="dimmed">
            {t('sentOn', { date: format.date(thread.created_at) })} · {thread.author.name} ·{' '}
            {thread.rating === null ? t('noRating') : t('ratingValue', { value: thread.rating })}
          </Text>
        </Group>
      </Stack>
      <Stack gap="sm" component="section" aria-label={t('conversation')}>
        {thread.messages.map((message) => (
          <MessageCard key={message.id} threadId={thread.id} message={message} />
        ))}
      </Stack>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        {thread.can_reply ? (
          <ReplyForm thread={thread} />
        ) : (
          <Text c="dimmed" role="note">
            {t('closedNote')}
          </Text>
        )}
      </Paper>
    </Stack>
  );
}
