import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConsolePaymentDetailsRow } from '@portal/contracts/console-payment-details';
import type { OperatorRole } from '@portal/contracts/operator-permissions';
import type { PaymentDetailEvent } from '@portal/contracts/payment-details';
import { clearCookies, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { consoleCsrfCookie, operatorOf, pageOf, setUpConsoleCsrf } from '../console-test-helpers';
import { consoleRoutes } from '../console-routes';
import { REVEAL_MS } from './payment-details-drawer';

beforeEach(() => {
  clearCookies();
  setUpConsoleCsrf();
});

afterEach(() => {
  vi.useRealTimers();
});

const LIST_URL = '/api/console/payment-details';

const HARBOR: ConsolePaymentDetailsRow = {
  referral_agent_id: 1,
  agent_name: 'Harbor Health Partners',
  scheme: 'iban',
  holder_name: 'Harbor Health Partners LLC',
  bank_country: 'DE',
  account_masked: 'DE•• •••• •••• 3000',
  bic: 'COBADEFFXXX',
  routing_number: null,
  ifsc: null,
  account_type: null,
  bank_name: null,
  status: 'unverified',
  verified_at: null,
  frozen_at: null,
  updated_at: '2026-11-04T09:30:00.000Z',
  updated_by: 'Amelia Hart',
  same_account_as: [{ id: 3, name: 'Desert Rose Travel' }],
  verification_proposal: null,
};
/** Four eyes: another operator (Omar, id 8) proposed Harbor's verification. */
const PROPOSED_BY_OMAR = { operator_id: 8, operator_name: 'Omar Haddad', proposed_at: '2026-11-06T08:00:00.000Z' };
const NORTHWIND: ConsolePaymentDetailsRow = {
  ...HARBOR,
  referral_agent_id: 2,
  agent_name: 'Northwind Care Network',
  scheme: 'us_ach',
  holder_name: 'Northwind Care Inc.',
  bank_country: 'US',
  account_masked: '•••• 6789',
  bic: null,
  routing_number: '021000021',
  account_type: 'checking',
  status: 'frozen',
  frozen_at: '2026-11-05T10:00:00.000Z',
  updated_at: '2026-11-03T08:00:00.000Z',
  updated_by: 'Noah Fischer',
  same_account_as: [],
};
const CITY: ConsolePaymentDetailsRow = {
  ...HARBOR,
  referral_agent_id: 4,
  agent_name: 'City Clinic Referrals',
  scheme: 'swift_account',
  holder_name: 'City Clinic FZ-LLC',
  bank_country: 'AE',
  account_masked: '•••• 4321',
  bic: 'EBILAEAD',
  bank_name: 'Emirates NBD',
  status: 'verified',
  verified_at: '2026-10-01T12:00:00.000Z',
  updated_at: '2026-09-30T12:00:00.000Z',
  updated_by: null,
  same_account_as: [],
};

const CHANGED: PaymentDetailEvent & { operator: string | null } = {
  id: 31,
  kind: 'changed',
  at: '2026-11-04T09:30:00.000Z',
  by: 'Amelia Hart',
  old_masked: 'IBAN GB•• •••• •••• 1234 (GB)',
  new_masked: 'IBAN DE•• •••• •••• 3000 (DE)',
  operator: null,
};
const VERIFIED_EVENT = { id: 32, kind: 'verified' as const, at: '2026-11-06T09:00:00.000Z', by: null, old_masked: null, new_masked: 'IBAN DE•• •••• •••• 3000 (DE)', operator: 'Layla Mansour' };

const HARBOR_TAX = {
  legal_name: 'Harbor Health Partners Ltd',
  address_line1: '14 Quayside Court',
  address_line2: null,
  city: 'Portsmouth',
  postal_code: 'PO1 3TZ',
  country: 'GB',
  tax_id: '09418273',
  vat_status: 'registered',
  vat_number: 'GB284619530',
  updated_at: '2025-10-13T10:00:00.000Z',
  updated_by: 'Priya Natarajan',
};

function api(role: OperatorRole, extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/console/csrf-cookie': consoleCsrfCookie,
    'GET /api/console/me': () => jsonResponse(200, { operator: operatorOf(role) }),
    [`GET ${LIST_URL}`]: (request) => jsonResponse(200, pageOf(request.query.get('status') ? [] : [NORTHWIND, HARBOR, CITY])),
    [`GET ${LIST_URL}/1`]: () => jsonResponse(200, { details: HARBOR, events: [CHANGED] }),
    [`GET ${LIST_URL}/4`]: () => jsonResponse(200, { details: CITY, events: [] }),
    'GET /api/console/referral-agents/1/tax-profile': () => jsonResponse(200, { profile: HARBOR_TAX, issuer_country: 'AE', reverse_charge: true }),
    'GET /api/console/referral-agents/4/tax-profile': () => jsonResponse(200, { profile: null, issuer_country: 'AE', reverse_charge: false }),
    ...extra,
  });
}

