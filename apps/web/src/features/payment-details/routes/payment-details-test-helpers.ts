import type { PaymentDetailEvent, PaymentDetails } from '@portal/contracts/payment-details';
import type { PartnerRole } from '@portal/contracts/partner-roles';
import { makeUser } from '../../../../test/fixtures';
import { jsonResponse, mockFetch, type MockHandler } from '../../../../test/fetch-mock';
import { i18n } from '../../../i18n/i18n';
import { useAuthStore } from '../../../stores/auth-store';

/** Verified IBAN details, as GET /api/payment-details answers them (the account masked). */
export const VERIFIED: PaymentDetails = {
  scheme: 'iban',
  holder_name: 'Harbor Health Partners LLC',
  bank_country: 'DE',
  account_masked: '•••• 3000',
  bic: 'COBADEFFXXX',
  routing_number: null,
  ifsc: null,
  account_type: null,
  bank_name: null,
  status: 'verified',
  verified_at: '2026-03-06T09:00:00Z',
  frozen_at: null,
  updated_at: '2026-03-05T10:00:00Z',
  updated_by: 'Ada Lovelace',
};

/** Their change log, newest first: the programme team's verification (no `by`) of a member's change. */
export const EVENTS: PaymentDetailEvent[] = [
  { id: 3, kind: 'verified', at: '2026-03-06T09:00:00Z', by: null, old_masked: null, new_masked: 'IBAN •••• 3000 (DE)' },
  { id: 2, kind: 'changed', at: '2026-03-05T10:00:00Z', by: 'Ada Lovelace', old_masked: 'IBAN •••• 1234 (GB)', new_masked: 'IBAN •••• 3000 (DE)' },
];

/**
 * Signs a member of `role` in (their saved language is the one in use: the app applies it at sign-in) and fakes the
 * API: GET /api/user, GET /api/payment-details by `details`, and `more`.
 */
export function paymentDetailsApi(details: MockHandler, role: PartnerRole = 'owner', more: Record<string, MockHandler> = {}) {
  const user = makeUser({ locale: i18n.language === 'ar' ? 'ar' : 'en' }, { role });
  useAuthStore.getState().setUser(user);
  return mockFetch({ 'GET /api/user': () => jsonResponse(200, user), 'GET /api/payment-details': details, ...more });
}
