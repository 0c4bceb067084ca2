import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FailedJob, JobsOverview } from '@portal/contracts/console-jobs';
import type { OperatorRole } from '@portal/contracts/operator-permissions';
import { clearCookies, jsonResponse, mockFetch, type MockHandler } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { consoleCsrfCookie, operatorOf, pageOf, setUpConsoleCsrf } from '../console-test-helpers';
import { consoleRoutes } from '../console-routes';

// The lazy chunks the route loads, compiled once before the first test rather than inside its wait.
beforeAll(async () => {
  await Promise.all([import('./jobs-page'), import('../layout/console-layout')]);
});

beforeEach(() => {
  clearCookies();
  setUpConsoleCsrf();
});

const JOB_ID = '5b0f3c1e-8d2a-4c7e-9a41-2f6b7d8e9a10';

function failedJobOf(overrides: Partial<FailedJob> = {}): FailedJob {
  return {
    id: JOB_ID,
    name: 'mail.send',
    key: 'approval:201',
    summary: { to: 'amelia@harbor.test', subject: 'Your partner account is approved' },
    attempts: 9,
    error: 'SMTP 421: service not available, try again later',
    created_at: '2026-03-05T09:00:00.000Z',
    failed_at: '2026-03-05T13:12:00.000Z',
    ...overrides,
  };
}

function overviewOf(overrides: Partial<JobsOverview> = {}): JobsOverview {
  return {
    queues: [{ name: 'mail.send', queued: 2, active: 1, retrying: 3, failed: 1, completed: 1284 }],
    schedules: [{ name: 'earnings.approve-commission', cron: '0 3 * * *', time_zone: 'Asia/Dubai', next_run_at: '2026-03-05T23:00:00.000Z' }],
    ...overrides,
  };
}

function api(role: OperatorRole, extra: Record<string, MockHandler> = {}) {
  let failed = [failedJobOf()];
  return mockFetch({
    'GET /api/console/csrf-cookie': consoleCsrfCookie,
    'GET /api/console/me': () => jsonResponse(200, { operator: operatorOf(role) }),
    'GET /api/console/jobs': () => jsonResponse(200, overviewOf({ queues: [{ name: 'mail.send', queued: 2, active: 1, retrying: 3, failed: failed.length, completed: 1284 }] })),
    'GET /api/console/jobs/failed': () => jsonResponse(200, pageOf(failed)),
    [`POST /api/console/jobs/mail.send/failed/${JOB_ID}/retry`]: () => {
      failed = [];
      return jsonResponse(200, { id: JOB_ID, name: 'mail.send', state: 'retrying' });
    },
    ...extra,
  });
}

describe('the jobs page', () => {
  it('shows each queue by state, the failed jobs and the schedules', async () => {
    api('admin');
    renderApp('/jobs', { routes: consoleRoutes });
    const queues = await screen.findByRole('table', { name: 'Jobs in each queue, by state' });
    const [header, mail] = within(queues).getAllByRole('row');
    expect(within(header!).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Queue', 'Queued', 'Running', 'Waiting to retry', 'Failed', 'Completed (24 h)']);
    expect(mail!.textContent).toBe('mail.send21311,284');

    const failed = await screen.findByRole('table', { name: 'Failed jobs' });
    await within(failed).findByText('amelia@harbor.test');
    const row = within(failed).getAllByRole('row')[1]!;
    expect(within(row).getByText('amelia@harbor.test')).toBeInTheDocument();
    expect(within(row).getByText('approval:201')).toBeInTheDocument();
    expect(within(row).getByText('9')).toBeInTheDocument();
    expect(within(row).getByText('SMTP 421: service not available, try again later')).toBeInTheDocument();

    const schedules = screen.getByRole('table', { name: 'Scheduled jobs' });
    expect(within(schedules).getByText('0 3 * * *')).toBeInTheDocument();
    expect(within(schedules).getByText('Asia/Dubai')).toBeInTheDocument();
  });

  it('retries a failed job after a confirmation, and the lists reload', async () => {
    const calls = api('admin');
    renderApp('/jobs', { routes: consoleRoutes });
    await userEvent.click(await screen.findByRole('button', { name: `Retry job ${JOB_ID}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Retry this mail.send job?' });
    expect(within(dialog).getByText(/It failed after 9 attempts; the last error was: SMTP 421/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('Job queued again')).toBeInTheDocument();
    expect(calls.calls('POST', `/api/console/jobs/mail.send/failed/${JOB_ID}/retry`)).toHaveLength(1);
    expect(await screen.findByText('No job has failed. Good.')).toBeInTheDocument();
  });

  it('sends nothing when the confirmation is cancelled, and shows a 409 in the dialog', async () => {
    const calls = api('admin', {
      [`POST /api/console/jobs/mail.send/failed/${JOB_ID}/retry`]: () => jsonResponse(409, { message: 'Only a failed job can be retried: this one is queued, running or done already.' }),
    });
    renderApp('/jobs', { routes: consoleRoutes });
    await userEvent.click(await screen.findByRole('button', { name: `Retry job ${JOB_ID}` }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.calls('POST', `/api/console/jobs/mail.send/failed/${JOB_ID}/retry`)).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: `Retry job ${JOB_ID}` }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByText('Only a failed job can be retried: this one is queued, running or done already.')).toBeInTheDocument();
  });

  it('narrows the failed list to a queue through the URL', async () => {
    const calls = api('admin');
    const view = renderApp('/jobs', { routes: consoleRoutes });
    await userEvent.click(await screen.findByRole('button', { name: 'Show the failed jobs of mail.send' }));
    expect(view.location().search).toBe('?name=mail.send');
    await waitFor(() => expect(calls.calls('GET', '/api/console/jobs/failed').at(-1)!.query.get('name')).toBe('mail.send'));
    expect(screen.getByRole('combobox', { name: 'Queue' })).toHaveValue('mail.send');
  });

  it('says when nothing runs on a schedule, and is for admins only', async () => {
    api('admin', { 'GET /api/console/jobs': () => jsonResponse(200, overviewOf({ schedules: [] })) });
    const first = renderApp('/jobs', { routes: consoleRoutes });
    expect(await screen.findByText('No job runs on a schedule.')).toBeInTheDocument();
    first.unmount();

    api('finance');
    renderApp('/jobs', { routes: consoleRoutes });
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeInTheDocument();
  });
});
