import { describe, expect, it } from 'vitest';
import { toBookingListQuery } from '../api/list-bookings';
import { bookingsExportUrl } from '../api/export-bookings';
import { DEFAULT_BOOKING_PARAMS, hasBookingFilters, readBookingParams, writeBookingParams } from './use-booking-params';

const read = (query: string) => readBookingParams(new URLSearchParams(query));

describe('readBookingParams', () => {
  it('reads every filter, the page and the page size from the URL', () => {
    expect(read('search=+ada+&from=2024-03-01&to=2024-03-31&filter_by=created_at&facility=12&invoice_status=paid&page=3&per_page=20')).toEqual({
      search: 'ada',
      from: '2024-03-01',
      to: '2024-03-31',
      filterBy: 'created_at',
      facility: 12,
      invoiceStatus: 'paid',
      page: 3,
      perPage: 20,
    });
  });

  it('gives the defaults for an empty query', () => {
    expect(read('')).toEqual(DEFAULT_BOOKING_PARAMS);
    expect(DEFAULT_BOOKING_PARAMS).toMatchObject({ page: 1, perPage: 10, filterBy: 'appointment_date' });
  });

  it.each([
    ['from=2024-02-30', { from: '' }],
    ['from=yesterday&to=2024-03-01', { from: '', to: '2024-03-01' }],
    ['from=2024-03-31&to=2024-03-01', { from: '', to: '' }],
    ['filter_by=updated_at', { filterBy: 'appointment_date' }],
    ['facility=abc', { facility: null }],
    ['facility=0', { facility: null }],
    ['invoice_status=maybe', { invoiceStatus: null }],
    ['page=0', { page: 1 }],
    ['page=2.5', { page: 1 }],
    ['per_page=7', { perPage: 10 }],
    ['per_page=200', { perPage: 200 }],
    [`search=${'x'.repeat(150)}`, { search: 'x'.repeat(100) }],
  ])('reads %s, which the server would refuse, as %j', (query, expected) => {
    expect(read(query)).toMatchObject(expected);
  });
});

describe('writeBookingParams', () => {
  it('leaves defaults out of the URL and keeps keys it does not own', () => {
    const written = writeBookingParams(new URLSearchParams('utm=mail&page=4&search=old'), { ...DEFAULT_BOOKING_PARAMS });
    expect(written.toString()).toBe('utm=mail');
  });

  it('round-trips', () => {
    const params = { ...DEFAULT_BOOKING_PARAMS, search: 'Zainab Al', from: '2024-01-01', facility: 7, invoiceStatus: 'unpaid' as const, page: 2, perPage: 50 };
    expect(readBookingParams(writeBookingParams(new URLSearchParams(), params))).toEqual(params);
  });
});

describe('hasBookingFilters', () => {
  it('counts filters, not the page or its size', () => {
    expect(hasBookingFilters({ ...DEFAULT_BOOKING_PARAMS, page: 4, perPage: 50 })).toBe(false);
    expect(hasBookingFilters({ ...DEFAULT_BOOKING_PARAMS, invoiceStatus: 'paid' })).toBe(true);
    expect(hasBookingFilters({ ...DEFAULT_BOOKING_PARAMS, filterBy: 'created_at' })).toBe(true);
  });
});

describe('list and export queries', () => {
  it('sends only non-empty values, team=referral and filter_by', () => {
    expect(toBookingListQuery(DEFAULT_BOOKING_PARAMS)).toEqual({ team: 'referral', filter_by: 'appointment_date', page: 1, per_page: 10 });
    expect(toBookingListQuery({ ...DEFAULT_BOOKING_PARAMS, search: '  ', facility: 5, invoiceStatus: 'unpaid' })).toEqual({
      team: 'referral',
      filter_by: 'appointment_date',
      medical_service_provider: 5,
      invoice_status: 'unpaid',
      page: 1,
      per_page: 10,
    });
  });

  it('exports the same filters without page and page size, with the format and the time zone', () => {
    const url = new URL(bookingsExportUrl({ ...DEFAULT_BOOKING_PARAMS, search: 'ada', page: 3, perPage: 50 }, 'pdf'), 'http://portal.test');
    expect(url.pathname).toBe('/api/clients/bookings');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      team: 'referral',
      filter_by: 'appointment_date',
      search: 'ada',
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      format: 'pdf',
    });
  });
});
