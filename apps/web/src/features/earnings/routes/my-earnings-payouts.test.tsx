import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Payout } from '@portal/contracts/earnings';
import type { PartnerRole } from '@portal/contracts/partner-roles';
import { makeUser, paginated } from '../../../../test/fixtures';
import { jsonResponse, mockFetch, type MockHandler } from '../../../../test/fetch-mock';
import { renderApp } from '../../../../test/render-app';
import type { createRealtimeStub } from '../../../../test/realtime-stub';
import { startEachTestSignedOut } from '../../../../test/session';
import { useAuthStore } from '../../../stores/auth-store';

/** lib/realtime without a socket: `realtime.stub.emit` delivers an event to what the page listens for. */
const realtime = vi.hoisted(() => ({ stub: null as ReturnType<typeof createRealtimeStub> | null }));
vi.mock('../../../lib/realtime', async () => {
  const { createRealtimeStub } = await import('../../../../test/realtime-stub');
  realtime.stub = createRealtimeStub();
  return realtime.stub.module;
});

startEachTestSignedOut();

const PAID: Payout = {
  id: 7,
  currency: 'AED',
  amount_minor: 1_234_50,
  lines: 3,
  status: 'paid',
  scheduled_on: '2026-10-01',
  sent_at: '2026-10-02T08:00:00.000Z',
  paid_at: '2026-10-04T08:00:00.000Z',
  failed_at: null,
  failure_reason: null,
  statement_number: 'SB-2026-000123',
};
const FAILED: Payout = {
  ...PAID,
  id: 8,
  amount_minor: 50_000,
  lines: 1,
  status: 'failed',
  scheduled_on: '2026-11-01',
  paid_at: null,
  failed_at: '2026-11-03T08:00:00.000Z',
  failure_reason: 'The bank returned the transfer: the IBAN is closed.',
  statement_number: null,
};
const DRAFT: Payout = { ...FAILED, id: 9, status: 'draft', scheduled_on: '2026-12-01', sent_at: null, failed_at: null, failure_reason: null, amount_minor: 75_000 };

function signIn(role: PartnerRole) {
  const user = makeUser({}, { role });
  useAuthStore.getState().setUser(user);
  return user;
}

/** The rest of My earnings, answered with little: these tests are about the payouts. */
function earningsApi(user: ReturnType<typeof makeUser>, payouts?: MockHandler) {
  return mockFetch({
    'GET /api/user': () => jsonResponse(200, user),
    'GET /api/earnings/summary': () => jsonResponse(200, { balances: [], year: 2026, held_by_agreement: false }),
    'GET /api/earnings/monthly': () => jsonResponse(200, { months: ['2026-11'], currencies: [], currency: null, group: 'status', series: [] }),
    'GET /api/earnings/facilities': () => jsonResponse(200, { facilities: [] }),
    'GET /api/earnings/totals': () => jsonResponse(200, { totals: [] }),
    'GET /api/earnings/lines': () => jsonResponse(200, paginated([])),
    ...(payouts ? { 'GET /api/earnings/payouts': payouts } : {}),
  });
}

