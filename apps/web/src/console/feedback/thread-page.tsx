import { useState } from 'react';
import { useParams } from 'react-router';
import { Badge, Button, Checkbox, Group, NativeSelect, Paper, SimpleGrid, Text, Textarea } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { FEEDBACK_MESSAGE_MAX, FEEDBACK_STATUSES, type FeedbackStatus } from '@portal/contracts/feedback';
import { consoleFeedbackReplyRequestSchema, type ConsoleFeedbackThread } from '@portal/contracts/console-feedback';
import { Conversation, ConversationReply, type ConversationEntry } from '../../components/conversation/conversation';
import { PageHeader } from '../../components/page-header/page-header';
import { useFormat } from '../../i18n/format';
import { useText } from '../../i18n/i18n';
import { errorMessage } from '../../lib/http';
import { notifyError, notifySuccess } from '../../lib/notify';
import { submitErrorMessage, useZodForm } from '../../lib/use-zod-form';
import { RecordField, RecordPage } from '../components/record-page';
import { attachmentUrl, changeAssignee, changeStatus, replyToThread, useAfterThreadWrite, useFeedbackOptions, useFeedbackThread } from './feedback-api';
import { FEEDBACK_CONSOLE_PATH } from './feedback-paths';
import { FeedbackStatusBadge } from './feedback-status-badge';

/** The thread's messages as the conversation shows them: support's tinted, internal notes marked as only operators see them. */
function ThreadConversation({ thread }: { thread: ConsoleFeedbackThread }) {
  const t = useText('console-feedback');
  const entries = thread.messages.map(
    (message): ConversationEntry => ({
      id: message.id,
      author: message.author_type === 'operator' ? t('operatorLabel', { name: message.author_name }) : message.author_name,
      label: message.internal ? t('internalNote') : message.author_name,
      createdAt: message.created_at,
      body: message.body,
      tone: message.internal ? 'note' : message.author_type === 'operator' ? 'support' : undefined,
      badge: message.internal ? (
        <Badge color="yellow" variant="filled" autoContrast tt="none" leftSection={<IconLock size={12} aria-hidden />}>
          {t('internalNote')}
        </Badge>
      ) : null,
      attachments: message.attachments.map((attachment) => ({ id: attachment.id, href: attachmentUrl(thread.id, attachment.id), text: t('download', { name: attachment.name }) })),
    }),
  );
  return <Conversation label={t('conversation')} entries={entries} />;
}

interface Values extends Record<string, unknown> {
  message: string;
  internal: boolean;
}

function ReplyForm({ thread }: { thread: ConsoleFeedbackThread }) {
  const t = useText('console-feedback');
  const afterWrite = useAfterThreadWrite();
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const closed = thread.status === 'closed';
  const form = useZodForm<Values, typeof consoleFeedbackReplyRequestSchema>({ initialValues: { message: '', internal: closed }, schema: consoleFeedbackReplyRequestSchema });
  const internal = closed || form.values.internal;
  const send = form.onSubmit(async (data) => {
    setSending(true);
    setFailure(null);
    try {
      afterWrite(await replyToThread(thread.id, { message: data.message, internal }));
      if (internal) notifySuccess(t('noteAdded'), t('noteAddedDetail'));
      else notifySuccess(t('replySent'), t('replySentDetail'));
      form.setFieldValue('message', '');
    } catch (error) {
      if (!form.showFieldErrors(error)) setFailure(submitErrorMessage(error, t('actionFailed')));
    } finally {
      setSending(false);
    }
  });
  return (
    <ConversationReply
      id="console-feedback-reply"
      title={t('replyTitle')}
      onSubmit={send}
      failure={failure}
      submit={
        <Button type="submit" loading={sending} color={internal ? 'yellow' : undefined}>
          {internal ? t('addNote') : t('sendReply')}
        </Button>
      }
    >
      {closed ? (
        <Text size="sm" c="dimmed">
          {t('closedHint')}
        </Text>
      ) : null}
      <Textarea label={t('replyLabel')} required rows={3} maxLength={FEEDBACK_MESSAGE_MAX} {...form.getInputProps('message')} />
      <Checkbox label={t('internalToggle')} disabled={closed} {...form.getCheckboxProps('internal')} checked={internal} />
    </ConversationReply>
  );
}

