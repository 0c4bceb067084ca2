import { useMemo, useState } from 'react';
import { Badge, Button, Card, Group, List, NativeSelect, Paper, Select, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import {
  COMMISSION_SEARCH_MAX_LENGTH,
  commissionStructureEndpoint,
  type CommissionStructureQuery,
  type EffectiveRateRow,
} from '@portal/contracts/commission-rates';
import type { PageSize } from '@portal/contracts/constants';
import { DataTable } from '../../../components/data-table/data-table';
import type { TableHeader } from '../../../components/data-table/data-table-types';
import { LoadingPlaceholder } from '../../../components/loading-placeholder/loading-placeholder';
import { LoadFailedAlert } from '../../../components/query-view/query-view';
import { useFormat } from '../../../i18n/format';
import { useLocale, useText } from '../../../i18n/i18n';
import { useRateText } from '../../../lib/rate-text';
import { countryName } from '../../../lib/country-names';
import { useListEndpoint } from '../../../lib/use-list-endpoint';
import { useCommissionFilters, useUpcomingRateChanges } from '../api/commission-structure-api';
import { exportCommissionStructure } from '../api/export-commission-structure';

/**
 * /commission-structure: the partner's own effective rates (one per facility × service, as the rate card's most
 * specific row in force today sets it), searchable and filtered by facility, country, specialty and service on the
 * list kit, and the changes coming in the next 90 days above it. Issue 15; docs/commission-rates.md.
 */
export function CommissionStructurePage() {
  const t = useText('commission-structure');
  const format = useFormat();
  const locale = useLocale();
  const rates = useRateText();
  const filters = useCommissionFilters();
  const { list, table } = useListEndpoint(commissionStructureEndpoint, {}, { loadFailed: t('loadFailed'), refreshFailed: t('refreshFailed') });
  const { params } = list;

  const headers = useMemo<TableHeader<EffectiveRateRow>[]>(
    () => [
      { text: t('columns.facility'), value: 'facility', sort: true, render: (row) => <Text fw={500} size="sm">{row.facility_name}</Text> },
      { text: t('columns.country'), value: 'country', sort: true, render: (row) => countryName(row.country, locale) },
      {
        text: t('columns.service'),
        value: 'service',
        sort: true,
        render: (row) => (
          <Stack gap={0}>
            <Text size="sm">{row.service_name}</Text>
            {row.specialty_name ? (
              <Text size="xs" c="dimmed">
                {row.specialty_name}
              </Text>
            ) : null}
          </Stack>
        ),
      },
      {
        text: t('columns.tier'),
        value: 'tier',
        render: (row) =>
          row.individual ? (
            <Tooltip label={t('individualHint')}>
              <Badge variant="light" color="grape" tabIndex={0}>
                {t('individual')}
              </Badge>
            </Tooltip>
          ) : row.tier ? (
            <Badge variant="light">{locale === 'ar' ? row.tier.name_ar : row.tier.name}</Badge>
          ) : (
            <Text size="sm" c="dimmed">
              {t('allTiers')}
            </Text>
          ),
      },
      {
        text: t('columns.rate'),
        value: 'rate',
        sort: true,
        align: 'right',
        render: (row) => (
          <Stack gap={0} align="flex-end">
            <Text fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
              {rates.rate(row.rate)}
            </Text>
            {row.valid_to ? (
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {t('validUntil', { date: format.date(row.valid_to) })}
              </Text>
            ) : null}
          </Stack>
        ),
      },
      // The base's long description folds into the row's details before the refund window would leave the screen.
      { text: t('columns.base'), value: 'base_description', priority: 'low', render: (row) => <Text size="sm">{locale === 'ar' ? row.base_description_ar : row.base_description}</Text> },
      { text: t('columns.refundWindow'), value: 'refund_window_days', render: (row) => t('days', { count: row.refund_window_days }) },
    ],
    [t, format, locale, rates],
  );

  const choices = filters.data;
  const named = <T extends { id: number; name: string }>(items: readonly T[] | undefined, id: number | undefined) =>
    id === undefined ? undefined : (items?.find((item) => item.id === id)?.name ?? `#${id}`);
  const activeFilters = [
    params.facility_id !== undefined ? t('filters.facilityActive', { name: named(choices?.facilities, params.facility_id)! }) : null,
    params.country ? t('filters.countryActive', { name: countryName(params.country, locale) }) : null,
    params.specialty_id !== undefined ? t('filters.specialtyActive', { name: named(choices?.specialties, params.specialty_id)! }) : null,
    params.service_id !== undefined ? t('filters.serviceActive', { name: named(choices?.services, params.service_id)! }) : null,
  ].filter((filter): filter is string => filter !== null);
  // A chosen specialty narrows the services offered.
  const services = (choices?.services ?? []).filter((service) => params.specialty_id === undefined || service.specialty_id === params.specialty_id);

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('intro')}
        </Text>
      </Stack>
      <UpcomingChanges />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <DataTable<EffectiveRateRow>
          caption={t('caption')}
          headers={headers}
          {...table}
          emptyText={t('empty')}
          filteredEmptyText={t('filteredEmpty')}
          activeFilters={activeFilters}
          showHeader
          toolbar={
            <Group gap="xs" wrap="wrap">
              <Select
                aria-label={t('filters.facility')}
                placeholder={t('filters.allFacilities')}
                data={(choices?.facilities ?? []).map((facility) => ({ value: String(facility.id), label: facility.name }))}
                value={params.facility_id !== undefined ? String(params.facility_id) : null}
                onChange={(value) => list.set({ facility_id: value ? Number(value) : undefined })}
                searchable
                clearable
                nothingFoundMessage={t('filters.noneFound')}
                w={{ base: '100%', xs: 240 }}
              />
              <NativeSelect
                aria-label={t('filters.country')}
                value={params.country ?? ''}
                onChange={(event) => list.set({ country: event.currentTarget.value || undefined })}
                w={{ base: '100%', xs: 190 }}
              >
                <option value="">{t('filters.allCountries')}</option>
                {(choices?.countries ?? []).map((code) => (
                  <option key={code} value={code}>
                    {countryName(code, locale)}
                  </option>
                ))}
              </NativeSelect>
              <NativeSelect
                aria-label={t('filters.specialty')}
                value={params.specialty_id !== undefined ? String(params.specialty_id) : ''}
                onChange={(event) => list.set({ specialty_id: event.currentTarget.value ? Number(event.currentTarget.value) : undefined, service_id: undefined })}
                w={{ base: '100%', xs: 190 }}
              >
                <option value="">{t('filters.allSpecialties')}</option>
                {(choices?.specialties ?? []).map((specialty) => (
                  <option key={specialty.id} value={specialty.id}>
                    {specialty.name}
                  </option>
                ))}
              </NativeSelect>
              <Select
                aria-label={t('filters.service')}
                placeholder={t('filters.allServices')}
                data={services.map((service) => ({ value: String(service.id), label: service.name }))}
                value={params.service_id !== undefined ? String(params.service_id) : null}
                onChange={(value) => list.set({ service_id: value ? Number(value) : undefined })}
                searchable
                clearable
                nothingFoundMessage={t('filters.noneFound')}
                w={{ base: '100%', xs: 220 }}
              />
            </Group>
          }
          searchValue={params.search ?? ''}
          onSearch={(search) => list.set({ search: search.slice(0, COMMISSION_SEARCH_MAX_LENGTH) })}
          sort={params.sort}
          onSortChange={(sort) => list.set({ sort: (sort || undefined) as CommissionStructureQuery['sort'] | undefined })}
          page={params.page}
          perPage={params.per_page}
          onPageChange={list.setPage}
          onPerPageChange={(perPage) => list.set({ per_page: perPage as PageSize })}
          onExportExcel={() => exportCommissionStructure(params, 'xlsx')}
          onExportPdf={() => exportCommissionStructure(params, 'pdf')}
          getRowLabel={(row) => `${row.facility_name} · ${row.service_name}`}
          minWidth={860}
        />
      </Paper>
    </Stack>
  );
}

