import { useState } from 'react';
import { Button, Chip, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconThumbDown, IconThumbUp } from '@tabler/icons-react';
import { LEARNING_VOTE_REASON_MAX, VOTE_REASONS } from '@portal/contracts/learning';
import { useLearningText } from '../learning-messages';
import { errorMessage } from '../../../lib/http';
import { useVote } from '../api/learning-api';
import { noPrintClass } from './content-body';

/**
 * "Was this helpful?" for the version the partner reads: one vote per partner per version (changing it is allowed);
 * a "no" asks what was missing, with reason chips and an optional line.
 */
export function HelpfulVote({ itemId, myVote }: { itemId: number; myVote: { helpful: boolean; reason: string | null } | null }) {
  const t = useLearningText();
  const vote = useVote(itemId);
  const [askingWhy, setAskingWhy] = useState(false);
  const [reason, setReason] = useState<string | null>(null);
  const [other, setOther] = useState('');
  const current = vote.data?.my_vote ?? myVote;

  const send = (helpful: boolean, why: string | null = null) => {
    vote.mutate({ helpful, reason: why }, { onSuccess: () => setAskingWhy(false) });
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('vote.question')} className={noPrintClass}>
      <Stack gap="sm">
        <Group gap="sm" wrap="wrap">
          <Text fw={600}>{t('vote.question')}</Text>
          <Button size="xs" variant={current?.helpful === true ? 'filled' : 'default'} leftSection={<IconThumbUp size={16} aria-hidden="true" />} aria-pressed={current?.helpful === true} onClick={() => send(true)} loading={vote.isPending && vote.variables.helpful}>
            {t('vote.yes')}
          </Button>
          <Button size="xs" variant={current?.helpful === false ? 'filled' : 'default'} leftSection={<IconThumbDown size={16} aria-hidden="true" />} aria-pressed={current?.helpful === false} onClick={() => setAskingWhy(true)}>
            {t('vote.no')}
          </Button>
        </Group>
        {askingWhy ? (
          <Stack gap="xs">
            <Text size="sm">{t('vote.why')}</Text>
            <Chip.Group value={reason ?? ''} onChange={(value) => setReason(typeof value === 'string' && value ? value : null)}>
              <Group gap="xs">
                {VOTE_REASONS.map((key) => (
                  <Chip key={key} value={key} size="xs">
                    {t(`vote.reasons.${key}`)}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
            <Textarea label={t('vote.other')} value={other} onChange={(event) => setOther(event.currentTarget.value)} maxLength={LEARNING_VOTE_REASON_MAX} rows={2} />
            <Button size="xs" w="fit-content" onClick={() => send(false, [reason, other.trim()].filter(Boolean).join(': ') || null)} loading={vote.isPending}>
              {t('vote.send')}
            </Button>
          </Stack>
        ) : null}
        {vote.isSuccess ? (
          <Text size="sm" role="status">
            {t('vote.thanks')}
          </Text>
        ) : null}
        {vote.isError ? (
          <Text size="sm" c="red" role="alert">
            {errorMessage(vote.error, t('vote.failed'))}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
