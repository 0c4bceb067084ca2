import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearCookies, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { consoleCsrfCookie, operatorOf, setUpConsoleCsrf } from '../console-test-helpers';
import { consoleRoutes } from '../console-routes';

const AGENT = {
  id: 3,
  name: 'Harbor Health Partners',
  group: { id: 1, slug: 'partners', name: 'Partners' },
  logo_url: '/build/logos/harbor-health-partners.svg',
  partner_count: 7,
  booking_count: 1250,
  created_at: '2026-01-10T08:00:00.000Z',
  logo_uploaded: false,
  logo_size: null,
  logo_type: null,
  updated_at: '2026-03-05T14:30:00.000Z',
};

beforeEach(() => {
  clearCookies();
  setUpConsoleCsrf();
});

describe("the agent page's team seats", () => {
  it('shows the seats in use, checks the limit with the contract, and saves it', async () => {
    const calls = mockFetch({
      'GET /api/console/csrf-cookie': consoleCsrfCookie,
      'GET /api/console/me': () => jsonResponse(200, { operator: operatorOf('admin') }),
      'GET /api/console/referral-groups/options': () => jsonResponse(200, [AGENT.group]),
      'GET /api/console/referral-agents/3': () => jsonResponse(200, AGENT),
      'GET /api/console/referral-agents/3/seats': () => jsonResponse(200, { seat_limit: 10, seats_used: 7 }),
      'PUT /api/console/referral-agents/3/seat-limit': (request) => jsonResponse(200, { seat_limit: (request.body as { seat_limit: number }).seat_limit, seats_used: 7 }),
    });
    renderApp('/referral-agents/3', { routes: consoleRoutes });
    const section = await screen.findByRole('region', { name: 'Team seats' });
    expect(await within(section).findByText('7 of 10 seats in use')).toBeInTheDocument();
    const input = within(section).getByRole('textbox', { name: 'Seat limit' });
    await userEvent.clear(input);
    await userEvent.type(input, '0');
    await userEvent.click(within(section).getByRole('button', { name: 'Save seat limit' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('The seat limit field must be at least 1.');
    expect(calls.calls('PUT', '/api/console/referral-agents/3/seat-limit')).toHaveLength(0);

    await userEvent.clear(input);
    await userEvent.type(input, '12');
    await userEvent.click(within(section).getByRole('button', { name: 'Save seat limit' }));
    expect(await within(section).findByText('7 of 12 seats in use')).toBeInTheDocument();
    expect(calls.calls('PUT', '/api/console/referral-agents/3/seat-limit')[0]!.body).toEqual({ seat_limit: 12 });
  });
});