async function openDetails(agent: string, user = userEvent.setup()) {
  const table = await screen.findByRole('table', { name: 'Payment details' });
  await user.click(await within(table).findByRole('button', { name: `Open the payment details of ${agent}` }));
  return screen.findByRole('dialog', { name: `Payment details of ${agent}` });
}

describe('payment details (console)', () => {
  it("shows the agent's tax profile read-only beside its payment details, and says when there is none", async () => {
    api('support');
    renderApp('/payment-details', { routes: consoleRoutes });
    const drawer = await openDetails('Harbor Health Partners');
    const tax = await within(drawer).findByRole('region', { name: 'Tax profile' });
    const value = (label: string) => within(tax).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(await within(tax).findByText('Harbor Health Partners Ltd')).toBeInTheDocument();
    expect(value('Address')).toHaveTextContent('14 Quayside Court, PO1 3TZ Portsmouth');
    expect(value('Country')).toHaveTextContent('United Kingdom');
    expect(value('VAT number')).toHaveTextContent('GB284619530');
    expect(value('Reverse charge')).toHaveTextContent('Yes: printed on its statements');
    expect(within(tax).queryByRole('button')).toBeNull();
    expect(within(tax).queryByRole('textbox')).toBeNull();

    await userEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    const city = await openDetails('City Clinic Referrals');
    expect(await within(city).findByText(/No tax profile: the partner has not entered its legal name/)).toBeInTheDocument();
  });

  it('lists every agent with its status, and flags the agents that give the same account', async () => {
    api('finance');
    renderApp('/payment-details', { routes: consoleRoutes });
    const table = await screen.findByRole('table', { name: 'Payment details' });
    const harbor = (await within(table).findByText('Harbor Health Partners')).closest('tr')!;
    expect(within(harbor).getByText('Waiting for verification')).toBeInTheDocument();
    expect(within(harbor).getByText('Same account as: Desert Rose Travel')).toBeInTheDocument();
    expect(within(harbor).getByText('IBAN')).toBeInTheDocument();
    expect(within(harbor).getByText('Harbor Health Partners LLC')).toBeInTheDocument();
    expect(within(harbor).getByText('Germany')).toBeInTheDocument();
    expect(within(harbor).getByText('DE•• •••• •••• 3000')).toBeInTheDocument();
    expect(within(harbor).getByText('4 Nov 2026')).toBeInTheDocument();
    expect(within(harbor).getByText('by Amelia Hart')).toBeInTheDocument();

    const northwind = within(table).getByText('Northwind Care Network').closest('tr')!;
    expect(within(northwind).getByText('Frozen')).toBeInTheDocument();
    expect(within(northwind).getByText('US bank account (ACH)')).toBeInTheDocument();
    expect(within(northwind).queryByText(/^Same account as/)).not.toBeInTheDocument();
    const city = within(table).getByText('City Clinic Referrals').closest('tr')!;
    expect(within(city).getByText('Verified')).toBeInTheDocument();
    expect(within(city).queryByText(/^Same account as/)).not.toBeInTheDocument();
  });

  it('shows all statuses at first, filters by status and says when nothing waits', async () => {
    const calls = api('finance');
    renderApp('/payment-details', { routes: consoleRoutes });
    await screen.findByText('Harbor Health Partners');
    expect(calls.calls('GET', LIST_URL)[0]!.query.has('status')).toBe(false);
    const filter = screen.getByRole('combobox', { name: 'Status' });
    expect(filter).toHaveValue('');

    await userEvent.setup().selectOptions(filter, 'Waiting for verification');
    await waitFor(() => expect(calls.calls('GET', LIST_URL).at(-1)?.query.get('status')).toBe('unverified'));
    expect(await screen.findByText('No payment details waiting for verification.')).toBeInTheDocument();
  });

  it('offers Retry when the list fails to load', async () => {
    let fail = true;
    api('finance', { [`GET ${LIST_URL}`]: () => (fail ? jsonResponse(500, { message: 'Server Error' }) : jsonResponse(200, pageOf([HARBOR]))) });
    renderApp('/payment-details', { routes: consoleRoutes });
    expect(await screen.findByText("Couldn't load the payment details.")).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Harbor Health Partners')).toBeInTheDocument();
  });

  it('offers Try again when the details fail to load', async () => {
    let fail = true;
    api('finance', { [`GET ${LIST_URL}/1`]: () => (fail ? jsonResponse(500, { message: 'Server Error' }) : jsonResponse(200, { details: HARBOR, events: [CHANGED] })) });
    renderApp('/payment-details', { routes: consoleRoutes });
    const drawer = await openDetails('Harbor Health Partners');
    expect(await within(drawer).findByRole('alert', { name: "Couldn't load the payment details." })).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(within(drawer).getByRole('button', { name: 'Try again' }));
    expect(await within(drawer).findByRole('table', { name: 'The change log of these payment details' })).toBeInTheDocument();
  });

  it("opens the details with their change log, approves another operator's proposed verification after confirming and reads the list and the details again", async () => {
    let current: ConsolePaymentDetailsRow = { ...HARBOR, verification_proposal: PROPOSED_BY_OMAR };
    let events = [CHANGED];
    const calls = api('finance', {
      [`GET ${LIST_URL}/1`]: () => jsonResponse(200, { details: current, events }),
      [`POST ${LIST_URL}/1/verify`]: () => {
        current = { ...HARBOR, status: 'verified', verified_at: '2026-11-06T09:00:00.000Z' };
        events = [VERIFIED_EVENT, CHANGED];
        return jsonResponse(200, { status: 'verified', proposed_by: 'Omar Haddad' });
      },
    });
    renderApp('/payment-details', { routes: consoleRoutes });
    const drawer = await openDetails('Harbor Health Partners');
    expect(await within(drawer).findByText('COBADEFFXXX')).toBeInTheDocument();
    expect(within(drawer).getByText('The same account is on other agents')).toBeInTheDocument();
    expect(within(drawer).getByText(/Desert Rose Travel/)).toBeInTheDocument();
    const log = within(drawer).getByRole('table', { name: 'The change log of these payment details' });
    const changed = within(log).getByText('Changed').closest('tr')!;
    expect(within(changed).getByText('Amelia Hart')).toBeInTheDocument();
    expect(within(changed).getByText('IBAN GB•• •••• •••• 1234 (GB)')).toBeInTheDocument();
    expect(within(changed).getByText('IBAN DE•• •••• •••• 3000 (DE)')).toBeInTheDocument();

    expect(await within(drawer).findByText('Omar Haddad proposed this verification: check the details and approve it')).toBeInTheDocument();
    const listReads = calls.calls('GET', LIST_URL).length;
    const user = userEvent.setup();
    await user.click(within(drawer).getByRole('button', { name: 'Approve verification' }));
    const confirm = await screen.findByRole('dialog', { name: 'Verify the payment details of Harbor Health Partners?' });
    expect(within(confirm).getByText(/payouts go to this account from the next payout run/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(calls.calls('POST', `${LIST_URL}/1/verify`)).toHaveLength(1));
    await waitFor(() => expect(calls.calls('GET', LIST_URL).length).toBeGreaterThan(listReads));
    // The drawer reads the details again: verified, by the operator, and nothing left to verify.
    const verified = (await within(drawer).findByText('Layla Mansour (operations team)')).closest('tr')!;
    expect(within(verified).getByText('Verified')).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Verify' })).not.toBeInTheDocument();
  });

  it('proposes a verification, then shows the proposer it awaits a second operator, with Approve disabled and why', async () => {
    let current = HARBOR;
    const calls = api('finance', {
      [`GET ${LIST_URL}/1`]: () => jsonResponse(200, { details: current, events: [CHANGED] }),
      [`POST ${LIST_URL}/1/verify`]: () => {
        current = { ...HARBOR, verification_proposal: { operator_id: 7, operator_name: 'Layla Mansour', proposed_at: '2026-11-06T08:00:00.000Z' } };
        return jsonResponse(200, { status: 'awaiting_second_approval', proposed_by: 'Layla Mansour' });
      },
    });
    renderApp('/payment-details', { routes: consoleRoutes });
    const drawer = await openDetails('Harbor Health Partners');
    const user = userEvent.setup();
    await user.click(await within(drawer).findByRole('button', { name: 'Verify' }));
    const confirm = await screen.findByRole('dialog', { name: 'Verify the payment details of Harbor Health Partners?' });
    await user.click(within(confirm).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(calls.calls('POST', `${LIST_URL}/1/verify`)).toHaveLength(1));
    expect(await within(drawer).findByText('Awaiting approval by a second operator')).toBeInTheDocument();
    expect(within(drawer).getByText(/^Proposed by Layla Mansour/)).toBeInTheDocument();
    const approve = within(drawer).getByRole('button', { name: 'Approve verification' });
    expect(approve).toBeDisabled();
    expect(approve).toHaveAccessibleDescription('You proposed this verification, so a different operator must approve it.');
  });

  it("withdraws another operator's proposed verification after confirming, and reads the details again", async () => {
    let current: ConsolePaymentDetailsRow = { ...HARBOR, verification_proposal: PROPOSED_BY_OMAR };
    const calls = api('finance', {
      [`GET ${LIST_URL}/1`]: () => jsonResponse(200, { details: current, events: [CHANGED] }),
      [`POST ${LIST_URL}/1/verify/withdraw`]: () => {
        current = HARBOR;
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/payment-details', { routes: consoleRoutes });
    const drawer = await openDetails('Harbor Health Partners');
    const user = userEvent.setup();
    await user.click(await within(drawer).findByRole('button', { name: 'Withdraw proposal' }));
    const confirm = await screen.findByRole('dialog', { name: 'Withdraw the proposed verification of Harbor Health Partners?' });
    await user.click(within(confirm).getByRole('button', { name: 'Withdraw proposal' }));
    await waitFor(() => expect(calls.calls('POST', `${LIST_URL}/1/verify/withdraw`)).toHaveLength(1));
    // Read again: no proposal now, so the next check is a new one.
    expect(await within(drawer).findByRole('button', { name: 'Verify' })).toBeEnabled();
    expect(within(drawer).queryByRole('button', { name: 'Withdraw proposal' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal when the details were verified meanwhile", async () => {
    const calls = api('admin', { [`POST ${LIST_URL}/1/verify`]: () => jsonResponse(409, { message: 'These payment details are already verified.' }) });
    renderApp('/payment-details', { routes: consoleRoutes });
    const drawer = await openDetails('Harbor Health Partners');
    const user = userEvent.setup();
    await user.click(await within(drawer).findByRole('button', { name: 'Verify' }));
    const confirm = await screen.findByRole('dialog', { name: 'Verify the payment details of Harbor Health Partners?' });
    await user.click(within(confirm).getByRole('button', { name: 'Verify' }));
    const alert = await within(drawer).findByRole('alert', { name: 'The payment details changed meanwhile' });
    expect(alert).toHaveTextContent('These payment details are already verified.');
    expect(calls.calls('POST', `${LIST_URL}/1/verify`)).toHaveLength(1);
  });

  it('reveals the full account with the audit note, hides it on request and by itself after a minute', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = api('finance', { [`POST ${LIST_URL}/1/reveal`]: () => jsonResponse(200, { account: 'DE89370400440532013000' }) });
    renderApp('/payment-details', { routes: consoleRoutes });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const drawer = await openDetails('Harbor Health Partners', user);

    await user.click(await within(drawer).findByRole('button', { name: 'Reveal full account' }));
    const revealed = await within(drawer).findByRole('region', { name: 'Full account' });
    expect(within(revealed).getByText('DE89370400440532013000')).toBeInTheDocument();
    expect(within(revealed).getByText(/recorded in the audit log/)).toBeInTheDocument();
    expect(calls.calls('POST', `${LIST_URL}/1/reveal`)).toHaveLength(1);
    await user.click(within(revealed).getByRole('button', { name: 'Hide now' }));
    expect(within(drawer).queryByText('DE89370400440532013000')).not.toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Reveal full account' })).toHaveFocus();

    await user.click(within(drawer).getByRole('button', { name: 'Reveal full account' }));
    expect(await within(drawer).findByText('DE89370400440532013000')).toBeInTheDocument();
    expect(calls.calls('POST', `${LIST_URL}/1/reveal`)).toHaveLength(2);
    act(() => vi.advanceTimersByTime(REVEAL_MS - 1_000));
    expect(within(drawer).getByText('DE89370400440532013000')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1_000));
    expect(within(drawer).queryByText('DE89370400440532013000')).not.toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Reveal full account' })).toBeInTheDocument();
  });

  it('shows support the details and their log without Reveal or Verify', async () => {
    const calls = api('support');
    renderApp('/payment-details', { routes: consoleRoutes });
    const drawer = await openDetails('Harbor Health Partners');
    await within(drawer).findByRole('table', { name: 'The change log of these payment details' });
    expect(within(drawer).queryByRole('button', { name: 'Reveal full account' })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Verify' })).not.toBeInTheDocument();
    expect(calls.requests.filter((request) => request.method === 'POST' && request.path.startsWith(LIST_URL))).toHaveLength(0);
  });

  it('offers no verification of details already verified, but still the reveal', async () => {
    api('finance');
    renderApp('/payment-details', { routes: consoleRoutes });
    const drawer = await openDetails('City Clinic Referrals');
    expect(await within(drawer).findByText('No change recorded yet.')).toBeInTheDocument();
    expect(within(drawer).getByText('Emirates NBD')).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Reveal full account' })).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Verify' })).not.toBeInTheDocument();
  });
});
