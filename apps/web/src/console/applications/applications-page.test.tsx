import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearCookies, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { applicationOf, consoleCsrfCookie, operatorOf, pageOf, setUpConsoleCsrf } from '../console-test-helpers';
import { consoleRoutes } from '../console-routes';

beforeEach(() => {
  clearCookies();
  setUpConsoleCsrf();
});

const noah = applicationOf({ id: 41, first_name: 'Noah', last_name: 'Fischer', email: 'noah@lakeside.test' });
const iris = applicationOf({ id: 42, first_name: 'Iris', last_name: 'Kaya', email: 'iris@kaya.test', organisation: 'Kaya Travel', created_at: '2026-03-07T09:00:00.000Z' });

function queueApi(rows = [noah, iris], extra: Parameters<typeof mockFetch>[0] = {}) {
  let queue = [...rows];
  const api = mockFetch({
    'GET /api/console/csrf-cookie': consoleCsrfCookie,
    'GET /api/console/me': () => jsonResponse(200, { operator: operatorOf('support') }),
    'GET /api/console/partner-applications': () => jsonResponse(200, pageOf(queue)),
    'POST /api/console/partner-applications/41/approve': () => {
      queue = queue.filter((row) => row.id !== 41);
      return jsonResponse(200, { id: 41, email: noah.email, status: 'approved' });
    },
    'POST /api/console/partner-applications/42/reject': () => {
      queue = queue.filter((row) => row.id !== 42);
      return jsonResponse(200, { id: 42, email: iris.email, status: 'rejected' });
    },
    ...extra,
  });
  return api;
}

describe('the partner applications page', () => {
  it('lists the pending queue in the list kit’s table', async () => {
    queueApi();
    renderApp('/partner-applications', { routes: consoleRoutes });
    expect(await screen.findByRole('heading', { name: 'Partner applications', level: 1 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Partner applications' });
    expect(await within(table).findByText('Noah Fischer')).toBeInTheDocument();
    expect(within(table).getByText('Kaya Travel')).toBeInTheDocument();
    expect(within(table).getByText('7 Mar 2026')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Approve Noah Fischer' })).toBeInTheDocument();
  });

  it('approves after a confirmation: the request, a toast, and the application leaves the queue', async () => {
    const api = queueApi();
    renderApp('/partner-applications', { routes: consoleRoutes });
    await userEvent.click(await screen.findByRole('button', { name: 'Approve Noah Fischer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Noah Fischer?' });
    expect(within(dialog).getByText('noah@lakeside.test will be e-mailed a one-time sign-in link, and can then sign in.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('noah@lakeside.test has been e-mailed a sign-in link.')).toBeInTheDocument();
    expect(api.calls('POST', '/api/console/partner-applications/41/approve')).toHaveLength(1);
    expect(api.calls('POST', '/api/console/partner-applications/41/approve')[0]!.headers.get('X-XSRF-TOKEN')).toBe('console-token=');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByText('Noah Fischer')).not.toBeInTheDocument());
  });

  it('cancelling sends nothing', async () => {
    const api = queueApi();
    renderApp('/partner-applications', { routes: consoleRoutes });
    await userEvent.click(await screen.findByRole('button', { name: 'Approve Noah Fischer' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('POST', '/api/console/partner-applications/41/approve')).toHaveLength(0);
  });

  it('rejects only with a reason, which it sends', async () => {
    const api = queueApi();
    renderApp('/partner-applications', { routes: consoleRoutes });
    await userEvent.click(await screen.findByRole('button', { name: 'Reject Iris Kaya' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Iris Kaya?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('The reason field is required.')).toBeInTheDocument();
    expect(api.calls('POST', '/api/console/partner-applications/42/reject')).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('textbox', { name: /Reason/ }));
    await userEvent.paste('The organisation could not be verified.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('iris@kaya.test has been told.')).toBeInTheDocument();
    expect(api.calls('POST', '/api/console/partner-applications/42/reject')[0]!.body).toEqual({ reason: 'The organisation could not be verified.' });
  });

  it('shows why a decision failed (decided meanwhile by someone else), in the dialog', async () => {
    queueApi([noah], { 'POST /api/console/partner-applications/41/approve': () => jsonResponse(409, { message: 'This application was already decided.' }) });
    renderApp('/partner-applications', { routes: consoleRoutes });
    await userEvent.click(await screen.findByRole('button', { name: 'Approve Noah Fischer' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This application was already decided.');
  });

  it('says so when nobody is waiting, and when a search matches nobody', async () => {
    queueApi([]);
    const view = renderApp('/partner-applications', { routes: consoleRoutes });
    expect(await screen.findByText('No applications are waiting.')).toBeInTheDocument();
    view.unmount();
    queueApi([]);
    renderApp('/partner-applications?search=nobody', { routes: consoleRoutes });
    expect(await screen.findByText('No applications match this search.')).toBeInTheDocument();
  });

  it('shows a failed load with Retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    queueApi([noah], { 'GET /api/console/partner-applications': () => (fail ? jsonResponse(500, { message: 'Server Error' }) : jsonResponse(200, pageOf([noah]))) });
    renderApp('/partner-applications', { routes: consoleRoutes });
    const table = await screen.findByRole('table', { name: 'Partner applications' });
    expect(await within(table).findByRole('alert')).toHaveTextContent("Couldn't load the applications.");
    fail = false;
    await userEvent.click(within(table).getByRole('button', { name: 'Retry' }));
    expect(await within(table).findByText('Noah Fischer')).toBeInTheDocument();
  });
});
