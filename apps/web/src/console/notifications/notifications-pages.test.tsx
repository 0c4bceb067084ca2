import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NotificationBroadcast } from '@portal/contracts/console-notifications';
import type { OperatorRole } from '@portal/contracts/operator-permissions';
import { clearCookies, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { consoleCsrfCookie, operatorOf, pageOf, setUpConsoleCsrf } from '../console-test-helpers';
import { consoleRoutes } from '../console-routes';

beforeEach(() => {
  clearCookies();
  setUpConsoleCsrf();
});

function api(role: OperatorRole, extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/console/csrf-cookie': consoleCsrfCookie,
    'GET /api/console/me': () => jsonResponse(200, { operator: operatorOf(role) }),
    ...extra,
  });
}

let sequence = 0;
function broadcastOf(overrides: Partial<NotificationBroadcast> = {}): NotificationBroadcast {
  sequence += 1;
  return {
    id: sequence,
    audience: 'agent',
    audience_label: 'Harbor Health Partners',
    title: 'New facility: Mediclinic City Hospital',
    body: 'You can now refer patients to Mediclinic City Hospital.',
    title_ar: null,
    body_ar: null,
    link: '/bookings',
    sender_type: 'operator',
    sender_name: 'Hana Sato',
    recipient_count: 14,
    sent_count: 14,
    state: 'sent',
    error: null,
    created_at: '2026-03-05T10:00:00.000Z',
    finished_at: '2026-03-05T10:00:01.000Z',
    ...overrides,
  };
}

