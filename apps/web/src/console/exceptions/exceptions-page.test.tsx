import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ExceptionCounts, FinanceException } from '@portal/contracts/console-exceptions';
import type { OperatorRole } from '@portal/contracts/operator-permissions';
import { clearCookies, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { changeLocale } from '../../i18n/i18n';
import { consoleCsrfCookie, operatorOf, pageOf, setUpConsoleCsrf } from '../console-test-helpers';
import { consoleRoutes } from '../console-routes';
import { exceptionsEn } from './exceptions-messages';

beforeEach(() => {
  clearCookies();
  setUpConsoleCsrf();
});

const UNPRICED: FinanceException = {
  kind: 'unpriced_completion',
  id: 'unpriced_completion:41',
  referral_agent_id: 7,
  agent_name: 'Harbor Health Partners',
  currency: 'EUR',
  since: '2026-11-20T10:00:00.000Z',
  reason: 'no_rate',
  booking_id: 41,
  ticket_id: 'MT-100041',
  facility_id: 3,
  facility_name: 'Clínica Serena Madrid',
  amount: '2450.00',
};
const NEGATIVE: FinanceException = { kind: 'negative_balance', id: 'negative_balance:9:GBP', referral_agent_id: 9, agent_name: 'Cedar Travel Ltd', currency: 'GBP', since: '2026-11-18T09:00:00.000Z', amount_minor: -4_250 };
const FAILED: FinanceException = { kind: 'failed_payout', id: 'failed_payout:12', referral_agent_id: 9, agent_name: 'Cedar Travel Ltd', currency: 'EUR', since: '2026-11-10T09:00:00.000Z', payout_id: 12, amount_minor: 98_000, reason: 'The bank returned it: account closed.' };
const HELD: FinanceException = { kind: 'held_payout', id: 'held_payout:7:EUR', referral_agent_id: 7, agent_name: 'Harbor Health Partners', currency: 'EUR', since: '2026-11-05T09:00:00.000Z', amount_minor: 31_500, reason: 'unverified' };
const ROWS = [UNPRICED, NEGATIVE, FAILED, HELD];
const COUNTS: ExceptionCounts = {
  counts: { unpriced_completion: 1, negative_balance: 1, failed_payout: 1, held_payout: 1 },
  total: 4,
  agents: [
    { id: 9, name: 'Cedar Travel Ltd' },
    { id: 7, name: 'Harbor Health Partners' },
  ],
  currencies: ['EUR', 'GBP'],
};

function api(role: OperatorRole, extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/console/csrf-cookie': consoleCsrfCookie,
    'GET /api/console/me': () => jsonResponse(200, { operator: operatorOf(role) }),
    'GET /api/console/exceptions': (request) => jsonResponse(200, pageOf(ROWS.filter((row) => !request.query.get('kind') || row.kind === request.query.get('kind')))),
    'GET /api/console/exceptions/counts': () => jsonResponse(200, COUNTS),
    ...extra,
  });
}

