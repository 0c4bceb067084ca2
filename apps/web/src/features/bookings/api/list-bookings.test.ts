import { describe, expect, it } from 'vitest';
import { bookingListQuerySchema, type BookingListQuery } from '@portal/contracts/bookings';
import { hasListFilters, listDefaults, readListParams, writeListParams } from '../../../lib/use-url-list-params';
import { bookingsExportUrl } from './export-bookings';
import { BOOKING_URL_KEYS, toBookingListQuery } from './list-bookings';

const read = (query: string) => readListParams(bookingListQuerySchema, new URLSearchParams(query), BOOKING_URL_KEYS);
const write = (current: string, params: Partial<BookingListQuery>) =>
  writeListParams(bookingListQuerySchema, new URLSearchParams(current), params, BOOKING_URL_KEYS);
const DEFAULTS = listDefaults(bookingListQuerySchema);

describe('the Bookings URL', () => {
  it('reads every filter, the page and the page size', () => {
    expect(read('search=+ada+&from=2024-03-01&to=2024-03-31&filter_by=created_at&facility=12&invoice_status=paid&page=3&per_page=20')).toEqual({
      search: 'ada',
      from: '2024-03-01',
      to: '2024-03-31',
      filter_by: 'created_at',
      medical_service_provider: 12,
      invoice_status: 'paid',
      page: 3,
      per_page: 20,
    });
  });

  it('gives the defaults for an empty query', () => {
    expect(read('')).toEqual(DEFAULTS);
    expect(DEFAULTS).toEqual({ page: 1, per_page: 10, filter_by: 'appointment_date' });
  });

  it('keeps out what is not a filter of the page: team, time zone, sort and format', () => {
    expect(read('team=referral&timezone=Asia/Dubai&sort=amount&format=pdf&medical_service_provider=12')).toEqual(DEFAULTS);
  });

  it.each([
    ['from=2024-02-30', { from: undefined }],
    ['from=yesterday&to=2024-03-01', { from: undefined, to: '2024-03-01' }],
    // Which end is wrong cannot be told: the range goes as a whole.
    ['from=2024-03-31&to=2024-03-01', { from: undefined, to: undefined }],
    ['filter_by=updated_at', { filter_by: 'appointment_date' }],
    ['facility=abc', { medical_service_provider: undefined }],
    ['facility=0', { medical_service_provider: undefined }],
    ['invoice_status=maybe', { invoice_status: undefined }],
    ['page=0', { page: 1 }],
    ['page=2.5', { page: 1 }],
    ['per_page=7', { per_page: 10 }],
    ['per_page=200', { per_page: 200 }],
    // Longer than the contract's 100 characters: the server would refuse it, so it is not sent.
    [`search=${'x'.repeat(150)}&invoice_status=paid`, { search: undefined, invoice_status: 'paid' }],
  ])('reads %s, which the server would refuse, as %j', (query, expected) => {
    const params = read(query) as Record<string, unknown>;
    expect(Object.fromEntries(Object.keys(expected).map((key) => [key, params[key]]))).toEqual(expected);
  });

  it('leaves defaults out of the URL and keeps keys it does not own', () => {
    expect(write('utm=mail&page=4&search=old&facility=3', DEFAULTS).toString()).toBe('utm=mail');
    expect(write('', { ...DEFAULTS, medical_service_provider: 12 }).toString()).toBe('facility=12');
  });

  it('round-trips', () => {
    const params: BookingListQuery = {
      ...DEFAULTS,
      search: 'Zainab Al',
      from: '2024-01-01',
      medical_service_provider: 7,
      invoice_status: 'unpaid',
      page: 2,
      per_page: 50,
    };
    expect(read(write('', params).toString())).toEqual(params);
  });

  it('counts filters, not the page or its size', () => {
    const hasFilters = (params: BookingListQuery) => hasListFilters(bookingListQuerySchema, params, BOOKING_URL_KEYS);
    expect(hasFilters({ ...DEFAULTS, page: 4, per_page: 50 })).toBe(false);
    expect(hasFilters({ ...DEFAULTS, invoice_status: 'paid' })).toBe(true);
    expect(hasFilters({ ...DEFAULTS, filter_by: 'created_at' })).toBe(true);
  });
});

describe('list and export queries', () => {
  it('sends only non-empty values, team=referral and filter_by', () => {
    expect(toBookingListQuery(DEFAULTS)).toEqual({ team: 'referral', filter_by: 'appointment_date', page: 1, per_page: 10 });
    expect(toBookingListQuery({ ...DEFAULTS, search: '  ', medical_service_provider: 5, invoice_status: 'unpaid' })).toEqual({
      team: 'referral',
      filter_by: 'appointment_date',
      medical_service_provider: 5,
      invoice_status: 'unpaid',
      page: 1,
      per_page: 10,
    });
  });

  it('exports the same filters without page and page size, with the format and the time zone', () => {
    const url = new URL(bookingsExportUrl({ ...DEFAULTS, search: 'ada', page: 3, per_page: 50 }, 'pdf'), 'http://portal.test');
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
