import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { ConsoleRouteError } from './console-route-error';

/** A page whose code failed to load (a new release replaced its file): what the reader is offered instead. */
function failingPage() {
  return {
    path: '/broken',
    lazy: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
  };
}

describe('a console page that cannot be shown', () => {
  afterEach(() => vi.restoreAllMocks());

  it('offers an operator a reload, and no partner page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/broken', { routes: [{ ...failingPage(), errorElement: <ConsoleRouteError /> }] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
