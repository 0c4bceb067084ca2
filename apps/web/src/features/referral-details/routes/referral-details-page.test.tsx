import { describe, expect, it, vi } from 'vitest';
import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReferralDetails, ReferralMemberFigures } from '@portal/contracts/referral-details';
import { makeUser } from '../../../../test/fixtures';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderApp } from '../../../../test/render-app';
import { shownNotifications, startEachTestSignedOut } from '../../../../test/session';
import { useAuthStore } from '../../../stores/auth-store';
import { calendarMonth } from './referral-details-page';

startEachTestSignedOut();

function details(overrides: Partial<ReferralDetails> = {}): ReferralDetails {
  return {
    agent: { id: 3, name: 'Harbor Health Partners', logo: '/api/agent-logo?v=abc', group: { slug: 'partners', name: 'Partners' } },
    code: 'K7QM4XPA',
    link: 'https://portal.example.test/r/K7QM4XPA',
    code_created_at: '2026-11-02T09:00:00.000Z',
    previous_codes: [],
    grace_days: 30,
    remember_days: 30,
    ...overrides,
  };
}

const figures: ReferralMemberFigures = {
  time_zone: 'UTC',
  this_month: '2026-11',
  last_month: '2026-10',
  members: [
    { user_id: 7, name: 'Ada Lovelace', role: 'owner', status: 'active', this_month: { referred: 4, completed: 2 }, last_month: { referred: 6, completed: 5 } },
    { user_id: 9, name: 'Grace Mwangi', role: 'agent', status: 'active', this_month: { referred: 11, completed: 3 }, last_month: { referred: 0, completed: 0 } },
    { user_id: 12, name: 'Omar Said', role: 'agent', status: 'deactivated', this_month: { referred: 0, completed: 0 }, last_month: { referred: 2, completed: 1 } },
  ],
};

function signIn(role: 'owner' | 'agent' = 'owner') {
  const user = makeUser({}, { role });
  useAuthStore.getState().setUser(user);
  return user;
}

