import { useEffect, useMemo, useRef } from 'react';
import { Box, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { BOOKING_SEARCH_MAX_LENGTH, type BookingExportFormat, type BookingRow, type InvoiceStatus } from '@portal/contracts/bookings';
import type { PageSize } from '@portal/contracts/constants';
import { DataTable } from '../../../components/data-table/data-table';
import { DateRangeFilter } from '../../../components/date-range-filter/date-range-filter';
import { FilterChips } from '../../../components/filter-chips/filter-chips';
import { describeRange } from '../../../components/date-range-filter/date-range';
import { useFormat } from '../../../i18n/format';
import { useText } from '../../../i18n/i18n';
import { listTableProps } from '../../../lib/use-list-endpoint';
import { useFacilities } from '../api/get-facilities';
import { useBookingListParams, useBookings } from '../api/list-bookings';
import { exportBookings } from '../api/export-bookings';
import { useBookingColumns } from '../components/booking-columns';
import { BookingFilterMenu, FILTER_BY_KEYS } from '../components/booking-filter-menu';

const INVOICE_OPTIONS = [
  { value: '', key: 'invoiceAll' },
  { value: 'paid', key: 'invoicePaid' },
  { value: 'unpaid', key: 'invoiceUnpaid' },
] as const satisfies readonly { value: '' | InvoiceStatus; key: string }[];

/**
 * /bookings, "My Referrals › Bookings" (spec §2): the bookings made through the partner's referrals, with search,
 * the date-range filter, the Filter menu (Facility, shown as a removable chip), the invoice-status dropdown, the
 * seven columns, 10 rows a page, Copy, Print and the Excel/PDF exports of the whole filtered list. Every filter
 * lives in the URL query (useBookingListParams), so a filtered view survives a reload and can be shared.
 */
export function BookingsPage() {
  const t = useText('bookings');
  const shared = useText('shared');
  const format = useFormat();
  const columns = useBookingColumns();
  const invoiceOptions = INVOICE_OPTIONS.map((option) => ({ value: option.value, label: t(option.key) }));
  const list = useBookingListParams();
  const { params } = list;
  const filterByLabel = t(FILTER_BY_KEYS[params.filter_by]);
  const facility = params.medical_service_provider ?? null;
  const facilities = useFacilities();
  const filterButton = useRef<HTMLButtonElement>(null);
  const bookings = useBookings(list);
  // Rows, total, loading, the error with Retry, and whether filters narrow the list: the kit's honest states.
  const table = listTableProps<BookingRow>(list, bookings, { loadFailed: t('loadFailed'), refreshFailed: t('refreshFailed') });
  const { rows, total } = table;

  const facilityName = useMemo(() => {
    if (facility === null) return null;
    const listed = facilities.options.find((option) => option.id === facility)?.name;
    // The facility list may have failed (spec §8: ignored); the rows of a filtered list name it too.
    const fromRows = rows.find((row) => row.provider.id === facility)?.provider.name;
    return listed ?? fromRows ?? `#${facility}`;
  }, [facilities.options, facility, rows]);

  // A page past the end (a shared link to page 9 of a list that has since shrunk): go to the last page there is.
  const current = bookings.current;
  const lastPage = current && current.data.length === 0 && current.total > 0 && params.page > current.last_page ? current.last_page : null;
  const { setPage } = list;
  useEffect(() => {
    if (lastPage !== null) setPage(lastPage, { replace: true });
  }, [lastPage, setPage]);

  const exportAs = (format: BookingExportFormat) => () => exportBookings(params, format);

  // The filters in words, for the printout and the phone's Filters button (the search is the table's own).
  const activeFilters: string[] = [];
  if (params.from || params.to) {
    activeFilters.push(t('rangeSummary', { kind: filterByLabel, range: describeRange({ from: params.from ?? '', to: params.to ?? '' }, new Date(), '') }));
  } else if (params.filter_by !== 'appointment_date') {
    activeFilters.push(t('datesChip', { kind: filterByLabel.toLocaleLowerCase(format.locale) }));
  }
  if (facilityName !== null) activeFilters.push(t('facilityChip', { name: facilityName }));
  if (params.invoice_status) {
    activeFilters.push(t('invoiceChip', { status: invoiceOptions.find((option) => option.value === params.invoice_status)?.label }));
  }

  return (
    <Stack gap="lg">
      <Box>
        <Title order={1} size="h2">
          {t('pageTitle')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('pageIntro')}
        </Text>
      </Box>

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Group justify="space-between" align="center" gap="xs" mb="sm" wrap="wrap">
          <Group gap="xs" align="baseline">
            <Title order={2} size="h4">
              {t('bookings')}
            </Title>
            {total !== undefined ? (
              <Text size="sm" c="dimmed">
                {t('count', { count: total })}
              </Text>
            ) : null}
          </Group>
          {/* Appointment times are shown in this browser's zone: say which. */}
          <Text size="xs" c="dimmed">
            {shared('shell.timesIn', { zone: format.timeZone })}
          </Text>
        </Group>

        {/* The Filter menu's choices, as removable chips (spec §2); removing the last one refocuses Filter. */}
        <FilterChips
          label={t('appliedFilters')}
          returnFocusTo={filterButton}
          chips={[
            ...(facilityName !== null
              ? [{ key: 'facility', label: t('facilityChip', { name: facilityName }), removeLabel: t('removeFacility'), onRemove: () => list.set({ medical_service_provider: null }) }]
              : []),
            ...(params.filter_by !== 'appointment_date'
              ? [
                  {
                    key: 'filter_by',
                    label: t('datesChip', { kind: filterByLabel.toLocaleLowerCase(format.locale) }),
                    removeLabel: t('removeDateType'),
                    onRemove: () => list.set({ filter_by: null }),
                  },
                ]
              : []),
          ]}
        />

        <DataTable<BookingRow>
          caption={t('bookings')}
          printTitle={t('printTitle')}
          headers={columns}
          {...table}
          emptyText={t('empty')}
          filteredEmptyText={t('filteredEmpty')}
          activeFilters={activeFilters}
          showHeader
          searchValue={params.search ?? ''}
          onSearch={(search) => list.set({ search: search.slice(0, BOOKING_SEARCH_MAX_LENGTH) })}
          toolbar={
            <>
              <DateRangeFilter
                label={filterByLabel}
                value={{ from: params.from ?? '', to: params.to ?? '' }}
                onChange={(range) => list.set({ from: range.from, to: range.to })}
              />
              <BookingFilterMenu
                facilities={facilities.options}
                facility={facility}
                onFacilityChange={(id) => list.set({ medical_service_provider: id })}
                filterBy={params.filter_by}
                onFilterByChange={(filterBy) => list.set({ filter_by: filterBy })}
                buttonRef={filterButton}
              />
              <NativeSelect
                aria-label={t('invoiceStatus')}
                data={invoiceOptions}
                value={params.invoice_status ?? ''}
                onChange={(event) => list.set({ invoice_status: (event.currentTarget.value || null) as InvoiceStatus | null })}
                leftSection={
                  <Text size="xs" c="dimmed" aria-hidden>
                    {t('invoice')}
                  </Text>
                }
                leftSectionWidth={60}
                w={150}
              />
            </>
          }
          onExportExcel={exportAs('xlsx')}
          onExportPdf={exportAs('pdf')}
          page={params.page}
          perPage={params.per_page}
          onPageChange={(page) => list.setPage(page)}
          onPerPageChange={(perPage) => list.set({ per_page: perPage as PageSize })}
          minWidth={900}
        />
        {/* What the dashes in the table mean (issue 34): a booking without a ticket yet, a commission not earned yet. */}
        <Text size="xs" c="dimmed">
          {t('dashLegend')}
        </Text>
      </Paper>
    </Stack>
  );
}
