import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OperatorRole } from '@portal/contracts/operator-permissions';
import type { ConsolePartnerReferralCode } from '@portal/contracts/referral-details';
import { clearCookies, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { consoleCsrfCookie, operatorOf, partnerDetailOf, setUpConsoleCsrf } from '../console-test-helpers';
import { consoleRoutes } from '../console-routes';

beforeEach(() => {
  clearCookies();
  setUpConsoleCsrf();
});

const current: ConsolePartnerReferralCode = {
  code: 'K7QM4XPA',
  link: 'https://portal.example.test/r/K7QM4XPA',
  created_at: '2026-11-02T09:00:00.000Z',
  previous_codes: [],
};

function api(role: OperatorRole, referral: ConsolePartnerReferralCode = current) {
  return mockFetch({
    'GET /api/console/csrf-cookie': consoleCsrfCookie,
    'GET /api/console/me': () => jsonResponse(200, { operator: operatorOf(role) }),
    'GET /api/console/partners/201': () => jsonResponse(200, partnerDetailOf()),
    'GET /api/console/partners/201/referral-code': () => jsonResponse(200, referral),
    'POST /api/console/partners/201/referral-code/regenerate': () =>
      jsonResponse(200, {
        code: 'ZP3WN8RT',
        link: 'https://portal.example.test/r/ZP3WN8RT',
        created_at: '2026-11-23T09:00:00.000Z',
        previous_codes: [{ code: 'K7QM4XPA', retired_at: '2026-11-23T09:00:00.000Z', works_until: '2026-12-23T09:00:00.000Z' }],
      }),
  });
}

describe("the partner page's referral code", () => {
  it('shows the code and link; a role that only reads cannot regenerate it', async () => {
    api('finance');
    renderApp('/partners/201', { routes: consoleRoutes });
    const section = await screen.findByRole('region', { name: 'Referral code' });
    expect(await within(section).findByText('K7QM4XPA')).toBeInTheDocument();
    expect(within(section).getByText('https://portal.example.test/r/K7QM4XPA')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Regenerate code' })).not.toBeInTheDocument();
  });

  it('says when the partner has no code yet', async () => {
    api('support', { code: null, link: null, created_at: null, previous_codes: [] });
    renderApp('/partners/201', { routes: consoleRoutes });
    expect(await screen.findByText(/No code yet/)).toBeInTheDocument();
  });

  it('regenerates after confirming, and lists the old code with the day it stops working', async () => {
    const calls = api('support');
    const user = userEvent.setup({ delay: null });
    renderApp('/partners/201', { routes: consoleRoutes });
    const section = await screen.findByRole('region', { name: 'Referral code' });
    await user.click(await within(section).findByRole('button', { name: 'Regenerate code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Regenerate this partner’s referral code?' });
    await user.click(within(dialog).getByRole('button', { name: 'Regenerate' }));
    expect(await within(section).findByText('ZP3WN8RT')).toBeInTheDocument();
    expect(within(section).getByText('K7QM4XPA, works until 23 Dec 2026')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.calls('POST', '/api/console/partners/201/referral-code/regenerate')).toHaveLength(1);
  });
});