describe('referral details page', () => {
  it("shows the organisation, the partner's code, link and QR code, and how attribution works", async () => {
    const user = signIn('agent');
    const api = mockFetch({
      'GET /api/user': () => jsonResponse(200, user),
      'GET /api/referral-details': () => jsonResponse(200, details()),
    });

    renderApp('/view-referral-details');

    expect(await screen.findByRole('heading', { level: 1, name: 'Referral details' })).toBeInTheDocument();
    const organisation = await screen.findByRole('region', { name: 'Your organisation' });
    expect(within(organisation).getByText('Harbor Health Partners')).toBeInTheDocument();
    expect(within(organisation).getByText('Partners')).toBeInTheDocument();
    expect(within(organisation).getByRole('img', { name: 'Harbor Health Partners logo' })).toHaveAttribute('src', '/api/agent-logo?v=abc');

    const code = screen.getByRole('region', { name: 'Your referral code' });
    expect(within(code).getByRole('status', { name: 'Referral code' })).toHaveTextContent('K7QM4XPA');
    expect(within(code).getByRole('status', { name: 'Referral link' })).toHaveTextContent('https://portal.example.test/r/K7QM4XPA');
    expect(within(code).getByRole('img', { name: 'QR code that opens your referral link https://portal.example.test/r/K7QM4XPA' })).toHaveAttribute(
      'src',
      '/api/referral-details/qr.svg?v=K7QM4XPA',
    );
    expect(within(code).getByRole('button', { name: 'Download QR code as PNG' })).toBeInTheDocument();
    expect(within(code).getByRole('button', { name: 'Download QR code as SVG' })).toBeInTheDocument();

    const attribution = screen.getByRole('region', { name: 'How attribution works' });
    expect(within(attribution).getByText(/remembers your code for 30 days/)).toBeInTheDocument();
    // An agent (no team.read) sees no team figures and never asks for them.
    expect(screen.queryByRole('region', { name: 'Team referrals' })).not.toBeInTheDocument();
    expect(api.calls('GET', '/api/referral-details/members')).toHaveLength(0);
  });

  it('copies the code and says so', async () => {
    const user = signIn('agent');
    mockFetch({
      'GET /api/user': () => jsonResponse(200, user),
      'GET /api/referral-details': () => jsonResponse(200, details()),
    });
    const events = userEvent.setup({ delay: null });

    renderApp('/view-referral-details');
    await events.click(await screen.findByRole('button', { name: 'Copy code' }));

    expect(await navigator.clipboard.readText()).toBe('K7QM4XPA');
    expect(await screen.findByText('Copied')).toBeInTheDocument();
  });

  it('downloads the QR code as a PNG file', async () => {
    const user = signIn();
    const createObjectURL = vi.fn(() => 'blob:test/qr');
    Object.defineProperty(URL, 'createObjectURL', { value: createObjectURL, configurable: true, writable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true, writable: true });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const api = mockFetch({
      'GET /api/user': () => jsonResponse(200, user),
      'GET /api/referral-details': () => jsonResponse(200, details()),
      'GET /api/referral-details/members': () => jsonResponse(200, figures),
      'GET /api/referral-details/qr.png': () =>
        new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), {
          status: 200,
          headers: { 'content-type': 'image/png', 'content-disposition': 'attachment; filename="referral-K7QM4XPA.png"' },
        }),
    });

    renderApp('/view-referral-details');
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: 'Download QR code as PNG' }));

    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(api.calls('GET', '/api/referral-details/qr.png')[0]!.query.get('download')).toBe('1');
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe('referral-K7QM4XPA.png');
    click.mockRestore();
  });

  it('regenerates the code after confirming, and lists the old one as still working', async () => {
    const user = signIn('agent');
    const api = mockFetch({
      'GET /api/user': () => jsonResponse(200, user),
      'GET /api/referral-details': () => jsonResponse(200, details()),
      'POST /api/referral-details/regenerate': () =>
        jsonResponse(
          200,
          details({
            code: 'ZP3WN8RT',
            link: 'https://portal.example.test/r/ZP3WN8RT',
            previous_codes: [{ code: 'K7QM4XPA', retired_at: '2026-11-20T10:00:00.000Z', works_until: '2026-12-20T10:00:00.000Z' }],
          }),
        ),
    });
    const events = userEvent.setup({ delay: null });

    renderApp('/view-referral-details');
    await events.click(await screen.findByRole('button', { name: 'Get a new code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Get a new referral code?' });
    expect(within(dialog).getByText(/K7QM4XPA and its link keep working for 30 days/)).toBeInTheDocument();
    await events.click(within(dialog).getByRole('button', { name: 'Get a new code' }));

    expect(await screen.findByRole('status', { name: 'Referral code' })).toHaveTextContent('ZP3WN8RT');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('K7QM4XPA, works until 20 Dec 2026')).toBeInTheDocument();
    expect(api.calls('POST', '/api/referral-details/regenerate')).toHaveLength(1);
    expect(shownNotifications()).toContainEqual(expect.objectContaining({ message: 'Your new referral code is ZP3WN8RT.' }));
  });

  it('forgets a failed attempt when the dialog is opened again (#17 review finding 13)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = signIn('agent');
    mockFetch({
      'GET /api/user': () => jsonResponse(200, user),
      'GET /api/referral-details': () => jsonResponse(200, details()),
      'POST /api/referral-details/regenerate': () => jsonResponse(500, { message: 'Server Error' }),
    });
    const events = userEvent.setup({ delay: null });

    renderApp('/view-referral-details');
    await events.click(await screen.findByRole('button', { name: 'Get a new code' }));
    let dialog = await screen.findByRole('dialog', { name: 'Get a new referral code?' });
    await events.click(within(dialog).getByRole('button', { name: 'Get a new code' }));
    expect(await within(dialog).findByText('The code could not be changed. Please try again.')).toBeInTheDocument();

    await events.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await events.click(screen.getByRole('button', { name: 'Get a new code' }));
    dialog = await screen.findByRole('dialog', { name: 'Get a new referral code?' });
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('The code could not be changed. Please try again.')).not.toBeInTheDocument();
  });

  it("shows the daily limit's message when regeneration is refused with 429", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = signIn('agent');
    const message = 'You can get a new referral code 5 times a day, because every old code keeps working for 30 days. Please try again in 90 minutes.';
    mockFetch({
      'GET /api/user': () => jsonResponse(200, user),
      'GET /api/referral-details': () => jsonResponse(200, details()),
      'POST /api/referral-details/regenerate': () => jsonResponse(429, { message }),
    });
    const events = userEvent.setup({ delay: null });

    renderApp('/view-referral-details');
    await events.click(await screen.findByRole('button', { name: 'Get a new code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Get a new referral code?' });
    await events.click(within(dialog).getByRole('button', { name: 'Get a new code' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
  });

  it("shows owners each member's referred and completed bookings this month and last", async () => {
    const user = signIn('owner');
    const api = mockFetch({
      'GET /api/user': () => jsonResponse(200, user),
      'GET /api/referral-details': () => jsonResponse(200, details()),
      'GET /api/referral-details/members': () => jsonResponse(200, figures),
    });

    renderApp('/view-referral-details');

    const table = await screen.findByRole('table', { name: 'Referrals by team member, this month and last month' });
    expect(within(table).getByRole('columnheader', { name: 'This month (November-2026)' })).toBeInTheDocument();
    const grace = within(table).getByRole('row', { name: /Grace Mwangi/ });
    expect(within(grace).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Agent', '11', '3', '0', '0']);
    // A former member listed for their past referrals says so (#17 review finding 11).
    expect(within(table).getByRole('rowheader', { name: 'Omar Said (Deactivated)' })).toBeInTheDocument();
    expect(within(table).getByRole('rowheader', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(api.calls('GET', '/api/referral-details/members')[0]!.query.get('timezone')).toBeTruthy();
  });

  it("heads the months as the server counted them in the saved zone, sent as timezone, whatever the device's zone (#17 review finding 10)", async () => {
    // The device at UTC+14, the saved zone at UTC−11: noon on 1 November on the device is 31 October in the saved zone.
    const deviceZone = process.env.TZ;
    process.env.TZ = 'Pacific/Kiritimati';
    try {
      const user = { ...signIn('owner'), time_zone: 'Pacific/Pago_Pago' };
      useAuthStore.getState().setUser(user);
      const api = mockFetch({
        'GET /api/user': () => jsonResponse(200, user),
        'GET /api/referral-details': () => jsonResponse(200, details()),
        // Answered as the server would: the months of the zone asked for (a wrong zone's answer would head other months).
        'GET /api/referral-details/members': ({ query }) =>
          query.get('timezone') === 'Pacific/Pago_Pago'
            ? jsonResponse(200, { ...figures, time_zone: 'Pacific/Pago_Pago' })
            : jsonResponse(200, { ...figures, time_zone: query.get('timezone'), this_month: '2027-03', last_month: '2027-02' }),
      });

      renderApp('/view-referral-details');

      const table = await screen.findByRole('table', { name: 'Referrals by team member, this month and last month' });
      expect(within(table).getByRole('columnheader', { name: 'This month (November-2026)' })).toBeInTheDocument();
      expect(within(table).getByRole('columnheader', { name: 'Last month (October-2026)' })).toBeInTheDocument();
      // The figures shown are the saved zone's (a request sent before the saved zone was applied is superseded).
      expect(api.calls('GET', '/api/referral-details/members').at(-1)!.query.get('timezone')).toBe('Pacific/Pago_Pago');
    } finally {
      process.env.TZ = deviceZone;
      if (deviceZone === undefined) delete process.env.TZ;
    }
  });

  it('writes a calendar month the same in every language and device zone', () => {
    const deviceZone = process.env.TZ;
    try {
      for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'UTC']) {
        process.env.TZ = zone;
        expect(calendarMonth('2026-11', 'en')).toBe('November-2026');
        expect(calendarMonth('2026-01', 'en')).toBe('January-2026');
        expect(calendarMonth('2026-11', 'ar')).toBe(new Intl.DateTimeFormat('ar', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(2026, 10, 15)));
      }
    } finally {
      process.env.TZ = deviceZone;
      if (deviceZone === undefined) delete process.env.TZ;
    }
  });

  it('says when the details cannot be loaded, and retries', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = signIn('agent');
    let fail = true;
    mockFetch({
      'GET /api/user': () => jsonResponse(200, user),
      'GET /api/referral-details': () => (fail ? jsonResponse(500, { message: 'Server Error' }) : jsonResponse(200, details())),
    });

    renderApp('/view-referral-details');

    expect(await screen.findByText('Your referral details could not be loaded')).toBeInTheDocument();
    fail = false;
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('status', { name: 'Referral code' })).toHaveTextContent('K7QM4XPA');
  });
});

