import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { mockFetch } from '../../../../test/fetch-mock';
import { renderApp } from '../../../../test/render-app';
import { startEachTestSignedOut } from '../../../../test/session';

startEachTestSignedOut();

describe('thank-you and approval-waiting pages', () => {
  it('thanks a new partner and links back to sign in', async () => {
    mockFetch({});
    renderApp('/thank-you');
    expect(await screen.findByRole('heading', { name: 'Thank you for registering' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });

  it('explains that the account awaits approval', async () => {
    mockFetch({});
    renderApp('/approval-waiting');
    expect(await screen.findByRole('heading', { name: 'Your account is awaiting approval' })).toBeInTheDocument();
    expect(screen.getByText(/not approved your partner account yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });
});
