import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PayoutApprovalThreshold } from '@portal/contracts/console-earnings';
import type { OperatorRole } from '@portal/contracts/operator-permissions';
import { clearCookies, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { consoleCsrfCookie, operatorOf, setUpConsoleCsrf } from '../console-test-helpers';
import { consoleRoutes } from '../console-routes';

beforeEach(() => {
  clearCookies();
  setUpConsoleCsrf();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const URL = '/api/console/earnings/payout-approval-thresholds';
const EUR: PayoutApprovalThreshold = { currency: 'EUR', threshold_minor: 1_000_000, updated_at: '2026-10-01T08:00:00.000Z', updated_by: null };
const JPY: PayoutApprovalThreshold = { currency: 'JPY', threshold_minor: 1_500_000, updated_at: '2026-11-02T08:00:00.000Z', updated_by: 'Layla Mansour' };
const KWD: PayoutApprovalThreshold = { currency: 'KWD', threshold_minor: 3_000_125, updated_at: '2026-11-03T08:00:00.000Z', updated_by: 'Layla Mansour' };

function api(role: OperatorRole, thresholds: PayoutApprovalThreshold[], extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/console/csrf-cookie': consoleCsrfCookie,
    'GET /api/console/me': () => jsonResponse(200, { operator: operatorOf(role) }),
    [`GET ${URL}`]: () => jsonResponse(200, { thresholds }),
    ...extra,
  });
}

async function thresholdsTable() {
  return screen.findByRole('table', { name: 'Four-eyes thresholds by currency' });
}

describe('four-eyes thresholds (console)', () => {
  it('shows each currency’s threshold in its own decimals, who changed it, and no actions to finance', async () => {
    api('finance', [EUR, JPY, KWD]);
    renderApp('/payouts/approval-thresholds', { routes: consoleRoutes });
    expect(await screen.findByRole('heading', { level: 1, name: 'Four-eyes thresholds' })).toBeInTheDocument();
    const table = await thresholdsTable();
    expect(await within(table).findByText(/^EUR\s10,000\.00$/)).toBeInTheDocument();
    expect(within(table).getByText(/^JPY\s1,500,000$/)).toBeInTheDocument();
    expect(within(table).getByText(/^KWD\s3,000\.125$/)).toBeInTheDocument();
    expect(within(table).getByText('The programme’s default')).toBeInTheDocument();
    expect(within(table).getAllByText(/by Layla Mansour$/)).toHaveLength(2);
    expect(screen.getByText('Only admins change these amounts.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a currency' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
  });

  it('says when no currency has a threshold, and offers a retry when the load fails', async () => {
    let fail = true;
    api('admin', [], { [`GET ${URL}`]: () => (fail ? jsonResponse(500, { message: 'Server Error' }) : jsonResponse(200, { thresholds: [] })) });
    renderApp('/payouts/approval-thresholds', { routes: consoleRoutes });
    expect(await screen.findByText("Couldn't load the four-eyes thresholds.")).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No currency has a threshold: one operator sends a batch of any amount.')).toBeInTheDocument();
  });

  it('lets an admin change a threshold in major units, showing the server’s 422 at the field', async () => {
    const calls = api('admin', [EUR, JPY], {
      [`PUT ${URL}/JPY`]: (request) =>
        (request.body as { threshold: string }).threshold === '2000000.5'
          ? jsonResponse(422, { message: 'The threshold has more decimals than its currency has.', errors: { threshold: ['The threshold has more decimals than its currency has.'] } })
          : jsonResponse(200, { thresholds: [EUR, { ...JPY, threshold_minor: 2_000_000 }] }),
    });
    renderApp('/payouts/approval-thresholds', { routes: consoleRoutes });
    const table = await thresholdsTable();
    const user = userEvent.setup();
    await user.click(await within(table).findByRole('button', { name: 'Edit the threshold of JPY' }));
    const dialog = await screen.findByRole('dialog', { name: 'Four-eyes threshold of JPY' });
    const amount = within(dialog).getByRole('textbox', { name: /^Threshold/ });
    expect(amount).toHaveValue('1500000');
    expect(amount).toHaveAccessibleDescription(/whole units/);
    await user.clear(amount);
    await user.type(amount, '2000000.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save threshold' }));
    expect(await within(dialog).findByText('The threshold has more decimals than its currency has.')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '2000000');
    await user.click(within(dialog).getByRole('button', { name: 'Save threshold' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Four-eyes threshold of JPY' })).not.toBeInTheDocument());
    expect(await within(table).findByText(/^JPY\s2,000,000$/)).toBeInTheDocument();
    expect(calls.calls('PUT', `${URL}/JPY`).map((call) => call.body)).toEqual([{ threshold: '2000000.5' }, { threshold: '2000000' }]);
  });

  it('checks a new currency’s form before sending, then adds it', async () => {
    const calls = api('admin', [EUR], { [`PUT ${URL}/CHF`]: () => jsonResponse(200, { thresholds: [{ currency: 'CHF', threshold_minor: 750_000, updated_at: '2026-11-29T08:00:00.000Z', updated_by: 'Layla Mansour' }, EUR] }) });
    renderApp('/payouts/approval-thresholds', { routes: consoleRoutes });
    await thresholdsTable();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a currency' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a four-eyes threshold' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Threshold/ }), 'lots');
    await user.click(within(dialog).getByRole('button', { name: 'Save threshold' }));
    expect(await within(dialog).findByText('Choose a currency.')).toBeInTheDocument();
    expect(within(dialog).getByText('The threshold must be an amount such as 10000.00.')).toBeInTheDocument();
    expect(calls.calls('PUT', `${URL}/CHF`)).toHaveLength(0);

    await user.type(within(dialog).getByRole('combobox', { name: /^Currency/ }), 'CHF');
    await user.click(await screen.findByRole('option', { name: /^CHF/ }));
    const amount = within(dialog).getByRole('textbox', { name: /^Threshold/ });
    expect(amount).toHaveAccessibleDescription(/In CHF, up to 2 decimals/);
    await user.clear(amount);
    await user.type(amount, '7500.00');
    await user.click(within(dialog).getByRole('button', { name: 'Save threshold' }));
    await waitFor(() => expect(calls.calls('PUT', `${URL}/CHF`)).toHaveLength(1));
    expect(calls.calls('PUT', `${URL}/CHF`)[0]!.body).toEqual({ threshold: '7500.00' });
  });

  it('removes a threshold after confirming', async () => {
    const calls = api('admin', [EUR, JPY], { [`DELETE ${URL}/EUR`]: () => jsonResponse(200, { thresholds: [JPY] }) });
    renderApp('/payouts/approval-thresholds', { routes: consoleRoutes });
    const table = await thresholdsTable();
    const user = userEvent.setup();
    await user.click(await within(table).findByRole('button', { name: 'Remove the threshold of EUR' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the threshold of EUR?' });
    expect(within(dialog).getByText(/One operator will then send EUR batches of any amount/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove threshold' }));
    await waitFor(() => expect(calls.calls('DELETE', `${URL}/EUR`)).toHaveLength(1));
    await waitFor(() => expect(within(table).queryByText(/^EUR\s10,000\.00$/)).not.toBeInTheDocument());
  });
});
