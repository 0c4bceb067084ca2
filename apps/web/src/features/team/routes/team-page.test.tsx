import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TeamLogEntry, TeamMember } from '@portal/contracts/team';
import { makeUser } from '../../../../test/fixtures';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderApp } from '../../../../test/render-app';
import { shownNotifications, startEachTestSignedOut } from '../../../../test/session';
import { useAuthStore } from '../../../stores/auth-store';

startEachTestSignedOut();

function member(overrides: Partial<TeamMember>): TeamMember {
  return {
    id: 1,
    first_name: 'Amelia',
    last_name: 'Hart',
    email: 'partner@demo.test',
    role: 'owner',
    status: 'active',
    last_active_at: new Date().toISOString(),
    invitation_expires_at: null,
    is_self: false,
    ...overrides,
  };
}

const MEMBERS = [
  member({ id: 1, is_self: true }),
  member({ id: 4, first_name: 'Grace', last_name: 'Mwangi', email: 'agent@demo.test', role: 'agent' }),
  member({ id: 9, first_name: 'Sofia', last_name: 'Haddad', email: 'sofia.haddad@demo.test', role: 'agent', status: 'invited', last_active_at: null, invitation_expires_at: new Date(Date.now() + 5 * 86_400_000).toISOString() }),
];

function page(rows: TeamMember[]) {
  return { data: rows, total: rows.length, current_page: 1, last_page: 1, per_page: 25, from: rows.length ? 1 : null, to: rows.length || null, links: [], first_page_url: '', last_page_url: '', next_page_url: null, prev_page_url: null, path: '' };
}

const LOG: TeamLogEntry[] = [
  { id: 2, action: 'invited', actor_name: 'Amelia Hart', target_name: 'Sofia Haddad', role_before: null, role_after: 'agent', created_at: '2026-11-21T10:00:00.000Z' },
  { id: 1, action: 'role_changed', actor_name: 'Amelia Hart', target_name: 'Daniel Okafor', role_before: 'agent', role_after: 'manager', created_at: '2026-08-01T10:00:00.000Z' },
];

function signIn(role: 'owner' | 'manager') {
  const user = makeUser({}, { role });
  useAuthStore.getState().setUser(user);
  return user;
}