describe('exceptions (console)', () => {
  it('lists each kind with what happened and the link that resolves it, and counts each kind', async () => {
    api('finance');
    renderApp('/exceptions', { routes: consoleRoutes });
    expect(await screen.findByRole('heading', { name: 'Exceptions', level: 1 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Exceptions' });
    expect(await within(table).findByText('Booking MT-100041 at Clínica Serena Madrid')).toBeInTheDocument();
    expect(within(table).getByText(exceptionsEn.unpriced.no_rate)).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: exceptionsEn.actions.openRateCard })).toHaveAttribute('href', '/rate-card?facility_id=3');
    expect(within(table).getByRole('link', { name: exceptionsEn.actions.openBooking })).toHaveAttribute('href', '/bookings/41');
    expect(within(table).getByText(/GBP.*42\.50/)).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: exceptionsEn.actions.openLedger })).toHaveAttribute('href', '/commission-ledger?referral_agent_id=9&currency=GBP&status=approved');
    expect(within(table).getByText('Payout #12 failed: The bank returned it: account closed.')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: exceptionsEn.actions.openPayout })).toHaveAttribute('href', '/payouts?referral_agent_id=9&currency=EUR&status=failed');
    expect(within(table).getByRole('link', { name: exceptionsEn.actions.verifyDetails })).toHaveAttribute('href', '/payment-details?status=unverified');
    const counts = screen.getByRole('group', { name: exceptionsEn.counts.label });
    expect(within(counts).getByRole('button', { name: '1 Failed payouts' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('prices an unpriced completion again for a role that manages earnings, and reloads the list and the counts', async () => {
    let priced = false;
    const calls = api('finance', {
      'GET /api/console/exceptions': () => jsonResponse(200, pageOf(priced ? [HELD] : ROWS)),
      'POST /api/console/exceptions/unpriced-completions/41/price': () => {
        priced = true;
        return jsonResponse(200, { priced: true, reason: null });
      },
    });
    renderApp('/exceptions', { routes: consoleRoutes });
    const table = await screen.findByRole('table', { name: 'Exceptions' });
    await userEvent.setup().click(await within(table).findByRole('button', { name: exceptionsEn.priceAgain.label }));
    expect(await screen.findByText('Booking MT-100041 has its commission line now.')).toBeInTheDocument();
    await waitFor(() => expect(within(table).queryByText('Booking MT-100041 at Clínica Serena Madrid')).not.toBeInTheDocument());
    expect(calls.calls('POST', '/api/console/exceptions/unpriced-completions/41/price')).toHaveLength(1);
    expect(calls.calls('GET', '/api/console/exceptions/counts').length).toBeGreaterThan(1);
  });

  it('filters by kind through a count, the URL and the request', async () => {
    const calls = api('finance');
    const view = renderApp('/exceptions', { routes: consoleRoutes });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '1 Negative balances' }));
    expect(view.location().search).toContain('kind=negative_balance');
    await waitFor(() => expect(calls.calls('GET', '/api/console/exceptions').at(-1)?.query.get('kind')).toBe('negative_balance'));
    const table = screen.getByRole('table', { name: 'Exceptions' });
    await waitFor(() => expect(within(table).queryByText('Booking MT-100041 at Clínica Serena Madrid')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: '1 Negative balances' })).toHaveAttribute('aria-pressed', 'true');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Currency' }), 'GBP');
    expect(view.location().search).toContain('currency=GBP');
    await waitFor(() => expect(calls.calls('GET', '/api/console/exceptions/counts').at(-1)?.query.get('currency')).toBe('GBP'));
  });

  it('says all is clear when nothing is open, and offers a retry when the list cannot load', async () => {
    api('admin', { 'GET /api/console/exceptions': () => jsonResponse(200, pageOf([])) });
    const first = renderApp('/exceptions', { routes: consoleRoutes });
    expect(await screen.findByText(exceptionsEn.empty)).toBeInTheDocument();
    first.unmount();

    let failing = true;
    api('admin', { 'GET /api/console/exceptions': () => (failing ? jsonResponse(500, { message: 'Server Error' }) : jsonResponse(200, pageOf([HELD]))) });
    renderApp('/exceptions', { routes: consoleRoutes });
    expect(await screen.findByText(exceptionsEn.loadFailed)).toBeInTheDocument();
    failing = false;
    await userEvent.setup().click(screen.getByRole('button', { name: /try again|retry/i }));
    expect(await screen.findByText(exceptionsEn.held.unverified)).toBeInTheDocument();
  });

  it('is not allowed for a role without exceptions.read, and is not in its sidebar', async () => {
    api('support');
    renderApp('/exceptions', { routes: consoleRoutes });
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Exceptions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Exceptions' })).not.toBeInTheDocument();
  });

  it('reads in Arabic, right to left', async () => {
    await changeLocale('ar');
    api('finance');
    renderApp('/exceptions', { routes: consoleRoutes });
    expect(await screen.findByRole('heading', { name: 'الاستثناءات', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('columnheader', { name: 'المعالجة' })).toBeInTheDocument();
    expect(await screen.findByText('الرصيد المعتمد دون الصفر: تخصمه الدفعات التالية ما لم يعدّله فريق المالية.')).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });
});
