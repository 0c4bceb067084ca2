import { useId } from 'react';
import { ActionIcon, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPaperclip, IconX } from '@tabler/icons-react';
import { FEEDBACK_ATTACHMENT_MAX_BYTES, FEEDBACK_ATTACHMENT_TYPES, FEEDBACK_MAX_ATTACHMENTS } from '@portal/contracts/feedback';
import { useLocale, useText } from '../../../i18n/i18n';

/** A file size in the reader's language: '38 KB', '1.2 MB'. */
export function fileSize(bytes: number, locale: string): string {
  const megabytes = bytes >= 1024 * 1024;
  return new Intl.NumberFormat(locale, { style: 'unit', unit: megabytes ? 'megabyte' : 'kilobyte', unitDisplay: 'short', maximumFractionDigits: megabytes ? 1 : 0 }).format(
    megabytes ? bytes / 1024 / 1024 : Math.max(1, Math.round(bytes / 1024)),
  );
}

/**
 * Up to 3 images or PDFs, chosen with a button and listed with a Remove button each. What the browser can tell
 * (count, size, declared type) is checked here; the server sniffs the bytes and has the last word.
 */
export function AttachmentPicker(props: { files: File[]; onChange: (files: File[]) => void; error: string | undefined; onError: (message: string | undefined) => void; disabled?: boolean }) {
  const t = useText('feedback');
  const locale = useLocale();
  const hintId = useId();
  const errorId = useId();
  const add = (chosen: File[]) => {
    const next = [...props.files, ...chosen];
    if (next.length > FEEDBACK_MAX_ATTACHMENTS) return props.onError(t('attachmentsTooMany'));
    const wrong = chosen.find((file) => !(FEEDBACK_ATTACHMENT_TYPES as readonly string[]).includes(file.type));
    if (wrong) return props.onError(t('attachmentsWrongType', { name: wrong.name }));
    const large = chosen.find((file) => file.size > FEEDBACK_ATTACHMENT_MAX_BYTES);
    if (large) return props.onError(t('attachmentsTooLarge', { name: large.name }));
    props.onError(undefined);
    props.onChange(next);
  };
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} component="span">
        {t('attachments')}
      </Text>
      <Text size="xs" c="dimmed" id={hintId}>
        {t('attachmentsHint')}
      </Text>
      {props.files.length > 0 ? (
        <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {props.files.map((file, index) => (
            <Group key={`${file.name}-${index}`} gap="xs" wrap="nowrap" component="li">
              <IconPaperclip size={16} aria-hidden />
              <Text size="sm" style={{ overflowWrap: 'anywhere', flex: 1 }}>
                {file.name} <Text span size="xs" c="dimmed">({fileSize(file.size, locale)})</Text>
              </Text>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('removeFile', { name: file.name })}
                disabled={props.disabled}
                onClick={() => {
                  props.onError(undefined);
                  props.onChange(props.files.filter((_, position) => position !== index));
                }}
              >
                <IconX size={16} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      ) : null}
      <FileButton onChange={add} accept={FEEDBACK_ATTACHMENT_TYPES.join(',')} multiple disabled={props.disabled || props.files.length >= FEEDBACK_MAX_ATTACHMENTS}>
        {(buttonProps) => (
          <Button
            {...buttonProps}
            variant="default"
            leftSection={<IconPaperclip size={16} aria-hidden />}
            aria-describedby={props.error ? `${hintId} ${errorId}` : hintId}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('attachments')}
          </Button>
        )}
      </FileButton>
      {props.error ? (
        <Text size="sm" c="red" role="alert" id={errorId}>
          {props.error}
        </Text>
      ) : null}
    </Stack>
  );
}
