/**
 * A conversation between a partner and the support team (issue 32): the partner's feedback thread and the console's
 * show the same messages, and booking requests and reconciliation disputes will too. Each side maps its messages to
 * `ConversationEntry` (its words for the author, a badge, the attachments' links) and keeps its own reply rules; the
 * cards, their dates, the tone of support's and internal messages and the reply form's frame are here, once.
 */
import type { FormEventHandler, ReactNode } from 'react';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useFormat } from '../../i18n/format';

export interface ConversationAttachment {
  id: number;
  href: string;
  /** The link's words ('Download report.pdf (120 KB)'). */
  text: string;
  /** Asks the browser to save the file under this name. */
  download?: string;
}

export interface ConversationEntry {
  id: number;
  /** The author as the reader should see them ('Support: Layla Mansour'). */
  author: string;
  /** The card's accessible name. @default `author` */
  label?: string;
  createdAt: string;
  body: string;
  /** `support` tints the team's messages, `note` an internal note only operators see. */
  tone?: 'support' | 'note' | undefined;
  /** Beside the author (an "Internal note" badge). */
  badge?: ReactNode;
  attachments: readonly ConversationAttachment[];
}

const TONE_BACKGROUND = { support: 'var(--mantine-color-blue-light)', note: 'var(--mantine-color-yellow-light)' } as const;

function MessageCard({ entry }: { entry: ConversationEntry }) {
  const format = useFormat();
  return (
    <Paper component="article" withBorder radius="md" p="sm" bg={entry.tone ? TONE_BACKGROUND[entry.tone] : undefined} aria-label={entry.label ?? entry.author}>
      <Group justify="space-between" gap="xs" mb={4}>
        <Group gap="xs">
          <Text fw={600} size="sm">
            {entry.author}
          </Text>
          {entry.badge}
        </Group>
        <Text size="xs" c="dimmed" component="time" dateTime={entry.createdAt}>
          {format.date(entry.createdAt)} {format.time(entry.createdAt)}
        </Text>
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {entry.body}
      </Text>
      {entry.attachments.length > 0 ? (
        <Stack gap={2} mt="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {entry.attachments.map((attachment) => (
            <li key={attachment.id}>
              <Anchor href={attachment.href} size="sm" download={attachment.download} style={{ overflowWrap: 'anywhere' }}>
                <IconDownload size={14} aria-hidden /> {attachment.text}
              </Anchor>
            </li>
          ))}
        </Stack>
      ) : null}
    </Paper>
  );
}

/** The messages, oldest first, as a section named `label` ('Conversation'). */
export function Conversation({ label, entries }: { label: string; entries: readonly ConversationEntry[] }) {
  return (
    <Stack gap="sm" component="section" aria-label={label}>
      {entries.map((entry) => (
        <MessageCard key={entry.id} entry={entry} />
      ))}
    </Stack>
  );
}

export interface ConversationReplyProps {
  /** The heading's id, which names the form. */
  id: string;
  title: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Why sending failed, without a field to show it at. */
  failure: string | null;
  /** The fields: the message, then the side's own (attachments, "internal note"). */
  children: ReactNode;
  /** The send button. */
  submit: ReactNode;
}

/** The reply form's frame: a titled form, its fields, a failure in an alert, the send button. */
export function ConversationReply({ id, title, onSubmit, failure, children, submit }: ConversationReplyProps) {
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
        {failure ? (
          <Text c="red" size="sm" role="alert">
            {failure}
          </Text>
        ) : null}
        <Group>{submit}</Group>
      </Stack>
    </form>
  );
}
