import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import { RouteError } from './route-error';

/** A page whose code failed to load (a new release replaced its file): what the reader is offered instead. */
function failingPage() {
  return {
    path: '/broken',
    lazy: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
  };
}

describe('a partner page that cannot be shown', () => {
  afterEach(() => vi.restoreAllMocks());

  it('tells a partner so, offers a reload and the way to the dashboard, and logs why', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/broken', { routes: [{ ...failingPage(), errorElement: <RouteError /> }] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/');
    expect(logged).toHaveBeenCalled();
  });
});
