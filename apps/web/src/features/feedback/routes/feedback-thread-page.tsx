import { useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { FEEDBACK_MESSAGE_MAX, feedbackReplyRequestSchema, type FeedbackThread } from '@portal/contracts/feedback';
import { Conversation, ConversationReply, type ConversationEntry } from '../../../components/conversation/conversation';
import { BackLink, PageHeader } from '../../../components/page-header/page-header';
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

/** The thread's messages as the conversation shows them: the team's tinted, each attachment a download with its size. */
function ThreadConversation({ thread }: { thread: FeedbackThread }) {
  const t = useText('feedback');
  const locale = useLocale();
  const entries = thread.messages.map((message): ConversationEntry => ({
    id: message.id,
    author: message.author_name,
    createdAt: message.created_at,
    body: message.body,
    tone: message.author_type === 'operator' ? 'support' : undefined,
    attachments: message.attachments.map((attachment) => ({
      id: attachment.id,
      href: attachmentUrl(thread.id, attachment.id),
      text: t('download', { name: attachment.name, size: fileSize(attachment.size, locale) }),
      download: attachment.name,
    })),
  }));
  return <Conversation label={t('conversation')} entries={entries} />;
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
    <ConversationReply
      id="feedback-reply-title"
      title={t('replyTitle')}
      onSubmit={send}
      failure={failure}
      submit={
        <Button type="submit" loading={sending} leftSection={<IconSend size={16} aria-hidden />}>
          {t('reply')}
        </Button>
      }
    >
      <Textarea label={t('message')} required rows={3} maxLength={FEEDBACK_MESSAGE_MAX} {...form.getInputProps('message')} />
      <AttachmentPicker files={attachments.files} onChange={attachments.setFiles} error={attachments.fileError ?? form.errorText('attachment_ids')} onError={attachments.setFileError} disabled={sending} />
    </ConversationReply>
  );
}

/** /feedback/:id: one thread, its conversation with the support team and attachments, and the reply form until closed. */
export function FeedbackThreadPage() {
  const t = useText('feedback');
  const format = useFormat();
  const id = Number(useParams().id);
  const query = useFeedbackThread(Number.isInteger(id) && id > 0 ? id : 0);
  useLiveFeedback();
  const back = <BackLink to="/feedback">{t('back')}</BackLink>;
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
        <PageHeader back={{ to: '/feedback', label: t('back') }} title={t('threadTitle')} />
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
      <PageHeader back={{ to: '/feedback', label: t('back') }} title={t('threadTitle')}>
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
      </PageHeader>
      <ThreadConversation thread={thread} />
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
