import { useState } from 'react';
import { Button, Group, List, Paper, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { operatorCan } from '@portal/contracts/operator-permissions';
import { consolePartnerReferralCodeSchema, consolePartnerReferralCodeUrl } from '@portal/contracts/referral-details';
import { LoadingPlaceholder } from '../../components/loading-placeholder/loading-placeholder';
import { LoadFailedAlert } from '../../components/query-view/query-view';
import { useFormat } from '../../i18n/format';
import { useText } from '../../i18n/i18n';
import { http } from '../../lib/http';
import { ConfirmActionDialog } from '../components/confirm-action-dialog';
import { RecordField } from '../components/record-page';
import { useOperator } from '../session/require-operator';
import './partner-referral-code-messages';

/**
 * The partner page's Referral code section: the partner's current code and link, the retired codes that still work,
 * and (partners.manage) regenerating it, audited by the server.
 */
export function PartnerReferralCode({ partnerId }: { partnerId: number }) {
  const t = useText('console-referral-codes');
  const format = useFormat();
  const operator = useOperator();
  const queryClient = useQueryClient();
  const url = consolePartnerReferralCodeUrl(partnerId);
  const referral = useQuery({ queryKey: [url], queryFn: ({ signal }) => http.get(url, { schema: consolePartnerReferralCodeSchema, signal }) });
  const regenerate = useMutation({
    mutationFn: () => http.post(`${url}/regenerate`, {}, { schema: consolePartnerReferralCodeSchema }),
    onSuccess: (data) => queryClient.setQueryData([url], data),
  });
  const [confirming, setConfirming] = useState(false);
  const mayRegenerate = operatorCan(operator.role, 'partners.manage');

  let body;
  if (referral.isPending) body = <LoadingPlaceholder label={t('loading')}><Skeleton h={48} /></LoadingPlaceholder>;
  else if (referral.isError)
    body = (
      <LoadFailedAlert title={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void referral.refetch()} retrying={referral.isFetching} />
    );
  else if (!referral.data.code) body = <Text c="dimmed">{t('none')}</Text>;
  else
    body = (
      <>
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2, md: 3 }} spacing="md" m={0}>
          <RecordField label={t('code')}>
            <Text span ff="monospace" fw={700} dir="ltr" data-testid="partner-referral-code">
              {referral.data.code}
            </Text>
          </RecordField>
          <RecordField label={t('link')}>
            <Text span dir="ltr" style={{ overflowWrap: 'anywhere' }}>
              {referral.data.link}
            </Text>
          </RecordField>
          <RecordField label={t('since')}>{referral.data.created_at ? format.date(referral.data.created_at) : '-'}</RecordField>
        </SimpleGrid>
        {referral.data.previous_codes.length > 0 ? (
          <>
            <Text size="sm" fw={600} mt="sm" id="partner-previous-codes">
              {t('previous')}
            </Text>
            <List size="sm" aria-labelledby="partner-previous-codes">
              {referral.data.previous_codes.map((previous) => (
                <List.Item key={previous.code}>
                  <bdi>{t('previousUntil', { code: previous.code, date: format.date(previous.works_until) })}</bdi>
                </List.Item>
              ))}
            </List>
          </>
        ) : null}
      </>
    );

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="partner-referral-code-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="partner-referral-code-title">
          {t('title')}
        </Title>
        {mayRegenerate && referral.isSuccess ? (
          <Button size="xs" variant="light" onClick={() => setConfirming(true)}>
            {t('regenerate')}
          </Button>
        ) : null}
      </Group>
      {body}
      {confirming ? (
        <ConfirmActionDialog
          subject={partnerId}
          title={t('confirmTitle')}
          detail={t('confirmDetail')}
          confirmLabel={t('confirm')}
          confirmColor="teal"
          cancelLabel={t('cancel')}
          closeLabel={t('close')}
          failedText={t('failed')}
          pending={regenerate.isPending}
          onConfirm={async () => {
            await regenerate.mutateAsync();
          }}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </Paper>
  );
}
