import { CONSOLE_CSRF_COOKIE, CONSOLE_CSRF_COOKIE_URL, type Operator } from '@portal/contracts/console-session';
import { permissionsOf, type OperatorRole } from '@portal/contracts/operator-permissions';
import type { PartnerApplication } from '@portal/contracts/partner-applications';
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