describe('the history', () => {
  it('lists each send with its audience, sender, recipients and state, and filters by audience through the URL', async () => {
    const rows = [
      broadcastOf({ audience: 'all', audience_label: null, title: 'Portal maintenance', title_ar: 'صيانة البوابة', recipient_count: 1204, sent_count: 500, state: 'sending' }),
      broadcastOf(),
      broadcastOf({ audience: 'partner', audience_label: 'Amelia Hart', sender_type: 'cli', sender_name: 'deploy', recipient_count: 1 }),
      broadcastOf({ state: 'failed', sent_count: 3, error: 'connection refused' }),
    ];
    const calls = api('content', { 'GET /api/console/notifications': () => jsonResponse(200, pageOf(rows)) });
    const view = renderApp('/notifications', { routes: consoleRoutes });
    const table = await screen.findByRole('table', { name: 'Notifications' });
    await within(table).findByText('Portal maintenance');
    const rowWith = (text: string) => within(table).getByText(text).closest('tr')!;
    const maintenance = rowWith('Portal maintenance');
    const [facility, message, failed] = within(table).getAllByText('New facility: Mediclinic City Hospital').map((title) => title.closest('tr')!);
    expect(within(maintenance!).getByText('All partners')).toBeInTheDocument();
    expect(within(maintenance!).getByText('Arabic too')).toBeInTheDocument();
    expect(within(maintenance!).getByText('1,204')).toBeInTheDocument();
    expect(within(maintenance!).getByText('Sending')).toBeInTheDocument();
    expect(within(maintenance!).getByText('500 of 1,204')).toBeInTheDocument();
    expect(within(facility!).getByText('Partners of Harbor Health Partners')).toBeInTheDocument();
    expect(within(facility!).getByText('Hana Sato')).toBeInTheDocument();
    expect(within(message!).getByText('Command line (deploy)')).toBeInTheDocument();
    expect(within(message!).getByText('Amelia Hart')).toBeInTheDocument();
    expect(within(failed!).getByText('Why: connection refused')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New notification' })).toHaveAttribute('href', '/notifications/new');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Audience' }), 'All partners');
    expect(view.location().search).toContain('audience=all');
    await waitFor(() => expect(calls.calls('GET', '/api/console/notifications').at(-1)!.query.get('audience')).toBe('all'));
  });

  it('says so when nothing was sent yet', async () => {
    api('support', { 'GET /api/console/notifications': () => jsonResponse(200, pageOf([])) });
    renderApp('/notifications', { routes: consoleRoutes });
    expect(await screen.findByText('Nothing has been sent yet.')).toBeInTheDocument();
  });

  it('is not for finance: neither the page nor its link', async () => {
    api('finance');
    renderApp('/notifications', { routes: consoleRoutes });
    expect(await screen.findByRole('heading', { level: 1, name: 'Not allowed' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Console' })).queryByRole('link', { name: 'Notifications' })).not.toBeInTheDocument();
  });
});

describe('a new notification', () => {
  function composeApi(extra: Parameters<typeof mockFetch>[0] = {}) {
    return api('content', {
      'GET /api/console/notifications': () => jsonResponse(200, pageOf([])),
      'GET /api/console/notifications/partners': () =>
        jsonResponse(200, { data: [{ id: 201, name: 'Amelia Hart', email: 'amelia@harbor.test', organisation: 'Harbor Health', referral_agent: 'Harbor Health Partners' }] }),
      'GET /api/console/notifications/agents': () => jsonResponse(200, { data: [{ id: 3, name: 'Harbor Health Partners', partners: 1204 }] }),
      'GET /api/console/notifications/audience': (request) =>
        jsonResponse(200, request.query.get('audience') === 'partner' ? { recipients: 1, queued: false, label: 'Amelia Hart' } : { recipients: 1204, queued: true, label: 'Harbor Health Partners' }),
      ...extra,
    });
  }

  it('sends to one partner found by search, and shows the text in the bell’s preview', async () => {
    const calls = composeApi({ 'POST /api/console/notifications': () => jsonResponse(201, broadcastOf({ audience: 'partner', recipient_count: 1 })) });
    const view = renderApp('/notifications/new', { routes: consoleRoutes });
    await screen.findByRole('heading', { level: 1, name: 'New notification' });
    expect(screen.getByText('Choose who receives it to see how many partners it reaches.')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('combobox', { name: /Partner/ }), 'amel');
    await userEvent.click(await screen.findByRole('option', { name: /Amelia Hart/ }));
    expect(await screen.findByText('This reaches 1 partner.')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: /^Title/ }), 'Passport copy needed');
    await userEvent.type(screen.getByRole('textbox', { name: /^Message/ }), 'Please call the partner desk.');
    const preview = screen.getByRole('figure', { name: 'Preview in the partner’s bell' });
    expect(within(preview).getByText('Passport copy needed')).toBeInTheDocument();
    expect(within(preview).getByText('Please call the partner desk.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(view.location().pathname).toBe('/notifications'));
    expect(calls.calls('POST', '/api/console/notifications')[0]!.body).toEqual({
      audience: 'partner',
      partner_id: 201,
      agent_id: null,
      title: 'Passport copy needed',
      body: 'Please call the partner desk.',
      title_ar: '',
      body_ar: '',
      link: null,
    });
    expect(await screen.findByText('Sent to 1 partner.')).toBeInTheDocument();
  });

  it('checks the fields before sending: a partner to choose, a title, a portal link', async () => {
    const calls = composeApi();
    renderApp('/notifications/new', { routes: consoleRoutes });
    await screen.findByRole('heading', { level: 1, name: 'New notification' });
    await userEvent.type(screen.getByRole('textbox', { name: /^Link/ }), 'javascript:alert(1)');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Choose a partner.')).toBeInTheDocument();
    expect(screen.getByText('The title field is required.')).toBeInTheDocument();
    expect(screen.getByText('The link must be a page of the portal, starting with a single "/" (for example /bookings).')).toBeInTheDocument();
    expect(calls.calls('POST', '/api/console/notifications')).toHaveLength(0);
  });

  it('asks first before sending to an agent’s partners, with their count, and shows the server’s field message', async () => {
    const calls = composeApi({
      'POST /api/console/notifications': () =>
        jsonResponse(422, { message: 'The link must be a page of the partner portal, not of the console or the API.', errors: { link: ['The link must be a page of the partner portal, not of the console or the API.'] } }),
    });
    renderApp('/notifications/new', { routes: consoleRoutes });
    await screen.findByRole('heading', { level: 1, name: 'New notification' });
    await userEvent.click(screen.getByRole('radio', { name: 'Every partner of a referral agent' }));
    await userEvent.type(screen.getByRole('combobox', { name: /Referral agent/ }), 'harbor');
    await userEvent.click(await screen.findByRole('option', { name: /Harbor Health Partners/ }));
    expect(await screen.findByText('This reaches 1,204 partners.')).toBeInTheDocument();
    expect(screen.getByText('It is sent in the background; the history shows how far it got.')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /^Title/ }), 'New facility');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));

    const dialog = await screen.findByRole('dialog', { name: 'Send to 1,204 partners?' });
    expect(within(dialog).getByText('This sends “New facility” to 1,204 partners. It cannot be taken back.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('The link must be a page of the partner portal, not of the console or the API.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.calls('POST', '/api/console/notifications')[0]!.body).toMatchObject({ audience: 'agent', agent_id: 3, partner_id: null });
  });

  it('previews the Arabic version right to left', async () => {
    composeApi();
    renderApp('/notifications/new', { routes: consoleRoutes });
    await screen.findByRole('heading', { level: 1, name: 'New notification' });
    await userEvent.click(screen.getByRole('radio', { name: 'All partners' }));
    expect(await screen.findByText('This reaches 1,204 partners.')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /^Title/ }), 'Maintenance');
    await userEvent.type(screen.getByRole('textbox', { name: 'Arabic title' }), 'صيانة');
    await userEvent.click(screen.getByRole('radio', { name: 'Arabic' }));
    const preview = screen.getByRole('figure', { name: 'Preview in the partner’s bell' });
    const title = within(preview).getByText('صيانة');
    expect(title.closest('[dir]')).toHaveAttribute('dir', 'rtl');
  });
});