describe('team page (/manage-user)', () => {
  it('shows an owner the members with role, status and seats, and deactivates one after confirming', async () => {
    const user = signIn('owner');
    const api = mockFetch({
      'GET /api/user': () => jsonResponse(200, user),
      'GET /api/team/summary': () => jsonResponse(200, { seat_limit: 10, seats_used: 3, can_manage: true }),
      'GET /api/team/members': () => jsonResponse(200, page(MEMBERS)),
      'POST /api/team/members/4/deactivate': () => jsonResponse(200, { message: 'Member deactivated: their sessions have ended.', member: { ...MEMBERS[1], status: 'deactivated' } }),
    });
    renderApp('/manage-user');

    expect(await screen.findByRole('heading', { level: 1, name: 'Team' })).toBeInTheDocument();
    expect(await screen.findByText('3 of 10 seats in use')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Members' });
    const grace = within(table).getByRole('row', { name: /Grace Mwangi/ });
    expect(within(grace).getByText('Agent')).toBeInTheDocument();
    expect(within(grace).getByText('Active')).toBeInTheDocument();
    const sofia = within(table).getByRole('row', { name: /Sofia Haddad/ });
    expect(within(sofia).getByText('Invited')).toBeInTheDocument();
    expect(within(sofia).getByText('Never')).toBeInTheDocument();
    // No actions on one's own row.
    const self = within(table).getByRole('row', { name: /Amelia Hart/ });
    expect(within(self).queryByRole('button', { name: /Actions for/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Invite a member' })).toHaveAttribute('href', '/add-user');

    await userEvent.click(within(grace).getByRole('button', { name: 'Actions for Grace Mwangi' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Grace Mwangi?' });
    expect(within(dialog).getByText(/past referrals stay attributed/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(api.calls('POST', '/api/team/members/4/deactivate')).toHaveLength(1);
    await waitFor(() => expect(shownNotifications().map((shown) => shown.message)).toContain('Member deactivated: their sessions have ended.'));
  });

  it('asks for the password to transfer ownership and shows a wrong one beside the field', async () => {
    const user = signIn('owner');
    mockFetch({
      'GET /api/user': () => jsonResponse(200, user),
      'GET /api/team/summary': () => jsonResponse(200, { seat_limit: 10, seats_used: 3, can_manage: true }),
      'GET /api/team/members': () => jsonResponse(200, page(MEMBERS)),
      'POST /api/team/members/4/transfer-ownership': () => jsonResponse(422, { message: 'The password is incorrect.', errors: { password: ['The password is incorrect.'] } }),
    });
    renderApp('/manage-user');
    const table = await screen.findByRole('table', { name: 'Members' });
    await userEvent.click(await within(table).findByRole('button', { name: 'Actions for Grace Mwangi' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Transfer ownership' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer ownership to Grace Mwangi?' });
    await userEvent.type(within(dialog).getByLabelText(/Your current password/), 'wrong');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Transfer ownership' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The password is incorrect.');
  });

  it('shows a manager the team read-only, and the team log in words', async () => {
    const user = signIn('manager');
    mockFetch({
      'GET /api/user': () => jsonResponse(200, user),
      'GET /api/team/summary': () => jsonResponse(200, { seat_limit: 10, seats_used: 3, can_manage: false }),
      'GET /api/team/members': () => jsonResponse(200, page(MEMBERS)),
      'GET /api/team/log': () => jsonResponse(200, { ...page([]), data: LOG, total: 2 }),
    });
    renderApp('/manage-user');
    expect(await screen.findByText('Only the owner can invite members or change the team.')).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Members' });
    expect(screen.queryByRole('button', { name: /Actions for/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Invite a member' })).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: 'Team log' }));
    expect(await screen.findByText('Amelia Hart invited Sofia Haddad as Agent')).toBeInTheDocument();
    expect(screen.getByText('Amelia Hart changed the role of Daniel Okafor from Agent to Manager')).toBeInTheDocument();
  });

  it('says so when the members cannot be loaded', async () => {
    const user = signIn('owner');
    mockFetch({
      'GET /api/user': () => jsonResponse(200, user),
      'GET /api/team/summary': () => jsonResponse(200, { seat_limit: 10, seats_used: 3, can_manage: true }),
      'GET /api/team/members': () => jsonResponse(500, { message: 'Server Error' }),
    });
    renderApp('/manage-user');
    expect(await screen.findByText("Couldn't load the team.")).toBeInTheDocument();
  });
});

describe('invite form (/add-user)', () => {
  it('checks the fields, sends the invitation and returns to the team', async () => {
    const user = signIn('owner');
    const api = mockFetch({
      'GET /api/user': () => jsonResponse(200, user),
      'GET /api/team/summary': () => jsonResponse(200, { seat_limit: 10, seats_used: 3, can_manage: true }),
      'GET /api/team/members': () => jsonResponse(200, page(MEMBERS)),
      'POST /api/team/invitations': () => jsonResponse(201, { message: 'Invitation sent.', member: member({ id: 12, first_name: 'Noor', last_name: 'Saleh', email: 'noor@example.test', role: 'finance', status: 'invited' }) }),
    });
    renderApp('/add-user');
    expect(await screen.findByRole('heading', { level: 1, name: 'Invite a member' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send the invitation' }));
    expect(await screen.findByText('The first name field is required.')).toBeInTheDocument();
    expect(api.calls('POST', '/api/team/invitations')).toHaveLength(0);

    await userEvent.type(screen.getByLabelText(/First name/), 'Noor');
    await userEvent.type(screen.getByLabelText(/Last name/), 'Saleh');
    await userEvent.type(screen.getByLabelText(/E-mail address/), 'noor@example.test');
    await userEvent.click(screen.getByRole('radio', { name: /Finance/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Send the invitation' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Team' })).toBeInTheDocument();
    expect(api.calls('POST', '/api/team/invitations')[0]!.body).toEqual({ first_name: 'Noor', last_name: 'Saleh', email: 'noor@example.test', role: 'finance' });
  });

  it('shows the server’s refusal: a taken address beside the field, a full team as an alert', async () => {
    const user = signIn('owner');
    let answer = 0;
    mockFetch({
      'GET /api/user': () => jsonResponse(200, user),
      'GET /api/team/summary': () => jsonResponse(200, { seat_limit: 3, seats_used: 2, can_manage: true }),
      'POST /api/team/invitations': () =>
        ++answer === 1
          ? jsonResponse(422, { message: 'This e-mail address already has a portal account.', errors: { email: ['This e-mail address already has a portal account.'] } })
          : jsonResponse(409, { message: 'Every seat of your team is taken.' }),
    });
    renderApp('/add-user');
    await userEvent.type(await screen.findByLabelText(/First name/), 'Noor');
    await userEvent.type(screen.getByLabelText(/Last name/), 'Saleh');
    await userEvent.type(screen.getByLabelText(/E-mail address/), 'agent@demo.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send the invitation' }));
    expect(await screen.findByText('This e-mail address already has a portal account.')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/E-mail address/));
    await userEvent.type(screen.getByLabelText(/E-mail address/), 'noor@example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send the invitation' }));
    expect(await screen.findByText('Every seat of your team is taken.')).toBeInTheDocument();
  });
});
