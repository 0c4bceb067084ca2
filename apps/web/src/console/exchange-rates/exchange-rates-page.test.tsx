import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConsoleExchangeRate } from '@portal/contracts/console-exchange-rates';
import type { OperatorRole } from '@portal/contracts/operator-permissions';
import { clearCookies, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { consoleCsrfCookie, operatorOf, pageOf, setUpConsoleCsrf } from '../console-test-helpers';
import { consoleRoutes } from '../console-routes';

beforeEach(() => {
  clearCookies();
  setUpConsoleCsrf();
});

const AED: ConsoleExchangeRate = { id: 'USD/AED/2026-11-01', currency: 'AED', reference: 'USD', rate: '0.2723', as_of: '2026-11-01', latest: true, updated_at: '2026-11-01T08:00:00.000Z' };
const OLDER: ConsoleExchangeRate = { ...AED, id: 'USD/AED/2026-10-01', rate: '0.272', as_of: '2026-10-01', latest: false };

function api(role: OperatorRole, extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/console/csrf-cookie': consoleCsrfCookie,
    'GET /api/console/me': () => jsonResponse(200, { operator: operatorOf(role) }),
    'GET /api/console/exchange-rates': () => jsonResponse(200, pageOf([AED, OLDER])),
    ...extra,
  });
}

describe('exchange rates (console)', () => {
  it('lists each rate as one unit in the reference, the latest marked, and corrects one for its day', async () => {
    const calls = api('finance', { 'PUT /api/console/exchange-rates': (request) => jsonResponse(200, { ...AED, ...(request.body as object) }) });
    renderApp('/exchange-rates', { routes: consoleRoutes });
    const table = await screen.findByRole('table', { name: /Exchange rates/ });
    const latest = (await within(table).findByText('1 AED = 0.2723 USD')).closest('tr')!;
    expect(within(latest).getByText('Latest')).toBeInTheDocument();
    const older = within(table).getByText('1 AED = 0.272 USD').closest('tr')!;
    expect(within(older).queryByText('Latest')).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(latest).getByRole('button', { name: 'Correct the rate of AED in USD on 1 Nov 2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Correct the rate of AED on 1 Nov 2026' });
    // A correction keeps the pair and the day: only the rate changes.
    expect(within(dialog).getByLabelText(/^As of/)).toBeDisabled();
    const rate = within(dialog).getByRole('textbox', { name: /^Rate/ });
    await user.clear(rate);
    await user.type(rate, '0.27225');
    await user.click(within(dialog).getByRole('button', { name: 'Save rate' }));
    await waitFor(() => expect(calls.calls('PUT', '/api/console/exchange-rates')[0]?.body).toEqual({ currency: 'AED', reference: 'USD', rate: '0.27225', as_of: '2026-11-01' }));
  });

  it('checks a new rate before sending, and filters to the latest of each pair', async () => {
    const calls = api('admin');
    renderApp('/exchange-rates', { routes: consoleRoutes });
    await screen.findByRole('table', { name: /Exchange rates/ });
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Days' }), 'Latest of each pair');
    await waitFor(() => expect(calls.calls('GET', '/api/console/exchange-rates').at(-1)?.query.get('latest')).toBe('true'));

    await user.click(screen.getByRole('button', { name: 'Set a rate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set an exchange rate' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Rate/ }), '0,5');
    await user.click(within(dialog).getByRole('button', { name: 'Save rate' }));
    expect(await within(dialog).findByText('Choose a currency.')).toBeInTheDocument();
    expect(within(dialog).getByText('The exchange rate must be a number such as 0.2723, with at most 10 decimals.')).toBeInTheDocument();
    expect(calls.calls('PUT', '/api/console/exchange-rates')).toHaveLength(0);
  });

  it('shows support the rates without the actions', async () => {
    api('support');
    renderApp('/exchange-rates', { routes: consoleRoutes });
    const table = await screen.findByRole('table', { name: /Exchange rates/ });
    await within(table).findByText('1 AED = 0.2723 USD');
    expect(screen.queryByRole('button', { name: 'Set a rate' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /^Correct/ })).not.toBeInTheDocument();
  });
});
