import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { Button, Group, NumberInput, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { REFERRAL_AGENTS_URL } from '@portal/contracts/console-referral-agents';
import { seatLimitRequestSchema, TEAM_SEAT_LIMIT_MAX } from '@portal/contracts/team';
import { LoadingPlaceholder } from '../../components/loading-placeholder/loading-placeholder';
import { useLocale, useText } from '../../i18n/i18n';
import { notifySuccess } from '../../lib/notify';
import { errorsFromIssues, fieldErrorsOf, submitErrorMessage } from '../../lib/use-zod-form';
import { http } from '../../lib/http';
import { localizeValidationMessage } from '../../i18n/validation-messages';

const seatsSchema = z.object({ seat_limit: z.number().int(), seats_used: z.number().int() });
const seatsUrl = (agentId: number) => `${REFERRAL_AGENTS_URL}/${agentId}/seats`;

/**
 * The agent's seat limit (issue 17): how many members its team may have, invitations waiting included. Lowering it
 * below the seats in use removes nobody; the agent's owner cannot invite until seats are free again.
 */
export function SeatLimitPanel({ agentId }: { agentId: number }) {
  const t = useText('console-referral-agents');
  const locale = useLocale();
  const queryClient = useQueryClient();
  const seats = useQuery({ queryKey: [seatsUrl(agentId)], queryFn: ({ signal }) => http.get(seatsUrl(agentId), { schema: seatsSchema, signal }) });
  const [value, setValue] = useState<number | string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (seatLimit: number) => http.put(`${REFERRAL_AGENTS_URL}/${agentId}/seat-limit`, { seat_limit: seatLimit }, { schema: seatsSchema }),
    onSuccess: (answer) => queryClient.setQueryData([seatsUrl(agentId)], answer),
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const parsed = seatLimitRequestSchema.safeParse({ seat_limit: typeof value === 'number' ? value : Number(value ?? seats.data?.seat_limit) });
    if (!parsed.success) {
      setError(errorsFromIssues(parsed.error.issues).seat_limit ?? null);
      return;
    }
    try {
      const answer = await save.mutateAsync(parsed.data.seat_limit);
      setValue(null);
      notifySuccess(t('seats.saved'), t('seats.savedDetail', { limit: answer.seat_limit }));
    } catch (failure) {
      setError(fieldErrorsOf(failure)?.seat_limit ?? submitErrorMessage(failure, t('seats.saveFailed')));
    }
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="agent-seats-heading">
      <Stack gap="md">
        <Title order={2} size="h4" id="agent-seats-heading">
          {t('seats.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('seats.description')}
        </Text>
        {seats.isPending ? (
          <LoadingPlaceholder label={t('seats.loading')}><Skeleton height={60} /></LoadingPlaceholder>
        ) : seats.isError || !seats.data ? (
          // Not an alert: the rest of the page works, and a missing figure is not urgent.
          <Text size="sm" c="red.8">
            {t('seats.loadFailed')}
          </Text>
        ) : (
          <form onSubmit={(event) => void submit(event)} noValidate aria-busy={save.isPending}>
            <Stack gap="sm">
              <Text size="sm">{t('seats.inUse', { used: seats.data.seats_used, limit: seats.data.seat_limit })}</Text>
              <Group align="flex-end" gap="sm" wrap="wrap">
                <NumberInput
                  label={t('seats.limit')}
                  min={1}
                  max={TEAM_SEAT_LIMIT_MAX}
                  allowDecimal={false}
                  allowNegative={false}
                  clampBehavior="none"
                  value={value ?? seats.data.seat_limit}
                  onChange={(next) => {
                    setValue(next);
                    setError(null);
                  }}
                  error={error ? localizeValidationMessage(error, locale) : undefined}
                  errorProps={{ role: 'alert' }}
                  w={{ base: '100%', xs: 200 }}
                />
                <Button type="submit" loading={save.isPending}>
                  {t('seats.save')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