describe('referral link landing page', () => {
  it('shows whose referral it is and remembers the code on this device', async () => {
    mockFetch({
      'GET /api/referral-codes/K7QM4XPA': () => jsonResponse(200, { valid: true, code: 'K7QM4XPA', current_code: 'K7QM4XPA', agent_name: 'Harbor Health Partners' }),
    });

    renderApp('/r/k7qm4xpa');

    expect(await screen.findByRole('heading', { name: 'Referred by Harbor Health Partners' })).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('referral')).not.toBeNull());
    expect(JSON.parse(localStorage.getItem('referral')!)).toMatchObject({ code: 'K7QM4XPA', agent_name: 'Harbor Health Partners' });
  });

  it("remembers the partner's current code when the link carries a retired one (#17 review finding 6)", async () => {
    mockFetch({
      'GET /api/referral-codes/K7QM4XPA': () => jsonResponse(200, { valid: true, code: 'K7QM4XPA', current_code: 'ZP3WN8RT', agent_name: 'Harbor Health Partners' }),
    });

    renderApp('/r/K7QM4XPA');

    expect(await screen.findByRole('heading', { name: 'Referred by Harbor Health Partners' })).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('referral')).not.toBeNull());
    expect(JSON.parse(localStorage.getItem('referral')!)).toMatchObject({ code: 'ZP3WN8RT', agent_name: 'Harbor Health Partners' });
  });

  it('says a link that does not work does not work, and remembers nothing', async () => {
    mockFetch({ 'GET /api/referral-codes/ZZZZZZZZ': () => jsonResponse(404, { message: 'Not Found' }) });

    renderApp('/r/ZZZZZZZZ');

    expect(await screen.findByRole('heading', { name: 'This referral link does not work' })).toBeInTheDocument();
    expect(localStorage.getItem('referral')).toBeNull();
  });
});