/** The changes coming to the partner's rates: a short list, each with its facility × service, old → new, and date. */
function UpcomingChanges() {
  const t = useText('commission-structure');
  const format = useFormat();
  const rates = useRateText();
  const upcoming = useUpcomingRateChanges();
  const [expanded, setExpanded] = useState(false);
  const SHOWN = 5;

  let body;
  if (upcoming.isPending) {
    body = (
      <LoadingPlaceholder label={t('upcoming.loading')}>
        <Stack gap="xs">
          <Skeleton h={18} w="70%" />
          <Skeleton h={18} w="55%" />
        </Stack>
      </LoadingPlaceholder>
    );
  } else if (upcoming.isError) {
    body = (
      <LoadFailedAlert title={t('upcoming.loadFailed')} retryLabel={t('upcoming.tryAgain')} onRetry={() => void upcoming.refetch()} retrying={upcoming.isFetching} />
    );
  } else if (upcoming.data.changes.length === 0) {
    body = <Text size="sm">{t('upcoming.none', { days: upcoming.data.horizon_days })}</Text>;
  } else {
    const changes = upcoming.data.changes;
    const shown = expanded ? changes : changes.slice(0, SHOWN);
    body = (
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {t('upcoming.intro', { days: upcoming.data.horizon_days })}
        </Text>
        <List spacing="xs" listStyleType="none" p={0} m={0}>
          {shown.map((change) => (
            <List.Item key={change.key}>
              <Group gap="xs" wrap="wrap" justify="space-between">
                <Stack gap={0}>
                  <Text size="sm" fw={500}>
                    {rates.scope(change.scope)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('upcoming.covers', { count: change.facilities, rates: change.rates })}
                  </Text>
                </Stack>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm">{t('upcoming.fromTo', { from: rates.rate(change.from), to: rates.rate(change.to) })}</Text>
                  <Badge variant="light" color="blue" leftSection={<IconCalendarEvent size={12} aria-hidden />}>
                    {t('upcoming.effective', { date: format.date(change.effective_on) })}
                  </Badge>
                </Group>
              </Group>
            </List.Item>
          ))}
        </List>
        {changes.length > SHOWN ? (
          <Button variant="subtle" size="xs" w="fit-content" onClick={() => setExpanded((value) => !value)} aria-expanded={expanded}>
            {expanded ? t('upcoming.fewerChanges') : t('upcoming.moreChanges', { count: changes.length - SHOWN })}
          </Button>
        ) : null}
      </Stack>
    );
  }
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="upcoming-changes-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="upcoming-changes-title">
          {t('upcoming.title')}
        </Title>
        {body}
      </Stack>
    </Card>
  );
}