describe('My earnings: payouts', () => {
  it("shows an owner the agent's payouts: a paid one's statement to download, a failed one's reason", async () => {
    const user = signIn('owner');
    earningsApi(user, () => jsonResponse(200, paginated([DRAFT, FAILED, PAID])));
    renderApp('/my-earnings#payouts');

    const section = await screen.findByRole('region', { name: 'Payouts' });
    expect(within(section).getByRole('heading', { level: 2, name: 'Payouts' })).toHaveAttribute('id', 'payouts');
    expect(within(section).getByText(/clawbacks are deducted/)).toBeInTheDocument();
    const table = within(section).getByRole('table', { name: /Your payouts/ });

    const link = await within(table).findByRole('link', { name: /Statement\sSB-2026-000123/ });
    expect(link).toHaveAttribute('href', '/api/earnings/payouts/7/statement');
    expect(link).toHaveAttribute('download');
    const paid = link.closest('tr')!;
    expect(within(paid).getByText(/^AED\s1,234\.50$/)).toBeInTheDocument();
    expect(within(paid).getByText('Paid')).toBeInTheDocument();
    expect(within(paid).getByText('Paid on 4 Oct 2026')).toBeInTheDocument();

    const failed = within(table).getByText('The bank returned the transfer: the IBAN is closed.').closest('tr')!;
    expect(within(failed).getByText('Failed')).toBeInTheDocument();
    expect(within(failed).getByText(/^AED\s500\.00$/)).toBeInTheDocument();
    expect(within(failed).queryByRole('link')).not.toBeInTheDocument();

    const draft = within(table).getByText('Preparing').closest('tr')!;
    expect(within(draft).getByText(/^AED\s750\.00$/)).toBeInTheDocument();
    expect(within(draft).queryByRole('link')).not.toBeInTheDocument();
  });

  it('keeps its page in its own URL parameter, apart from the commission lines', async () => {
    const user = signIn('finance');
    const api = earningsApi(user, (request) => jsonResponse(200, paginated([PAID], { total: 12, current: Number(request.query.get('page') ?? 1) })));
    const { location } = renderApp('/my-earnings');

    const section = await screen.findByRole('region', { name: 'Payouts' });
    await within(section).findByRole('link', { name: /Statement\sSB-2026-000123/ });
    await userEvent.click(within(section).getByRole('button', { name: 'Page 2' }));

    await waitFor(() => expect(api.calls('GET', '/api/earnings/payouts').at(-1)?.query.get('page')).toBe('2'));
    expect(new URLSearchParams(location().search).get('payouts_page')).toBe('2');
    expect(new URLSearchParams(location().search).has('page')).toBe(false);
    expect(api.calls('GET', '/api/earnings/lines').every((request) => !request.query.has('page') || request.query.get('page') === '1')).toBe(true);
  });

  it('reloads the payouts on a commission notification (a payout paid is told as one)', async () => {
    const user = signIn('manager');
    let rows: Payout[] = [FAILED];
    const api = earningsApi(user, () => jsonResponse(200, paginated(rows)));
    renderApp('/my-earnings');

    const section = await screen.findByRole('region', { name: 'Payouts' });
    expect(await within(section).findByText('Failed')).toBeInTheDocument();
    const before = api.calls('GET', '/api/earnings/payouts').length;

    rows = [PAID, FAILED];
    act(() =>
      realtime.stub!.emit('NotificationCreated', {
        notification: { id: '00000000-0000-4000-8000-000000000001', type: 'commission', title: 'Payout paid', body: 'Your payout was paid.', link: '/my-earnings#payouts', data: { payout_id: 7 }, read_at: null, created_at: new Date().toISOString() },
        unread_count: 1,
      }),
    );

    expect(await within(section).findByRole('link', { name: /Statement\sSB-2026-000123/ })).toBeInTheDocument();
    expect(api.calls('GET', '/api/earnings/payouts').length).toBeGreaterThan(before);
  });

  it('says when there are no payouts yet', async () => {
    const user = signIn('owner');
    earningsApi(user, () => jsonResponse(200, paginated([])));
    renderApp('/my-earnings');
    const section = await screen.findByRole('region', { name: 'Payouts' });
    expect(await within(section).findByText('No payouts yet: approved commissions are paid on the next payout day.')).toBeInTheDocument();
  });

  it('offers Retry when the payouts cannot be loaded', async () => {
    const user = signIn('owner');
    let fail = true;
    earningsApi(user, () => (fail ? jsonResponse(500, { message: 'Server Error' }) : jsonResponse(200, paginated([PAID]))));
    renderApp('/my-earnings');
    const section = await screen.findByRole('region', { name: 'Payouts' });
    expect(await within(section).findByText('Your payouts could not be loaded')).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(section).getByRole('button', { name: 'Retry' }));
    expect(await within(section).findByRole('link', { name: /Statement\sSB-2026-000123/ })).toBeInTheDocument();
  });

  it('shows an agent-role member no payouts and never asks for them', async () => {
    const user = signIn('agent');
    const api = earningsApi(user, () => jsonResponse(200, paginated([PAID])));
    renderApp('/my-earnings#payouts');

    expect(await screen.findByText('No commissions yet.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Payouts' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Payouts' })).not.toBeInTheDocument();
    expect(api.calls('GET', '/api/earnings/payouts')).toHaveLength(0);
  });
});
