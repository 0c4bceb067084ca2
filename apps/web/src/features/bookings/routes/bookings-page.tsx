import { useEffect, useMemo } from 'react';
import { Anchor, Box, Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { BOOKING_SEARCH_MAX_LENGTH, type BookingExportFormat, type BookingRow, type InvoiceStatus } from '@portal/contracts/bookings';
import type { PageSize } from '@portal/contracts/constants';
import { formatNumber } from '@portal/contracts/formatters';
import { DataTable } from '../../../components/data-table/data-table';
import { DateRangeFilter } from '../../../components/date-range-filter/date-range-filter';
import { isHttpError } from '../../../lib/http';
import { useFacilities } from '../api/get-facilities';
import { useBookingListParams, useBookings } from '../api/list-bookings';
import { exportBookings } from '../api/export-bookings';
import { BOOKING_COLUMNS } from '../components/booking-columns';
import { BookingFilterMenu, FILTER_BY_LABELS, FilterChip } from '../components/booking-filter-menu';

const NO_ROWS: BookingRow[] = [];

export const EMPTY_TEXT = 'No bookings to view yet.';
export const REFRESH_FAILED_TEXT = "Couldn't refresh the list.";
export const LOAD_FAILED_TEXT = "Couldn't load your bookings.";

const INVOICE_OPTIONS: { value: '' | InvoiceStatus; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'paid', label: 'Paid' },
  { value: 'unpaid', label: 'Unpaid' },
];

/** The first field error of a 422, which retrying cannot fix; null otherwise. */
function validationMessage(error: unknown): string | null {
  if (!isHttpError(error, 422)) return null;
  const first = Object.values(error.fieldErrors)[0]?.[0];
  return first ?? error.message;
}

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

  const rows = bookings.page?.data ?? NO_ROWS;
  const total = bookings.page?.total;

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
  const unfixable = bookings.failed ? validationMessage(bookings.error) : null;

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
          {/* Spec §8: a failed fetch is not an error screen; the last rows stay, with a quiet way to try again. */}
          <Box role="status">
            {bookings.failed ? (
              <Group gap={6} wrap="nowrap">
                <IconAlertCircle size={16} aria-hidden color="var(--mantine-color-orange-6)" />
                <Text size="sm" c="dimmed">
                  {unfixable ?? (bookings.page ? REFRESH_FAILED_TEXT : LOAD_FAILED_TEXT)}
                </Text>
                {unfixable ? null : (
                  <Button variant="subtle" size="compact-sm" leftSection={<IconRefresh size={14} aria-hidden />} onClick={bookings.retry}>
                    Retry
                  </Button>
                )}
              </Group>
            ) : null}
          </Box>
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
          headers={BOOKING_COLUMNS}
          rows={rows}
          loading={bookings.loading}
          emptyText={
            <>
              {EMPTY_TEXT}
              {list.hasFilters ? (
                <>
                  {' '}
                  <Anchor component="button" type="button" size="sm" onClick={list.clearFilters}>
                    Clear filters
                  </Anchor>
                </>
              ) : null}
            </>
          }
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
          total={total}
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
