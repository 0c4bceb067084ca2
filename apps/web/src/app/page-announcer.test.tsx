import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { mockFetch } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';
import { startEachTestSignedOut } from '../../test/session';
import { routeHandle } from '../lib/area-routes';
import { documentTitle, focusHeadingWhenShown } from './page-announcer';
import { routes } from './routes';

startEachTestSignedOut();

/** The page announcement: the one polite status region of the app shell (the first one in the document). */
function announcement(): HTMLElement {
  return screen.getAllByRole('status')[0]!;
}

/** Every route that shows a page of its own: it loads a component and is not a layout around other routes. */
function pageRoutes(tree: RouteObject[]): RouteObject[] {
  return tree.flatMap((route) => {
    const children = route.children ?? [];
    if (children.length > 0) return pageRoutes(children);
    return route.lazy || route.Component || route.element ? [route] : [];
  });
}

describe('page titles', () => {
  it('every page of the route table names itself, except the redirects', () => {
    const pages = pageRoutes(routes).filter((route) => !route.element);
    expect(pages.length).toBeGreaterThan(10);
    for (const route of pages) expect(routeHandle(route.handle)?.title, route.path ?? '(index)').toBeTruthy();
  });

  it('reads "<page> · Partner Portal"', () => {
    expect(documentTitle('Bookings', 'Partner Portal')).toBe('Bookings · Partner Portal');
    expect(documentTitle(null, 'Partner Portal')).toBe('Partner Portal');
  });

  it.each([
    ['/login', 'Sign in · Partner Portal'],
    ['/forgot-password', 'Forgot your password? · Partner Portal'],
    ['/registration', 'Become a partner · Partner Portal'],
    ['/broken-page', 'Page not found · Partner Portal'],
    ['/no/such/page', 'Page not found · Partner Portal'],
  ])('%s is titled "%s"', async (path, title) => {
    mockFetch({});
    renderApp(path);
    await waitFor(() => expect(document.title).toBe(title));
  });
});

describe('page changes', () => {
  it('the first page keeps focus where the browser puts it and announces nothing', async () => {
    mockFetch({});
    renderApp('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).not.toHaveFocus();
    expect(announcement()).toHaveTextContent('');
  });

  it('after a link, focus is on the new page heading and its name is announced', async () => {
    mockFetch({});
    const user = userEvent.setup();
    renderApp('/login');
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' });
    await waitFor(() => expect(heading).toHaveFocus());
    // Focusable for this, but not a Tab stop.
    expect(heading).toHaveAttribute('tabindex', '-1');
    await waitFor(() => expect(announcement()).toHaveTextContent('Forgot your password?'));
    expect(document.title).toBe('Forgot your password? · Partner Portal');
  });

  it('a change of the query string alone is not a page change', async () => {
    mockFetch({});
    const view = renderApp('/login');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    await act(() => view.router.navigate('/login?email=someone%40example.test'));
    expect(view.location().search).toBe('?email=someone%40example.test');
    expect(heading).not.toHaveFocus();
    expect(announcement()).toHaveTextContent('');
  });
});

describe('focusHeadingWhenShown', () => {
  function mount(html: string): HTMLElement {
    const host = document.createElement('div');
    host.innerHTML = html;
    document.body.append(host);
    return host;
  }

  it('waits for a heading rendered later (a lazy page, its data), then focuses it', async () => {
    const host = mount('<p>Loading</p>');
    const cancel = focusHeadingWhenShown();
    const heading = document.createElement('h1');
    heading.textContent = 'Bookings';
    host.append(heading);
    await waitFor(() => expect(heading).toHaveFocus());
    cancel();
    host.remove();
  });

  it('leaves focus alone when it moved before the heading came (the page or the user chose a field)', async () => {
    const host = mount('<input aria-label="Search" />');
    const cancel = focusHeadingWhenShown();
    const field = screen.getByRole('textbox', { name: 'Search' });
    field.focus();
    const heading = document.createElement('h1');
    host.append(heading);
    // A MutationObserver reports in a microtask: let it run.
    await act(async () => {});
    expect(field).toHaveFocus();
    cancel();
    host.remove();
  });
});
