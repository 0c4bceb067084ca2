import { Anchor, Button, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { LoadingPlaceholder } from '../../../components/loading-placeholder/loading-placeholder';
import { LoadFailedAlert } from '../../../components/query-view/query-view';
import { useFormat } from '../../../i18n/format';
import { useText } from '../../../i18n/i18n';
import { useRateText } from '../../../lib/rate-text';
import { useIndividualContract } from '../api/agreements-api';
import { AgreementReader } from '../components/agreement-reader';
import { AgreementStatusBadge } from '../components/agreement-status-badge';
import { SignedPdfButton } from '../components/signed-pdf-button';
import { useOpenAgreement } from './agreements-page';
import { TableScroller } from '../../../components/data-table/scroll-region-frame';

/**
 * /individual-contract (spec §2; issue 15): the terms negotiated for the agent: its dates, its acceptance, the rates
 * that replace the commission structure's while it runs, and its text (to read and sign, for an owner).
 */
export function IndividualContractPage() {
  const t = useText('agreements');
  const format = useFormat();
  const rates = useRateText();
  const contract = useIndividualContract();
  const [openId, open] = useOpenAgreement();

  let body;
  if (contract.isPending) {
    body = <LoadingPlaceholder label={t('loading')}><Skeleton h={220} radius="md" /></LoadingPlaceholder>;
  } else if (contract.isError) {
    body = (
      <LoadFailedAlert title={t('loadFailed')} retryLabel={t('tryAgain')} onRetry={() => void contract.refetch()} retrying={contract.isFetching} />
    );
  } else if (!contract.data.contract) {
    body = (
      <Stack gap="xs">
        <Text size="sm">{t('noIndividual')}</Text>
        <Anchor component={Link} to="/commission-structure" size="sm">
          {t('goToCommissionStructure')}
        </Anchor>
      </Stack>
    );
  } else {
    const detail = contract.data.contract;
    const schedule = detail.rate_schedule ?? [];
    body = (
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="individual-contract-title">
        <Stack gap="md">
          <Group justify="space-between" gap="sm" wrap="wrap" align="flex-start">
            <Stack gap={2}>
              <Title order={2} size="h4" id="individual-contract-title">
                {detail.title}
              </Title>
              <Text size="sm" c="dimmed">
                {detail.expires_at ? t('validity', { from: format.date(detail.effective_at), to: format.date(detail.expires_at) }) : t('effective', { date: format.date(detail.effective_at) })}
              </Text>
            </Stack>
            <AgreementStatusBadge status={detail.status} />
          </Group>
          <Text size="sm">{detail.acceptance ? t('signedBy', { name: detail.acceptance.signer_name, date: format.date(detail.acceptance.signed_at) }) : t('notSigned')}</Text>
          {schedule.length > 0 ? (
            <TableScroller label={t('reader.ratesCaption')} minWidth={420}>
              <Table aria-label={t('reader.ratesCaption')} verticalSpacing="xs" striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('reader.scope')}</Table.Th>
                    <Table.Th scope="col">{t('reader.rate')}</Table.Th>
                    <Table.Th scope="col">{t('reader.refund')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {schedule.map((row, index) => (
                    <Table.Tr key={index}>
                      <Table.Td>{rates.scope(row.scope)}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{rates.rate(row.rate)}</Table.Td>
                      <Table.Td>{t('reader.days', { count: row.refund_window_days })}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroller>
          ) : null}
          <Group gap="xs">
            <Button size="sm" variant={detail.status === 'action_needed' ? 'filled' : 'default'} onClick={() => open(detail.id)}>
              {detail.status === 'action_needed' ? t('readAndSign') : t('read')}
            </Button>
            {detail.acceptance ? <SignedPdfButton id={detail.id} title={detail.title} version={detail.version} size="sm" /> : null}
          </Group>
        </Stack>
      </Card>
    );
  }

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('individualTitle')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('individualIntro')}
        </Text>
      </Stack>
      {body}
      {openId !== null ? <AgreementReader id={openId} onClose={() => open(null)} /> : null}
    </Stack>
  );
}
