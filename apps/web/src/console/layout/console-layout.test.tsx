import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearCookies, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { consoleCsrfCookie, operatorOf, pageOf, setUpConsoleCsrf } from '../console-test-helpers';
import { consoleRoutes } from '../console-routes';
import type { OperatorRole } from '@portal/contracts/operator-permissions';

beforeEach(() => {
  clearCookies();
  setUpConsoleCsrf();
});

afterEach(() => {
  vi.restoreAllMocks();
});

function signedInAs(role: OperatorRole, extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/console/csrf-cookie': consoleCsrfCookie,
    'GET /api/console/me': () => jsonResponse(200, { operator: operatorOf(role) }),
    'GET /api/console/partner-applications': () => jsonResponse(200, pageOf([])),
    ...extra,
  });
}

describe('the console frame', () => {
  it('lists in the sidebar only the pages the role may open', async () => {
    signedInAs('support');
    renderApp('/', { routes: consoleRoutes });
    const navigation = await screen.findByRole('navigation', { name: 'Console' });
    expect(within(navigation).getAllByRole('link').map((link) => link.textContent)).toEqual(['Overview', 'Partner applications', 'Partners', 'Bookings', 'Rate card', 'Partner tiers', 'Agreements', 'Exchange rates', 'Commission ledger', 'Payouts', 'Payment details', 'Notifications', 'Support inbox']);
    expect(screen.getByText('Signed in as Support', { selector: 'p' })).toBeInTheDocument();
  });

  it('hides the applications from a role without the permission, and a typed-in address says it is not allowed', async () => {
    const api = signedInAs('finance');
    renderApp('/partner-applications', { routes: consoleRoutes });
    expect(await screen.findByRole('heading', { name: 'Not allowed', level: 1 })).toBeInTheDocument();
    const navigation = screen.getByRole('navigation', { name: 'Console' });
    // Other pages of the role (the audit log, …) come and go with their areas; this one must not be there.
    const links = within(navigation).getAllByRole('link').map((link) => link.textContent);
    expect(links).toEqual(expect.arrayContaining(['Overview', 'Partners']));
    expect(links).not.toContain('Partner applications');
    expect(api.calls('GET', '/api/console/partner-applications')).toHaveLength(0);
  });

  it('the overview lists the pages of the role', async () => {
    signedInAs('content');
    renderApp('/', { routes: consoleRoutes });
    expect(await screen.findByRole('heading', { name: 'Welcome, Layla Mansour', level: 1 })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Partners',
      'Referral agents',
      'Referral groups',
      'Facilities',
      'Notifications',
    ]);
  });

  it('gives an admin every page, in the sidebar’s order', async () => {
    signedInAs('admin');
    renderApp('/', { routes: consoleRoutes });
    const navigation = await screen.findByRole('navigation', { name: 'Console' });
    expect(within(navigation).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Overview',
      'Partner applications',
      'Partners',
      'Bookings',
      'Referral agents',
      'Referral groups',
      'Facilities',
      'Rate card',
      'Partner tiers',
      'Agreements',
      'Exchange rates',
      'Commission ledger',
      'Payouts',
      'Payment details',
      'Exceptions',
      'Notifications',
      'Support inbox',
      'Operators',
      'Audit log',
      'Background jobs',
    ]);
  });

  it('sends a visitor without a session to the sign-in page', async () => {
    mockFetch({ 'GET /api/console/me': () => jsonResponse(401, { message: 'Unauthenticated.' }) });
    const view = renderApp('/partner-applications', { routes: consoleRoutes });
    expect(await screen.findByRole('heading', { name: 'Sign in to the operations console', level: 1 })).toBeInTheDocument();
    expect(view.location().pathname).toBe('/login');
  });

  it('a session that ends while a page is open (a 401) goes back to the sign-in page', async () => {
    let sessionEnded = false;
    signedInAs('support', {
      'GET /api/console/me': () => (sessionEnded ? jsonResponse(401, { message: 'Unauthenticated.' }) : jsonResponse(200, { operator: operatorOf('support') })),
      'GET /api/console/partner-applications': () => {
        sessionEnded = true;
        return jsonResponse(401, { message: 'Unauthenticated.' });
      },
    });
    const view = renderApp('/partner-applications', { routes: consoleRoutes });
    expect(await screen.findByRole('heading', { name: 'Sign in to the operations console', level: 1 })).toBeInTheDocument();
    expect(view.location().pathname).toBe('/login');
  });

  it('the operator menu signs out on the server and returns to the sign-in page', async () => {
    let signedIn = true;
    const api = mockFetch({
      'GET /api/console/csrf-cookie': consoleCsrfCookie,
      'GET /api/console/me': () => (signedIn ? jsonResponse(200, { operator: operatorOf('admin') }) : jsonResponse(401, { message: 'Unauthenticated.' })),
      'POST /api/console/logout': () => {
        signedIn = false;
        return jsonResponse(204);
      },
    });
    const view = renderApp('/', { routes: consoleRoutes });
    await userEvent.click(await screen.findByRole('button', { name: 'Operator menu for LM Layla Mansour' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to the operations console', level: 1 })).toBeInTheDocument();
    expect(api.calls('POST', '/api/console/logout')).toHaveLength(1);
    expect(view.location().pathname).toBe('/login');
  });

  it('switches to Arabic from the operator menu, right to left', async () => {
    signedInAs('support');
    renderApp('/', { routes: consoleRoutes });
    await userEvent.click(await screen.findByRole('button', { name: 'Operator menu for LM Layla Mansour' }));
    const arabic = await screen.findByRole('menuitemradio', { name: 'العربية' });
    expect(arabic).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(arabic);
    const navigation = await screen.findByRole('navigation', { name: 'اللوحة' });
    expect(within(navigation).getByRole('link', { name: 'طلبات الشركاء' })).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
  });

  it("a table's printout names the operator who printed it", async () => {
    signedInAs('admin', { 'GET /api/console/operators': () => jsonResponse(200, pageOf([])) });
    let printed: string | null = null;
    vi.spyOn(window, 'print').mockImplementation(() => {
      window.dispatchEvent(new Event('beforeprint'));
      printed = document.querySelector('[data-print-target] [data-print-header]')?.textContent ?? null;
    });
    renderApp('/operators', { routes: consoleRoutes });
    await userEvent.click(await screen.findByRole('button', { name: 'Print' }));
    expect(printed).toContain('for Layla Mansour');
  });
});
