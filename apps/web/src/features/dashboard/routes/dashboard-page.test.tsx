import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser } from '../../../../test/fixtures';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderApp } from '../../../../test/render-app';
import { startEachTestSignedOut } from '../../../../test/session';
import { useAuthStore } from '../../../stores/auth-store';

startEachTestSignedOut();

describe('dashboard', () => {
  it('greets the partner and shows what the server says about them, not the stored copy', async () => {
    useAuthStore.getState().setUser(makeUser({}, { partner_type: { name: 'Old type' } }));
    const fresh = makeUser({ first_name: 'Augusta' }, { partner_type: { name: 'Clinic' }, partner_industry: { name: 'Healthcare' } });
    mockFetch({ 'GET /api/user': () => jsonResponse(200, fresh) });

    renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Welcome, Augusta' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Partner type' })).getByText('Clinic')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Industry' })).getByText('Healthcare')).toBeInTheDocument();
    const agent = screen.getByRole('region', { name: 'Referral agent' });
    expect(within(agent).getByText('Harbor Health Partners')).toBeInTheDocument();
    expect(within(agent).getByRole('img', { name: 'Harbor Health Partners logo' })).toHaveAttribute('src', '/logos/harbor.svg');
  });

  it("shows 'individual' when the partner has no industry", async () => {
    const user = makeUser({}, { partner_industry: null });
    useAuthStore.getState().setUser(user);
    mockFetch({ 'GET /api/user': () => jsonResponse(200, user) });

    renderApp('/');

    const industry = await screen.findByRole('region', { name: 'Industry' });
    expect(within(industry).getByText('individual')).toBeInTheDocument();
  });

  it('says when the data cannot be loaded, and retries', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    useAuthStore.getState().setUser(makeUser());
    let fail = true;
    mockFetch({ 'GET /api/user': () => (fail ? jsonResponse(500, { message: 'Server Error' }) : jsonResponse(200, makeUser())) });

    renderApp('/');

    expect(await screen.findByText('Your dashboard could not be loaded')).toBeInTheDocument();
    fail = false;
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada' })).toBeInTheDocument();
  });

  // Issue #13: a cold load of the dashboard asked GET /api/user twice. Both asking parts start when the page first
  // mounts, so once the fresh answer shows, a second request would already have been made.
  it('asks GET /api/user once on a cold load with a stored session (the page load check and the cards share it)', async () => {
    useAuthStore.getState().setUser(makeUser({}, { partner_type: { name: 'Old type' } }));
    const api = mockFetch({ 'GET /api/user': () => jsonResponse(200, makeUser({}, { partner_type: { name: 'Clinic' } })) });

    renderApp('/');

    expect(await within(await screen.findByRole('region', { name: 'Partner type' })).findByText('Clinic')).toBeInTheDocument();
    expect(api.calls('GET', '/api/user')).toHaveLength(1);
  });

  it("asks GET /api/user once on a cold load without a stored user (the cards take the route guard's answer)", async () => {
    const api = mockFetch({ 'GET /api/user': () => jsonResponse(200, makeUser({ first_name: 'Augusta' })) });

    renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Welcome, Augusta' })).toBeInTheDocument();
    expect(api.calls('GET', '/api/user')).toHaveLength(1);
  });
});
