import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { PAYMENT_DETAILS_STATUS_COLORS } from '../../../lib/status-colors';
import { IconPencil } from '@tabler/icons-react';
import type { PaymentDetails } from '@portal/contracts/payment-details';
import { useFormat } from '../../../i18n/format';
import { useLocale, useText } from '../../../i18n/i18n';
import { countryName } from '../../../lib/country-names';
import { EDIT_PAYMENT_DETAILS_PATH } from '../payment-details-paths';
import { Ltr } from './ltr';


/** The verification as a badge, with what it means for payouts beside it. */
export function VerificationStatus({ details }: { details: PaymentDetails }) {
  const t = useText('payment-details');
  const format = useFormat();
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="wrap">
        <Badge color={PAYMENT_DETAILS_STATUS_COLORS[details.status]} variant="dot" radius="sm" tt="none" size="lg">
          {t(`status.${details.status}`)}
        </Badge>
        {details.status === 'verified' && details.verified_at && (
          <Text size="sm" c="dimmed">
            {t('verifiedOn', { date: format.date(details.verified_at) })}
          </Text>
        )}
      </Group>
      <Text size="sm">{t(`statusText.${details.status}`)}</Text>
    </Stack>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text component="dd" m={0} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** The details as the partner reads them: the method, the holder, the bank's country and codes, the account masked. */
export function PaymentDetailsCard({ details }: { details: PaymentDetails }) {
  const t = useText('payment-details');
  const locale = useLocale();
  const format = useFormat();
  const when = `${format.date(details.updated_at)} ${format.time(details.updated_at)}`;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="payment-details-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <Title order={2} size="h4" id="payment-details-title">
            {t('detailsTitle')}
          </Title>
          <Button component={Link} to={EDIT_PAYMENT_DETAILS_PATH} variant="light" leftSection={<IconPencil size={16} aria-hidden />}>
            {t('edit')}
          </Button>
        </Group>
        <VerificationStatus details={details} />
        {/* The grid is the list itself: a <dl> holds its <div> groups directly (axe's definition-list rule). */}
        <SimpleGrid component="dl" m={0} cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="sm">
            <Item label={t('fields.scheme')}>{t(`schemes.${details.scheme}`)}</Item>
            <Item label={t('fields.holder')}>
              <bdi>{details.holder_name}</bdi>
            </Item>
            <Item label={t('fields.country')}>{countryName(details.bank_country, locale)}</Item>
            <Item label={t('fields.account')}>
              <Ltr>{details.account_masked}</Ltr>
            </Item>
            {details.bic && (
              <Item label={t('fields.bic')}>
                <Ltr>{details.bic}</Ltr>
              </Item>
            )}
            {details.routing_number && (
              <Item label={t('fields.routing')}>
                <Ltr>{details.routing_number}</Ltr>
              </Item>
            )}
            {details.ifsc && (
              <Item label={t('fields.ifsc')}>
                <Ltr>{details.ifsc}</Ltr>
              </Item>
            )}
            {details.account_type && <Item label={t('fields.accountType')}>{t(`accountTypes.${details.account_type}`)}</Item>}
            {details.bank_name && (
              <Item label={t('fields.bankName')}>
                <bdi>{details.bank_name}</bdi>
              </Item>
            )}
            <Item label={t('lastChange')}>
              <time dateTime={details.updated_at}>{details.updated_by ? t('lastChangeBy', { date: when, name: details.updated_by }) : when}</time>
            </Item>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
