import { useEffect, useMemo } from 'react';
import { Box, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { BOOKING_SEARCH_MAX_LENGTH, type BookingExportFormat, type BookingRow, type InvoiceStatus } from '@portal/contracts/bookings';
import type { PageSize } from '@portal/contracts/constants';
import { formatNumber } from '@portal/contracts/formatters';
import { DataTable } from '../../../components/data-table/data-table';
import { DateRangeFilter } from '../../../components/date-range-filter/date-range-filter';
import { describeRange } from '../../../components/date-range-filter/date-range';
import { listTableProps } from '../../../lib/use-list-endpoint';
import { useFacilities } from '../api/get-facilities';
import { useBookingListParams, useBookings } from '../api/list-bookings';
import { exportBookings } from '../api/export-bookings';
import { BOOKING_COLUMNS } from '../components/booking-columns';
import { BookingFilterMenu, FILTER_BY_LABELS, FilterChip } from '../components/booking-filter-menu';

// spec §2, word for word: the list itself is empty.
export const EMPTY_TEXT = 'No bookings to view yet.';
export const FILTERED_EMPTY_TEXT = 'No bookings match these filters.';
export const REFRESH_FAILED_TEXT = "Couldn't refresh the list.";
export const LOAD_FAILED_TEXT = "Couldn't load your bookings.";
export const PRINT_TITLE = 'My Referrals: Bookings';

const INVOICE_OPTIONS: { value: '' | InvoiceStatus; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'paid', label: 'Paid' },
  { value: 'unpaid', label: 'Unpaid' },
];

/**
 * /bookings, "My Referrals › Bookings" (spec §2): the bookings made through the partner's referrals, with search,
 * the date-range filter, the Filter menu (Facility, shown as a removable chip), the invoice-status dropdown, the
 * seven columns, 10 rows a page, Copy, Print and the Excel/PDF exports of the whole filtered list. Every filter
 * lives in the URL query (useBookingListParams), so a filtered view survives a reload and can be shared.
 */
export function BookingsPage() {
  const list = useBookingListParams();
  const { params } = list;
  const facility = params.medical_service_provider ?? null;
  const facilities = useFacilities();
  const bookings = useBookings(list);
  // Rows, total, loading, the error with Retry, and whether filters narrow the list: the kit's honest states.
  const table = listTableProps<BookingRow>(list, bookings, { loadFailed: LOAD_FAILED_TEXT, refreshFailed: REFRESH_FAILED_TEXT });
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
    activeFilters.push(`${FILTER_BY_LABELS[params.filter_by]}: ${describeRange({ from: params.from ?? '', to: params.to ?? '' }, new Date(), '')}`);
  } else if (params.filter_by !== 'appointment_date') {
    activeFilters.push(`Dates: ${FILTER_BY_LABELS[params.filter_by].toLowerCase()}`);
  }
  if (facilityName !== null) activeFilters.push(`Facility: ${facilityName}`);
  if (params.invoice_status) activeFilters.push(`Invoice: ${INVOICE_OPTIONS.find((option) => option.value === params.invoice_status)?.label}`);

  return (
    <Stack gap="lg">
      <Box>
        <Title order={1} size="h2">
          My Referrals
        </Title>
        <Text c="dimmed" size="sm">
          Bookings made through your referrals.
        </Text>
      </Box>

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Group justify="space-between" align="center" gap="xs" mb="sm" wrap="wrap">
          <Group gap="xs" align="baseline">
            <Title order={2} size="h4">
              Bookings
            </Title>
            {total !== undefined ? (
              <Text size="sm" c="dimmed">
                {formatNumber(total)} {total === 1 ? 'booking' : 'bookings'}
              </Text>
            ) : null}
          </Group>
        </Group>

        {/* The Filter menu's choices, as removable chips (spec §2). */}
        {facilityName !== null || params.filter_by !== 'appointment_date' ? (
          <Group gap="xs" mb="sm" wrap="wrap" role="group" aria-label="Applied filters">
            {facilityName !== null ? (
              <FilterChip
                label={`Facility: ${facilityName}`}
                removeLabel="Remove facility filter"
                onRemove={() => list.set({ medical_service_provider: null })}
              />
            ) : null}
            {params.filter_by !== 'appointment_date' ? (
              <FilterChip
                label={`Dates: ${FILTER_BY_LABELS[params.filter_by].toLowerCase()}`}
                removeLabel="Remove date type filter"
                onRemove={() => list.set({ filter_by: null })}
              />
            ) : null}
          </Group>
        ) : null}

        <DataTable<BookingRow>
          caption="Bookings"
          printTitle={PRINT_TITLE}
          headers={BOOKING_COLUMNS}
          {...table}
          emptyText={EMPTY_TEXT}
          filteredEmptyText={FILTERED_EMPTY_TEXT}
          activeFilters={activeFilters}
          showHeader
          searchValue={params.search ?? ''}
          onSearch={(search) => list.set({ search: search.slice(0, BOOKING_SEARCH_MAX_LENGTH) })}
          toolbar={
            <>
              <DateRangeFilter
                label={FILTER_BY_LABELS[params.filter_by]}
                value={{ from: params.from ?? '', to: params.to ?? '' }}
                onChange={(range) => list.set({ from: range.from, to: range.to })}
              />
              <BookingFilterMenu
                facilities={facilities.options}
                facility={facility}
                onFacilityChange={(id) => list.set({ medical_service_provider: id })}
                filterBy={params.filter_by}
                onFilterByChange={(filterBy) => list.set({ filter_by: filterBy })}
              />
              <NativeSelect
                aria-label="Invoice status"
                data={INVOICE_OPTIONS}
                value={params.invoice_status ?? ''}
                onChange={(event) => list.set({ invoice_status: (event.currentTarget.value || null) as InvoiceStatus | null })}
                leftSection={
                  <Text size="xs" c="dimmed" aria-hidden>
                    Invoice
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
      </Paper>
    </Stack>
  );
}
