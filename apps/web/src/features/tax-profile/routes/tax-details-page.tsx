import { useState, type ReactNode } from 'react';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { LoadingLine } from '../../../components/loading-placeholder/loading-placeholder';
import { IconPencil, IconReceiptTax } from '@tabler/icons-react';
import type { TaxProfile, TaxProfileResponse } from '@portal/contracts/tax-profile';
import { PageHeader } from '../../../components/page-header/page-header';
import { QueryView } from '../../../components/query-view/query-view';
import { useFormat } from '../../../i18n/format';
import { useLocale, useText } from '../../../i18n/i18n';
import { countryName } from '../../../lib/country-names';
import { useTaxProfile } from '../api/tax-profile-api';
import { TaxProfileDialog } from '../components/tax-profile-dialog';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text component="dd" m={0} size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {children}
      </Text>
    </div>
  );
}

/** The profile as the statements print it, with whether they carry the reverse-charge note. */
function TaxProfileCard({ profile, answer, onEdit }: { profile: TaxProfile; answer: TaxProfileResponse; onEdit: () => void }) {
  const t = useText('tax-profile');
  const locale = useLocale();
  const format = useFormat();
  const when = `${format.date(profile.updated_at)} ${format.time(profile.updated_at)}`;
  const address = [profile.address_line1, profile.address_line2, [profile.postal_code, profile.city].filter(Boolean).join(' ')].filter(Boolean).join('\n');
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="tax-profile-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <Title order={2} size="h4" id="tax-profile-title">
            {t('profileTitle')}
          </Title>
          <Button variant="light" leftSection={<IconPencil size={16} aria-hidden />} onClick={onEdit}>
            {t('edit')}
          </Button>
        </Group>
        <SimpleGrid component="dl" m={0} cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="sm">
          <Item label={t('fields.legalName')}>
            <bdi>{profile.legal_name}</bdi>
          </Item>
          <Item label={t('fields.address')}>
            <bdi>{address}</bdi>
          </Item>
          <Item label={t('fields.country')}>{countryName(profile.country, locale)}</Item>
          <Item label={t('fields.taxId')}>{profile.tax_id ? <bdi dir="ltr">{profile.tax_id}</bdi> : t('notGiven')}</Item>
          <Item label={t('fields.vatStatus')}>{t(`vatStatuses.${profile.vat_status}`)}</Item>
          {profile.vat_number && (
            <Item label={t('fields.vatNumber')}>
              <bdi dir="ltr">{profile.vat_number}</bdi>
            </Item>
          )}
          <Item label={t('fields.lastChange')}>
            <time dateTime={profile.updated_at}>{profile.updated_by ? t('lastChangeBy', { date: when, name: profile.updated_by }) : when}</time>
          </Item>
        </SimpleGrid>
        <Alert color={answer.reverse_charge ? 'blue' : 'gray'} variant="light">
          <Stack gap={4}>
            <Text size="sm">{answer.reverse_charge ? t('reverseCharge.applies') : t('reverseCharge.doesNot')}</Text>
            <Text size="sm" c="dimmed">
              {t('laterStatements')}
            </Text>
          </Stack>
        </Alert>
      </Stack>
    </Paper>
  );
}

/**
 * /tax-details (issue 31, docs/payment-details.md "Tax details"), for owners and finance: the partner's legal name,
 * address, tax ID and VAT status as its self-billing statements print them, edited in a dialog. Without a profile, why
 * statements need it and a way to enter it.
 */
export function TaxDetailsPage() {
  const t = useText('tax-profile');
  const query = useTaxProfile();
  const [editing, setEditing] = useState(false);

  return (
    <Stack gap="lg" maw={960}>
      <PageHeader title={t('title')} description={t('intro')} maw={960} />
      <QueryView
        query={query}
        loading={
          <LoadingLine label={t('loading')} />
        }
        failedTitle={t('loadFailed')}
        retryLabel={t('tryAgain')}
      >
        {(answer) => (
          <>
            {answer.profile ? (
              <TaxProfileCard profile={answer.profile} answer={answer} onEdit={() => setEditing(true)} />
            ) : (
              <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="tax-profile-empty-title">
                <Stack gap="sm" align="flex-start">
                  <IconReceiptTax size={32} stroke={1.5} aria-hidden />
                  <Title order={2} size="h4" id="tax-profile-empty-title">
                    {t('empty.title')}
                  </Title>
                  <Text size="sm">{t('empty.text')}</Text>
                  <Button onClick={() => setEditing(true)}>{t('empty.add')}</Button>
                </Stack>
              </Paper>
            )}
            {editing && <TaxProfileDialog current={answer.profile} onClose={() => setEditing(false)} />}
          </>
        )}
      </QueryView>
    </Stack>
  );
}
