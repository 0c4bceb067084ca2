import { Link } from 'react-router';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { LoadingLine } from '../../../components/loading-placeholder/loading-placeholder';
import { QueryView } from '../../../components/query-view/query-view';
import { IconBuildingBank } from '@tabler/icons-react';
import { useText } from '../../../i18n/i18n';
import { usePaymentDetails, useLivePaymentDetails } from '../api/payment-details-api';
import { ChangeLog } from '../components/change-log';
import { PaymentDetailsCard } from '../components/payment-details-card';
import { EDIT_PAYMENT_DETAILS_PATH } from '../payment-details-paths';

/**
 * /payment-details (issue 16, docs/payment-details.md), for owners and finance: where payouts go (the account masked
 * to its last four), whether the programme team has verified it (payouts wait until it has; a frozen one gets none),
 * the last change, and the change log. Without details, why payouts need them and a way to add them.
 */
export function PaymentDetailsPage() {
  const t = useText('payment-details');
  const query = usePaymentDetails();
  useLivePaymentDetails();

  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('intro')}
        </Text>
      </Stack>
      <QueryView
        query={query}
        loading={
          <LoadingLine label={t('loading')} />
        }
        failedTitle={t('loadFailed')}
        retryLabel={t('tryAgain')}
      >
        {(data) => (
        <>
          {data.details ? (
            <PaymentDetailsCard details={data.details} />
          ) : (
            <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="payment-details-empty-title">
              <Stack gap="sm" align="flex-start">
                <IconBuildingBank size={32} stroke={1.5} aria-hidden />
                <Title order={2} size="h4" id="payment-details-empty-title">
                  {t('empty.title')}
                </Title>
                <Text size="sm">{t('empty.text')}</Text>
                <Button component={Link} to={EDIT_PAYMENT_DETAILS_PATH}>
                  {t('empty.add')}
                </Button>
              </Stack>
            </Paper>
          )}
          {(data.details || data.events.length > 0) && <ChangeLog events={data.events} />}
        </>
        )}
      </QueryView>
    </Stack>
  );
}
