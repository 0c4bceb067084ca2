import { CONSOLE_CSRF_COOKIE, CONSOLE_CSRF_COOKIE_URL, type Operator } from '@portal/contracts/console-session';
import { permissionsOf, type OperatorRole } from '@portal/contracts/operator-permissions';
import type { PartnerApplication } from '@portal/contracts/partner-applications';
import type { PartnerAccountDetail, PartnerAccountRow } from '@portal/contracts/console-partners';
import { jsonResponse, type MockHandler } from '../../test/fetch-mock';
import { configureCsrf } from '../lib/http';

/** Test helpers of the console only. */

/** The HTTP client as console/main.tsx sets it up. */
export function setUpConsoleCsrf(): void {
  configureCsrf({ cookieName: CONSOLE_CSRF_COOKIE, cookieUrl: CONSOLE_CSRF_COOKIE_URL });
}

/** GET /api/console/csrf-cookie as the server answers it: the console's token in its cookie. */
export const consoleCsrfCookie: MockHandler = () => {
  document.cookie = `${CONSOLE_CSRF_COOKIE}=console-token%3D; path=/`;
  return jsonResponse(204);
};

export function operatorOf(role: OperatorRole, overrides: Partial<Operator> = {}): Operator {
  return { id: 7, email: `${role}@ops.test`, name: 'Layla Mansour', role, permissions: permissionsOf(role), ...overrides };
}

let sequence = 0;

export function applicationOf(overrides: Partial<PartnerApplication> = {}): PartnerApplication {
  sequence += 1;
  return {
    id: 100 + sequence,
    first_name: 'Noah',
    last_name: 'Fischer',
    email: `noah${sequence}@lakeside.test`,
    phone: '+12125550187',
    organisation: 'Lakeside Physiotherapy',
    partner_type: 'Clinic',
    partner_industry: 'Healthcare',
    created_at: '2026-03-05T10:00:00.000Z',
    ...overrides,
  };
}

export function pageOf<Row>(rows: Row[], total = rows.length) {
  return { data: rows, links: [], total, current_page: 1, last_page: Math.max(1, Math.ceil(total / 10)), per_page: 10, from: rows.length ? 1 : null, to: rows.length || null };
}

export function partnerRowOf(overrides: Partial<PartnerAccountRow> = {}): PartnerAccountRow {
  sequence += 1;
  return {
    id: 200 + sequence,
    first_name: 'Amelia',
    last_name: 'Hart',
    email: `amelia${sequence}@harbor.test`,
    organisation: 'Harbor Health Partners',
    status: 'approved',
    referral_agent: 'Harbor Health Partners',
    created_at: '2026-01-10T08:00:00.000Z',
    last_sign_in_at: '2026-03-05T14:30:00.000Z',
    ...overrides,
  };
}

export function partnerDetailOf(overrides: Partial<PartnerAccountDetail> = {}): PartnerAccountDetail {
  return {
    id: 201,
    first_name: 'Amelia',
    last_name: 'Hart',
    email: 'amelia@harbor.test',
    phone: '+971501234567',
    organisation: 'Harbor Health Partners',
    status: 'approved',
    partner_type: 'Clinic',
    partner_industry: 'Healthcare',
    referral_agent: { id: 3, name: 'Harbor Health Partners' },
    referral_group: { slug: 'partners', name: 'Partners' },
    two_factor_enabled: false,
    active_sessions: 2,
    created_at: '2026-01-10T08:00:00.000Z',
    approved_at: '2026-01-11T09:00:00.000Z',
    sign_in_history: [
      { action: 'auth.sign_in', method: 'password', ip: '203.0.113.7', user_agent: 'Firefox/140', at: '2026-03-05T14:30:00.000Z' },
      { action: 'auth.sign_in_failed', method: 'password', ip: '203.0.113.7', user_agent: 'Firefox/140', at: '2026-03-05T14:29:00.000Z' },
    ],
    ...overrides,
  };
}
