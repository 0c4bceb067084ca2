import type { BookingRow } from '@portal/contracts/bookings';
import type { BookingKpis, DashboardActions, EarningsKpis, ResolvedRange } from '@portal/contracts/dashboard';
import type { User } from '@portal/contracts/session';
import { makeNotification, paginated } from '../../../test/fixtures';
import { jsonResponse, mockFetch, type MockHandler, type RecordedRequest } from '../../../test/fetch-mock';

/** Test helpers only: the dashboard's API, answered as the server would. */

/** The last 30 days as the server resolves them on 30 November 2026, and the 30 days before. */
export const NOVEMBER: ResolvedRange = {
  kind: '30d',
  from: '2026-11-01',
  to: '2026-11-30',
  previous_from: '2026-10-02',
  previous_to: '2026-10-31',
  days: 30,
  bucket: 'day',
};

/** 12 referred against 10 (+20 %), none completed against 4 (−100 %). */
export function makeBookingKpis(overrides: Partial<BookingKpis> = {}): BookingKpis {
  return {
    range: NOVEMBER,
    referred: { current: 12, previous: 10 },
    completed: { current: 0, previous: 4 },
    series: [
      { start: '2026-11-01', referred: 5, completed: 0 },
      { start: '2026-11-02', referred: 7, completed: 0 },
    ],
    ...overrides,
  };
}

/**
 * Euros: 30.00 pending from nothing (New), 65.00 approved against 100.00 (−35 %), 100.00 paid as before (No change).
 * Baht: nothing in either period but what was paid, 2,000.00 against 1,000.00 (+100 %). Payouts: the euros scheduled,
 * the baht below their minimum, dirhams on their way.
 */
export function makeEarningsKpis(overrides: Partial<EarningsKpis> = {}): EarningsKpis {
  return {
    range: NOVEMBER,
    currencies: [
      {
        currency: 'EUR',
        pending: { current: 3000, previous: 0 },
        approved: { current: 6500, previous: 10000 },
        paid: { current: 10000, previous: 10000 },
        series: [
          { start: '2026-11-01', pending_minor: 3000, approved_minor: 0, paid_minor: 10000 },
          { start: '2026-11-02', pending_minor: 0, approved_minor: 6500, paid_minor: 0 },
        ],
      },
      {
        currency: 'THB',
        pending: { current: 0, previous: 0 },
        approved: { current: 0, previous: 0 },
        paid: { current: 200000, previous: 100000 },
        series: [
          { start: '2026-11-01', pending_minor: 0, approved_minor: 0, paid_minor: 200000 },
          { start: '2026-11-02', pending_minor: 0, approved_minor: 0, paid_minor: 0 },
        ],
      },
    ],
    next_payouts: [
      { currency: 'EUR', amount_minor: 6500, on: '2026-12-05', state: 'scheduled', minimum_minor: 5000, held: null },
      { currency: 'THB', amount_minor: 50000, on: '2026-12-05', state: 'below_minimum', minimum_minor: 180000, held: null },
      { currency: 'AED', amount_minor: 120050, on: '2026-11-28', state: 'sent', minimum_minor: 20000, held: null },
    ],
    ...overrides,
  };
}

export const SOME_ACTIONS: DashboardActions = {
  actions: [
    { kind: 'payment_details_missing', count: 1, link: '/payment-details', since: null, severity: 'high' },
    { kind: 'payout_failed', count: 2, link: '/my-earnings#payouts', since: '2026-11-20', severity: 'high' },
    { kind: 'agreement_to_sign', count: 1, link: '/agreements', since: '2026-11-03', severity: 'normal' },
    { kind: 'invites_pending', count: 3, link: '/manage-user', since: '2026-11-10', severity: 'normal' },
  ],
};

let sequence = 0;

export function makeBooking(overrides: Partial<BookingRow> = {}): BookingRow {
  sequence += 1;
  return {
    id: sequence,
    ticket_id: String(200_000 + sequence),
    date_time: '2026-11-20T10:30:00.000Z',
    status: 'confirmed',
    invoice_status: 'unpaid',
    amount: '120.00',
    currency: 'USD',
    created_at: '2026-11-18T09:00:00.000Z',
    booking_patient_detail: { name: `Patient ${sequence}` },
    provider: { id: 12, name: 'City Clinic' },
    ticket: { assignee: null },
    medical_service_provider_service_detail: { medical_service_provider_service: { name: 'MRI scan' } },
    specialty: null,
    ...overrides,
  };
}

export const CARD_URLS = {
  bookingKpis: '/api/dashboard/cards/booking-kpis',
  earningsKpis: '/api/dashboard/cards/earnings-kpis',
  actions: '/api/dashboard/cards/actions',
  bookings: '/api/clients/bookings',
  notifications: '/api/notifications',
} as const;

type Answers = Partial<Record<keyof typeof CARD_URLS | 'user', MockHandler>>;

/**
 * The whole dashboard's API: the user, every card, the recent bookings and the notifications (with the bell's unread
 * count and the realtime config the shell asks for); `answers` replace any of them.
 */
export function mockDashboardApi(user: User, answers: Answers = {}) {
  return mockFetch({
    'GET /api/user': answers.user ?? (() => jsonResponse(200, user)),
    [`GET ${CARD_URLS.bookingKpis}`]: answers.bookingKpis ?? (() => jsonResponse(200, makeBookingKpis())),
    [`GET ${CARD_URLS.earningsKpis}`]: answers.earningsKpis ?? (() => jsonResponse(200, makeEarningsKpis())),
    [`GET ${CARD_URLS.actions}`]: answers.actions ?? (() => jsonResponse(200, SOME_ACTIONS)),
    [`GET ${CARD_URLS.bookings}`]: answers.bookings ?? (() => jsonResponse(200, paginated([makeBooking()], { perPage: 10 }))),
    [`GET ${CARD_URLS.notifications}`]: answers.notifications ?? (() => jsonResponse(200, paginated([makeNotification()], { perPage: 5 }))),
    'GET /api/notifications/unread-count': () => jsonResponse(200, { count: 0 }),
  });
}

/** The query a request sent, as a plain object. */
export function queryOf(request: RecordedRequest): Record<string, string> {
  return Object.fromEntries(request.query.entries());
}
