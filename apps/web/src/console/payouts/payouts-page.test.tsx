import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConsoleCommissionLine, ConsolePayout, PayoutSchedule } from '@portal/contracts/console-earnings';
import type { OperatorRole } from '@portal/contracts/operator-permissions';
import { clearCookies, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { consoleCsrfCookie, operatorOf, pageOf, setUpConsoleCsrf } from '../console-test-helpers';
import { consoleRoutes } from '../console-routes';

beforeEach(() => {
  clearCookies();
  setUpConsoleCsrf();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const AED_SCHEDULE: PayoutSchedule = { currency: 'AED', minimum_minor: 50_000, day_of_month: 5, is_default: false, approved_minor: 1_234_50, next_run_on: '2026-12-05', updated_at: '2026-11-01T08:00:00.000Z' };
const USD_SCHEDULE: PayoutSchedule = { currency: 'USD', minimum_minor: 10_000, day_of_month: 5, is_default: true, approved_minor: 0, next_run_on: '2026-12-05', updated_at: null };

const DRAFT: ConsolePayout = {
  id: 11,
  currency: 'AED',
  amount_minor: 1_234_50,
  lines: 2,
  status: 'draft',
  scheduled_on: '2026-11-05',
  sent_at: null,
  paid_at: null,
  failed_at: null,
  failure_reason: null,
  statement_number: null,
  referral_agent_id: 1,
  agent_name: 'Harbor Health Partners',
  bank_reference: null,
  sent_by: null,
};
const SENT: ConsolePayout = { ...DRAFT, id: 12, currency: 'USD', amount_minor: 80_000, lines: 2, status: 'sent', sent_at: '2026-11-06T09:00:00.000Z', referral_agent_id: 2, agent_name: 'Northwind Care Network', sent_by: 'Layla Mansour' };

const LINE: ConsoleCommissionLine = {
  id: 501,
  kind: 'commission',
  booking_id: 9,
  booking_reference: 'MT-482913',
  facility_id: 3,
  facility_name: 'City Clinic',
  service_name: 'Knee arthroscopy',
  treatment_on: '2026-10-02',
  earned_on: '2026-10-02',
  base_minor: 1_000_000,
  base_currency: 'USD',
  rate: { kind: 'percentage', basis_points: 1000, amount_minor: null, currency: 'USD' },
  refund_window_days: 14,
  amount_minor: 100_000,
  currency: 'USD',
  status: 'in_payout',
  payable_on: '2026-10-16',
  held_reason: null,
  reversal_reason: null,
  clawback_of: null,
  clawed_back_by: null,
  adjustment: null,
  agreement: null,
  paid_on: null,
  referral_agent_id: 2,
  agent_name: 'Northwind Care Network',
};
const CLAWBACK: ConsoleCommissionLine = { ...LINE, id: 502, kind: 'clawback', booking_reference: 'MT-100200', amount_minor: -20_000, clawback_of: { id: 400, booking_reference: 'MT-100200' } };

const unprocessable = (field: string, message: string) => jsonResponse(422, { message, errors: { [field]: [message] } });

function api(role: OperatorRole, extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/console/csrf-cookie': consoleCsrfCookie,
    'GET /api/console/me': () => jsonResponse(200, { operator: operatorOf(role) }),
    'GET /api/console/earnings/payout-schedules': () => jsonResponse(200, { schedules: [AED_SCHEDULE, USD_SCHEDULE] }),
    'GET /api/console/earnings/payouts': () => jsonResponse(200, pageOf([SENT, DRAFT])),
    'GET /api/console/earnings/payouts/11': () => jsonResponse(200, { payout: DRAFT, lines: [{ ...LINE, currency: 'AED', amount_minor: 1_234_50 }] }),
    'GET /api/console/earnings/payouts/12': () => jsonResponse(200, { payout: SENT, lines: [LINE, CLAWBACK] }),
    'GET /api/console/earnings/payout-batches': () => jsonResponse(200, { proposals: [] }),
    'GET /api/console/earnings/payout-approval-thresholds': () => jsonResponse(200, { thresholds: [{ currency: 'EUR', threshold_minor: 1_000_000, updated_at: null, updated_by: null }] }),
    ...extra,
  });
}

async function openPayout(agent: string) {
  const table = await screen.findByRole('table', { name: 'Payouts' });
  await userEvent.setup().click(await within(table).findByRole('button', { name: new RegExp(`^Open the payout of .* to ${agent}`) }));
  return screen.findByRole('dialog', { name: `Payout to ${agent}` });
}

describe('payouts (console)', () => {
  it("lists each currency's schedule and sends an edit, showing the server's field error by its field", async () => {
    const calls = api('finance', {
      'PUT /api/console/earnings/payout-schedules/AED': () => unprocessable('minimum', 'The minimum has more decimals than its currency has.'),
    });
    renderApp('/payouts', { routes: consoleRoutes });
    const schedules = await screen.findByRole('table', { name: 'Payout schedules by currency' });
    const aed = (await within(schedules).findByText('AED 500.00')).closest('tr')!;
    expect(within(aed).getByText('Day 5')).toBeInTheDocument();
    expect(within(aed).getByText('AED 1,234.50')).toBeInTheDocument();
    expect(within(aed).getByText('5 Dec 2026')).toBeInTheDocument();
    expect(within(aed).queryByText('Default')).not.toBeInTheDocument();
    const usd = within(schedules).getByText('USD 100.00').closest('tr')!;
    expect(within(usd).getByText('Default')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(aed).getByRole('button', { name: 'Edit the AED schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the AED schedule' });
    const minimum = within(dialog).getByRole('textbox', { name: /^Minimum payout/ });
    expect(minimum).toHaveValue('500.00');
    await user.clear(minimum);
    await user.type(minimum, '50.005');
    const day = within(dialog).getByRole('textbox', { name: /^Day of the month/ });
    await user.clear(day);
    await user.type(day, '10');
    await user.click(within(dialog).getByRole('button', { name: 'Save schedule' }));
    await waitFor(() => expect(calls.calls('PUT', '/api/console/earnings/payout-schedules/AED')[0]?.body).toEqual({ minimum: '50.005', day_of_month: 10 }));
    expect(await within(dialog).findByText('The minimum has more decimals than its currency has.')).toBeInTheDocument();
    expect(minimum).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks the day before sending a schedule', async () => {
    const calls = api('admin');
    renderApp('/payouts', { routes: consoleRoutes });
    const schedules = await screen.findByRole('table', { name: 'Payout schedules by currency' });
    const user = userEvent.setup();
    await user.click(await within(schedules).findByRole('button', { name: 'Edit the USD schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the USD schedule' });
    const day = within(dialog).getByRole('textbox', { name: /^Day of the month/ });
    await user.clear(day);
    await user.type(day, '31');
    await user.click(within(dialog).getByRole('button', { name: 'Save schedule' }));
    expect(await within(dialog).findByText('The day must be a number from 1 to 28.')).toBeInTheDocument();
    expect(calls.calls('PUT', '/api/console/earnings/payout-schedules/USD')).toHaveLength(0);
  });

  it('runs the payouts after confirming and says what the run built', async () => {
    const calls = api('finance', { 'POST /api/console/earnings/payout-run': () => jsonResponse(200, { payouts: 3, carried_forward: 2, held: 1 }) });
    renderApp('/payouts', { routes: consoleRoutes });
    await screen.findByRole('table', { name: 'Payout schedules by currency' });
    const listReads = () => calls.calls('GET', '/api/console/earnings/payouts').length;
    await waitFor(() => expect(listReads()).toBeGreaterThan(0));
    const before = listReads();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Run payouts now' }));
    const confirm = await screen.findByRole('dialog', { name: 'Run payouts now?' });
    await user.click(within(confirm).getByRole('button', { name: 'Run payouts' }));
    expect(await screen.findByText('Payouts built: 3. Balances carried forward to the next run: 2. Held until payment details are verified: 1.')).toBeInTheDocument();
    expect(calls.calls('POST', '/api/console/earnings/payout-run')).toHaveLength(1);
    await waitFor(() => expect(listReads()).toBeGreaterThan(before));
  });

  it('lists the payouts with their state, and filters them by status and run day', async () => {
    const calls = api('finance');
    renderApp('/payouts', { routes: consoleRoutes });
    const table = await screen.findByRole('table', { name: 'Payouts' });
    const sent = (await within(table).findByText('Northwind Care Network')).closest('tr')!;
    expect(within(sent).getByText('USD 800.00')).toBeInTheDocument();
    expect(within(sent).getByText('Sent')).toBeInTheDocument();
    expect(within(sent).getByText('Layla Mansour')).toBeInTheDocument();
    expect(within(sent).getByText('5 Nov 2026')).toBeInTheDocument();
    const draft = within(table).getByText('Harbor Health Partners').closest('tr')!;
    expect(within(draft).getByText('Draft')).toBeInTheDocument();
    expect(within(draft).getByText('AED 1,234.50')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Sent');
    await waitFor(() => expect(calls.calls('GET', '/api/console/earnings/payouts').at(-1)?.query.get('status')).toBe('sent'));
    await user.type(screen.getByLabelText('Run day'), '2026-11-05');
    await waitFor(() => expect(calls.calls('GET', '/api/console/earnings/payouts').at(-1)?.query.get('scheduled_on')).toBe('2026-11-05'));
  });

  it('says when there are no payouts yet', async () => {
    api('finance', { 'GET /api/console/earnings/payouts': () => jsonResponse(200, pageOf([])) });
    renderApp('/payouts', { routes: consoleRoutes });
    expect(await screen.findByText(/^No payouts yet\./)).toBeInTheDocument();
  });

  it('opens a sent payout with its lines, marks it paid with the bank reference and shows it paid', async () => {
    let current: ConsolePayout = SENT;
    const calls = api('finance', {
      'GET /api/console/earnings/payouts/12': () => jsonResponse(200, { payout: current, lines: [LINE, CLAWBACK] }),
      'POST /api/console/earnings/payouts/12/paid': (request) => {
        current = { ...SENT, status: 'paid', paid_at: '2026-11-08T10:00:00.000Z', statement_number: 'SB-2026-000042', bank_reference: (request.body as { bank_reference: string }).bank_reference };
        return jsonResponse(200, { payout: current });
      },
    });
    renderApp('/payouts', { routes: consoleRoutes });
    const drawer = await openPayout('Northwind Care Network');
    const lines = await within(drawer).findByRole('table', { name: 'The commissions of this payout' });
    expect(within(lines).getByText('MT-482913')).toBeInTheDocument();
    const clawback = within(lines).getByText('Clawback of MT-100200').closest('tr')!;
    expect(within(clawback).getByText('-USD 200.00')).toBeInTheDocument();
    // A sent payout is paid or failed, not sent again.
    expect(within(drawer).queryByRole('button', { name: 'Mark sent' })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(drawer).getByRole('button', { name: 'Mark paid' }));
    const dialog = await screen.findByRole('dialog', { name: /^Mark the payout of USD\s800\.00 to Northwind Care Network paid\?$/ });
    await user.type(within(dialog).getByRole('textbox', { name: /^Bank reference/ }), 'TRX-2026-88');
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    await waitFor(() => expect(calls.calls('POST', '/api/console/earnings/payouts/12/paid')).toHaveLength(1));
    expect(calls.calls('POST', '/api/console/earnings/payouts/12/paid')[0]!.body).toEqual({ bank_reference: 'TRX-2026-88' });
    // The drawer reads the payout again: paid, numbered, no more steps.
    expect(await within(drawer).findByText('SB-2026-000042')).toBeInTheDocument();
    expect(within(drawer).getByText('TRX-2026-88')).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Mark failed' })).not.toBeInTheDocument();
  });

  it('asks for the reason before marking a payout failed, and sends it', async () => {
    const calls = api('finance', { 'POST /api/console/earnings/payouts/11/failed': () => jsonResponse(200, { payout: { ...DRAFT, status: 'failed' } }) });
    renderApp('/payouts', { routes: consoleRoutes });
    const drawer = await openPayout('Harbor Health Partners');
    const user = userEvent.setup();
    await user.click(await within(drawer).findByRole('button', { name: 'Mark failed' }));
    const dialog = await screen.findByRole('dialog', { name: /^Mark the payout of AED\s1,234\.50 to Harbor Health Partners failed\?$/ });
    await user.click(within(dialog).getByRole('button', { name: 'Mark failed' }));
    expect(await within(dialog).findByText('Say why: the reason is shown to the partner.')).toBeInTheDocument();
    expect(calls.calls('POST', '/api/console/earnings/payouts/11/failed')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'The IBAN was rejected by the bank.');
    await user.click(within(dialog).getByRole('button', { name: 'Mark failed' }));
    await waitFor(() => expect(calls.calls('POST', '/api/console/earnings/payouts/11/failed')[0]?.body).toEqual({ reason: 'The IBAN was rejected by the bank.' }));
  });

  it("shows the server's refusal when the payout changed meanwhile", async () => {
    const calls = api('finance', {
      'POST /api/console/earnings/payouts/11/sent': () => jsonResponse(409, { message: 'Only a draft payout can be marked sent: this one was already sent, paid or failed.', code: 'payout_state' }),
    });
    renderApp('/payouts', { routes: consoleRoutes });
    const drawer = await openPayout('Harbor Health Partners');
    const user = userEvent.setup();
    await user.click(await within(drawer).findByRole('button', { name: 'Mark sent' }));
    const confirm = await screen.findByRole('dialog', { name: /^Mark the payout of AED\s1,234\.50 to Harbor Health Partners sent\?$/ });
    await user.click(within(confirm).getByRole('button', { name: 'Mark sent' }));
    const alert = await within(drawer).findByRole('alert');
    expect(alert).toHaveTextContent('Only a draft payout can be marked sent: this one was already sent, paid or failed.');
    expect(calls.calls('POST', '/api/console/earnings/payouts/11/sent')).toHaveLength(1);
  });

  it('shows support the schedules and payouts without any action', async () => {
    api('support');
    renderApp('/payouts', { routes: consoleRoutes });
    const schedules = await screen.findByRole('table', { name: 'Payout schedules by currency' });
    await within(schedules).findByText('AED 500.00');
    expect(within(schedules).queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Run payouts now' })).not.toBeInTheDocument();

    const drawer = await openPayout('Northwind Care Network');
    await within(drawer).findByRole('table', { name: 'The commissions of this payout' });
    expect(within(drawer).queryByRole('button', { name: /^Mark/ })).not.toBeInTheDocument();
  });
});

describe('bank files', () => {
  it("downloads a batch's CSV and, for euros, its SEPA file, once a run day and a currency name the batch", async () => {
    const clicked: HTMLAnchorElement[] = [];
    // jsdom has no object URLs and does not download.
    Object.defineProperty(URL, 'createObjectURL', { value: vi.fn(() => 'blob:test/bank-file'), configurable: true, writable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true, writable: true });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function click(this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const requested: string[] = [];
    api('finance', {
      'GET /api/console/earnings/payouts/bank-file': (request) => {
        requested.push(request.query.toString());
        const format = request.query.get('format');
        return new Response('file', { status: 200, headers: { 'content-disposition': `attachment; filename="payouts-2026-12-05-EUR.${format === 'csv' ? 'csv' : 'xml'}"` } });
      },
    });
    renderApp('/payouts?scheduled_on=2026-12-05&currency=EUR', { routes: consoleRoutes });
    const clicks = userEvent.setup();
    await clicks.click(await screen.findByRole('button', { name: 'Bank file (CSV)' }));
    await waitFor(() => expect(clicked.map((anchor) => anchor.download)).toEqual(['payouts-2026-12-05-EUR.csv']));
    await clicks.click(screen.getByRole('button', { name: 'SEPA file (XML)' }));
    await waitFor(() => expect(clicked).toHaveLength(2));
    expect(requested).toEqual(['format=csv&scheduled_on=2026-12-05&currency=EUR', 'format=sepa&scheduled_on=2026-12-05&currency=EUR']);
  });

  it('asks for a batch first, and offers no SEPA file outside euros', async () => {
    api('finance');
    renderApp('/payouts?currency=AED', { routes: consoleRoutes });
    expect(await screen.findByText('Choose a run day and a currency to download that batch as a bank file.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Bank file (CSV)' })).not.toBeInTheDocument();
  });
});

describe('four eyes on payout batches (console)', () => {
  const PROPOSAL = {
    id: 5,
    scheduled_on: '2026-11-05',
    currency: 'EUR',
    payouts: 2,
    total_minor: 1_200_000,
    status: 'proposed',
    proposed_by: { id: 8, name: 'Omar Haddad' },
    proposed_at: '2026-11-05T09:00:00.000Z',
    decided_by: null,
    decided_at: null,
  };

  it("lets a second operator approve another's proposed batch after confirming", async () => {
    const calls = api('finance', {
      'GET /api/console/earnings/payout-batches': () => jsonResponse(200, { proposals: [PROPOSAL] }),
      'POST /api/console/earnings/payout-batches/5/approve': () => jsonResponse(200, { ...PROPOSAL, status: 'approved', decided_by: { id: 7, name: 'Layla Mansour' }, decided_at: '2026-11-05T10:00:00.000Z' }),
    });
    renderApp('/payouts', { routes: consoleRoutes });
    const section = await screen.findByRole('region', { name: 'Batches awaiting a second approval' });
    expect(await within(section).findByText(/^Proposed by Omar Haddad/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(section).getByRole('button', { name: /^Approve and send EUR/ }));
    const dialog = await screen.findByRole('dialog', { name: /^Approve and send EUR/ });
    await user.click(within(dialog).getByRole('button', { name: 'Approve and send' }));
    await waitFor(() => expect(calls.calls('POST', '/api/console/earnings/payout-batches/5/approve')).toHaveLength(1));
  });

  it('tells the proposer the batch awaits a second operator, with Approve disabled and why, and lets them withdraw it', async () => {
    const calls = api('finance', {
      'GET /api/console/earnings/payout-batches': () => jsonResponse(200, { proposals: [{ ...PROPOSAL, proposed_by: { id: 7, name: 'Layla Mansour' } }] }),
      'POST /api/console/earnings/payout-batches/5/withdraw': () => jsonResponse(200, { ...PROPOSAL, status: 'withdrawn', decided_by: { id: 7, name: 'Layla Mansour' }, decided_at: '2026-11-05T10:00:00.000Z' }),
    });
    renderApp('/payouts', { routes: consoleRoutes });
    const section = await screen.findByRole('region', { name: 'Batches awaiting a second approval' });
    const batch = await within(section).findByRole('article', { name: /^EUR/ });
    expect(within(batch).getByText('Awaiting approval by a second operator')).toBeInTheDocument();
    expect(within(batch).getByText(/^Proposed by Layla Mansour/)).toBeInTheDocument();
    const approve = within(batch).getByRole('button', { name: /^Approve and send EUR/ });
    expect(approve).toBeDisabled();
    expect(approve).toHaveAccessibleDescription('You proposed this batch, so a different operator must approve it.');

    const user = userEvent.setup();
    await user.click(within(batch).getByRole('button', { name: /^Withdraw the proposal of EUR/ }));
    const dialog = await screen.findByRole('dialog', { name: /^Withdraw the proposal of EUR/ });
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw proposal' }));
    await waitFor(() => expect(calls.calls('POST', '/api/console/earnings/payout-batches/5/withdraw')).toHaveLength(1));
  });

  it('lists the latest decided batches with both names, and links to the thresholds', async () => {
    api('support', {
      'GET /api/console/earnings/payout-batches': () =>
        jsonResponse(200, { proposals: [{ ...PROPOSAL, status: 'approved', decided_by: { id: 7, name: 'Layla Mansour' }, decided_at: '2026-11-05T10:00:00.000Z' }] }),
    });
    renderApp('/payouts', { routes: consoleRoutes });
    const section = await screen.findByRole('region', { name: 'Batches awaiting a second approval' });
    expect(await within(section).findByText(/^Proposed by Omar Haddad, approved and sent by Layla Mansour/)).toBeInTheDocument();
    expect(within(section).getByText('No batch awaits a second approval.')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Four-eyes thresholds by currency' })).toHaveAttribute('href', '/payouts/approval-thresholds');
  });
});