function Controls({ thread }: { thread: ConsoleFeedbackThread }) {
  const t = useText('console-feedback');
  const options = useFeedbackOptions();
  const afterWrite = useAfterThreadWrite();
  const [busy, setBusy] = useState(false);
  const run = async (write: () => Promise<ConsoleFeedbackThread>, success: (next: ConsoleFeedbackThread) => [string, string]) => {
    setBusy(true);
    try {
      const next = await write();
      afterWrite(next);
      const [title, message] = success(next);
      notifySuccess(title, message);
    } catch (error) {
      notifyError(t('actionFailed'), errorMessage(error, t('actionFailed')));
    } finally {
      setBusy(false);
    }
  };
  const operators = options.data?.operators ?? (thread.assignee ? [thread.assignee] : []);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <NativeSelect
        label={t('changeStatus')}
        value={thread.status}
        disabled={busy}
        onChange={(event) => {
          const status = event.currentTarget.value as FeedbackStatus;
          void run(() => changeStatus(thread.id, status), () => [t('statusChanged'), t('statusChangedDetail', { status: t(`statuses.${status}`) })]);
        }}
      >
        {FEEDBACK_STATUSES.map((status) => (
          <option key={status} value={status}>
            {t(`statuses.${status}`)}
          </option>
        ))}
      </NativeSelect>
      <NativeSelect
        label={t('assign')}
        value={thread.assignee ? String(thread.assignee.id) : ''}
        disabled={busy}
        onChange={(event) => {
          const value = event.currentTarget.value;
          const id = value ? Number(value) : null;
          void run(
            () => changeAssignee(thread.id, id),
            (next) => [t('assigned'), next.assignee ? t('assignedDetail', { name: next.assignee.name }) : t('unassignedDetail')],
          );
        }}
      >
        <option value="">{t('unassigned')}</option>
        {operators.map((operator) => (
          <option key={operator.id} value={String(operator.id)}>
            {operator.name}
          </option>
        ))}
      </NativeSelect>
    </SimpleGrid>
  );
}

/** /console/feedback/:id: the thread with its internal notes and attachments; status, assignee, replies and notes. */
export function FeedbackThreadPage() {
  const t = useText('console-feedback');
  const format = useFormat();
  const id = Number(useParams().id);
  const record = useFeedbackThread(Number.isInteger(id) && id > 0 ? id : 0);
  return (
    <RecordPage
      back={{ to: FEEDBACK_CONSOLE_PATH, label: t('back') }}
      title={t('threadTitle')}
      record={record}
      notFound={t('notFound')}
      loadFailed={t('threadLoadFailed')}
      maw={900}
    >
      {(thread) => (
        <>
          <PageHeader title={`${t('threadTitle')} #${thread.id}`}>
            <Group gap="xs">
              <FeedbackStatusBadge status={thread.status} />
              <Badge variant="default" tt="none">
                {t(`categories.${thread.category}`)}
              </Badge>
            </Group>
          </PageHeader>
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-label={t('facts')}>
            <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" m={0}>
              <RecordField label={t('sentBy')}>
                {thread.author.name} · <span dir="ltr">{thread.author_email}</span>
              </RecordField>
              <RecordField label={t('agent')}>{thread.referral_agent.name}</RecordField>
              <RecordField label={t('sentOn')}>{`${format.date(thread.created_at)} ${format.time(thread.created_at)}`}</RecordField>
              <RecordField label={t('rating')}>{thread.rating === null ? t('noRating') : t('ratingValue', { value: thread.rating })}</RecordField>
              <RecordField label={t('page')}>
                <span dir="ltr" style={{ overflowWrap: 'anywhere' }}>
                  {thread.page_url ?? '-'}
                </span>
              </RecordField>
              <RecordField label={t('appVersion')}>{`${thread.app_version ?? '-'} · ${t('language')}: ${thread.language ?? '-'}`}</RecordField>
            </SimpleGrid>
          </Paper>
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
            <Controls thread={thread} />
          </Paper>
          <ThreadConversation thread={thread} />
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
            <ReplyForm key={thread.status === 'closed' ? 'closed' : 'open'} thread={thread} />
          </Paper>
        </>
      )}
    </RecordPage>
  );
}
