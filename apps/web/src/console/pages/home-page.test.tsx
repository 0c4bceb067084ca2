import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OperatorRole } from '@portal/contracts/operator-permissions';
import { clearCookies, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { consoleCsrfCookie, operatorOf, setUpConsoleCsrf } from '../console-test-helpers';
import { consoleRoutes } from '../console-routes';

beforeEach(() => {
  clearCookies();
  setUpConsoleCsrf();
});

function api(role: OperatorRole, overview: () => Response) {
  return mockFetch({
    'GET /api/console/csrf-cookie': consoleCsrfCookie,
    'GET /api/console/me': () => jsonResponse(200, { operator: operatorOf(role) }),
    'GET /api/console/overview': overview,
  });
}

describe('the console Overview', () => {
  it('shows the counts of work waiting, each a link to its filtered list', async () => {
    api('finance', () =>
      jsonResponse(200, {
        waiting: [
          { item: 'payouts_due', count: 3 },
          { item: 'exceptions', count: 5 },
        ],
      }),
    );
    renderApp('/', { routes: consoleRoutes });
    const waiting = await screen.findByRole('region', { name: 'Work waiting' });
    expect(await within(waiting).findByRole('link', { name: '3 Payouts due to be sent' })).toHaveAttribute('href', '/payouts?status=draft');
    expect(within(waiting).getByRole('link', { name: '5 Finance exceptions' })).toHaveAttribute('href', '/exceptions');
    expect(within(waiting).queryByRole('link', { name: /Partner applications/ })).not.toBeInTheDocument();
  });

  it('links a support operator’s counts to the applications queue and the new feedback', async () => {
    api('support', () =>
      jsonResponse(200, {
        waiting: [
          { item: 'applications', count: 2 },
          { item: 'feedback', count: 0 },
          { item: 'payouts_due', count: 1 },
        ],
      }),
    );
    renderApp('/', { routes: consoleRoutes });
    const waiting = await screen.findByRole('region', { name: 'Work waiting' });
    expect(await within(waiting).findByRole('link', { name: '2 Partner applications to review' })).toHaveAttribute('href', '/partner-applications');
    expect(within(waiting).getByRole('link', { name: '0 Unanswered feedback' })).toHaveAttribute('href', '/feedback?status=new');
  });

  it('says when the counts cannot load, and loads them again on Try again', async () => {
    let failing = true;
    api('finance', () => (failing ? jsonResponse(500, { message: 'Server Error' }) : jsonResponse(200, { waiting: [{ item: 'exceptions', count: 0 }] })));
    renderApp('/', { routes: consoleRoutes });
    expect(await screen.findByText("Couldn't load the work waiting.")).toBeInTheDocument();
    failing = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: '0 Finance exceptions' })).toBeInTheDocument();
  });
});
