import { Link } from 'react-router';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { LoadingLine } from '../../../components/loading-placeholder/loading-placeholder';
import { QueryView } from '../../../components/query-view/query-view';
import { useText } from '../../../i18n/i18n';
import { usePaymentDetails } from '../api/payment-details-api';
import { PaymentDetailsForm } from '../components/payment-details-form';
import { PAYMENT_DETAILS_PATH } from '../payment-details-paths';

/**
 * /edit-payment-details (issue 16, docs/payment-details.md), for owners and finance: the form, started from the
 * current details (all but the account, which the server never sends), once they have loaded.
 */
export function EditPaymentDetailsPage() {
  const t = useText('payment-details');
  const query = usePaymentDetails();
  return (
    <Stack gap="lg" maw={720}>
      <Stack gap={4}>
        <Anchor component={Link} to={PAYMENT_DETAILS_PATH} size="sm">
          {t('form.back')}
        </Anchor>
        <Title order={1} size="h2">
          {t('editTitle')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('form.intro')}
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
        {(data) => <PaymentDetailsForm current={data.details} />}
      </QueryView>
    </Stack>
  );
}
