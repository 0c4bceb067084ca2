import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConsoleFeedbackOptions, ConsoleFeedbackRow, ConsoleFeedbackThread } from '@portal/contracts/console-feedback';
import type { OperatorRole } from '@portal/contracts/operator-permissions';
import { clearCookies, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { changeLocale } from '../../i18n/i18n';
import { consoleRoutes } from '../console-routes';
import { consoleCsrfCookie, operatorOf, pageOf, setUpConsoleCsrf } from '../console-test-helpers';

beforeEach(() => {
  clearCookies();
  setUpConsoleCsrf();
});

const OPTIONS: ConsoleFeedbackOptions = {
  agents: [
    { id: 3, name: 'Harbor Health Partners' },
    { id: 4, name: 'Northwind Care Network' },
  ],
  operators: [
    { id: 7, name: 'Layla Mansour' },
    { id: 9, name: 'Diego Alvarez' },
  ],
};

const row: ConsoleFeedbackRow = {
  id: 31,
  category: 'booking',
  status: 'new',
  rating: 4,
  excerpt: 'The hospital asked for the passport copy again.',
  author: { id: 8, name: 'Grace Mwangi' },
  message_count: 1,
  created_at: '2026-03-05T10:00:00.000Z',
  last_message_at: '2026-03-05T10:00:00.000Z',
  referral_agent: { id: 3, name: 'Harbor Health Partners' },
  assignee: null,
};

const thread: ConsoleFeedbackThread = {
  ...row,
  author_email: 'agent@demo.test',
  page_url: '/bookings',
  app_version: '1.0.0',
  language: 'en',
  messages: [
    { id: 1, author_type: 'partner', author_name: 'Grace Mwangi', internal: false, body: row.excerpt, attachments: [{ id: 51, name: 'passport.pdf', content_type: 'application/pdf', size: 4000 }], created_at: row.created_at },
    { id: 2, author_type: 'operator', author_name: 'Diego Alvarez', internal: true, body: 'Filed under the old ticket.', attachments: [], created_at: '2026-03-05T11:00:00.000Z' },
  ],
};

function api(role: OperatorRole, extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/console/csrf-cookie': consoleCsrfCookie,
    'GET /api/console/me': () => jsonResponse(200, { operator: operatorOf(role) }),
    'GET /api/console/feedback/options': () => jsonResponse(200, OPTIONS),
    ...extra,
  });
}

describe('the support inbox', () => {
  it('lists every agent’s feedback, filters by status, category and assignee through the URL and the request', async () => {
    const calls = api('support', { 'GET /api/console/feedback': () => jsonResponse(200, pageOf([row, { ...row, id: 32, status: 'answered', assignee: { id: 9, name: 'Diego Alvarez' } }])) });
    const view = renderApp('/feedback', { routes: consoleRoutes });
    const table = await screen.findByRole('table', { name: 'Support inbox' });
    expect(await within(table).findAllByRole('link', { name: row.excerpt })).toHaveLength(2);
    expect(within(table).getAllByRole('link', { name: row.excerpt })[0]).toHaveAttribute('href', '/feedback/31');
    expect(within(table).getByText('Unassigned')).toBeInTheDocument();
    expect(within(table).getByText('Diego Alvarez')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'In review');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Payout');
    expect(view.location().search).toContain('status=in_review');
    expect(view.location().search).toContain('category=payout');
    await waitFor(() => {
      const query = calls.calls('GET', '/api/console/feedback').at(-1)!.query;
      expect([query.get('status'), query.get('category')]).toEqual(['in_review', 'payout']);
    });
  });

  it('says so when there is no feedback, and is in the sidebar for support', async () => {
    api('support', { 'GET /api/console/feedback': () => jsonResponse(200, pageOf([])) });
    renderApp('/feedback', { routes: consoleRoutes });
    expect(await screen.findByText('No partner has sent feedback yet.')).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Console' })).getByRole('link', { name: 'Support inbox' })).toBeInTheDocument();
  });

  it('is not allowed for a role without feedback.manage', async () => {
    const calls = api('content', { 'GET /api/console/feedback': () => jsonResponse(200, pageOf([])) });
    renderApp('/feedback', { routes: consoleRoutes });
    expect(await screen.findByRole('heading', { name: 'Not allowed', level: 1 })).toBeInTheDocument();
    expect(calls.calls('GET', '/api/console/feedback')).toHaveLength(0);
  });

  it('reads in Arabic', async () => {
    await changeLocale('ar');
    api('support', { 'GET /api/console/feedback': () => jsonResponse(200, pageOf([row])) });
    renderApp('/feedback', { routes: consoleRoutes });
    expect(await screen.findByRole('heading', { name: 'صندوق الدعم', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('جديدة')).toBeInTheDocument();
  });
});

describe('a feedback thread', () => {
  it('shows the conversation with the internal note marked, the attachments, and sends an answer', async () => {
    let current = thread;
    const calls = api('support', {
      'GET /api/console/feedback/31': () => jsonResponse(200, current),
      'POST /api/console/feedback/31/replies': (request) => {
        const body = request.body as { message: string; internal: boolean };
        current = {
          ...current,
          status: body.internal ? current.status : 'answered',
          messages: [...current.messages, { id: 3, author_type: 'operator', author_name: 'Layla Mansour', internal: body.internal, body: body.message, attachments: [], created_at: '2026-03-05T12:00:00.000Z' }],
        };
        return jsonResponse(201, current);
      },
    });
    renderApp('/feedback/31', { routes: consoleRoutes });
    const conversation = await screen.findByRole('region', { name: 'Conversation' });
    expect(within(conversation).getByRole('article', { name: 'Internal note' })).toHaveTextContent('Filed under the old ticket.');
    expect(within(conversation).getByRole('link', { name: /passport\.pdf/ })).toHaveAttribute('href', '/api/console/feedback/31/attachments/51');

    const form = screen.getByRole('form', { name: 'Answer or note' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Message' }), 'The hospital has the documents now.');
    await userEvent.click(within(form).getByRole('button', { name: 'Send to the partner' }));
    expect(await within(conversation).findByText('The hospital has the documents now.')).toBeInTheDocument();
    expect(calls.calls('POST', '/api/console/feedback/31/replies')[0]!.body).toEqual({ message: 'The hospital has the documents now.', internal: false });

    await userEvent.type(within(form).getByRole('textbox', { name: 'Message' }), 'Partner called too.');
    await userEvent.click(within(form).getByRole('checkbox', { name: /Internal note/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add internal note' }));
    await waitFor(() => expect(calls.calls('POST', '/api/console/feedback/31/replies')).toHaveLength(2));
    expect(calls.calls('POST', '/api/console/feedback/31/replies')[1]!.body).toEqual({ message: 'Partner called too.', internal: true });
  });

  it('assigns an operator and changes the status', async () => {
    let current = thread;
    const calls = api('admin', {
      'GET /api/console/feedback/31': () => jsonResponse(200, current),
      'PUT /api/console/feedback/31/assignee': () => {
        current = { ...current, assignee: { id: 9, name: 'Diego Alvarez' } };
        return jsonResponse(200, current);
      },
      'PUT /api/console/feedback/31/status': () => {
        current = { ...current, status: 'closed' };
        return jsonResponse(200, current);
      },
    });
    renderApp('/feedback/31', { routes: consoleRoutes });
    const assignee = await screen.findByRole('combobox', { name: 'Assign to' });
    await within(assignee).findByRole('option', { name: 'Diego Alvarez' });
    await userEvent.selectOptions(assignee, 'Diego Alvarez');
    await waitFor(() => expect(calls.calls('PUT', '/api/console/feedback/31/assignee')[0]?.body).toEqual({ assignee_id: 9 }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Change status' }), 'Closed');
    await waitFor(() => expect(calls.calls('PUT', '/api/console/feedback/31/status')[0]?.body).toEqual({ status: 'closed' }));
    // Closed: only internal notes.
    expect(await screen.findByRole('button', { name: 'Add internal note' })).toBeInTheDocument();
  });

  it('says so for a thread that does not exist', async () => {
    api('support', { 'GET /api/console/feedback/99': () => jsonResponse(404, { message: 'Not found.' }) });
    renderApp('/feedback/99', { routes: consoleRoutes });
    expect(await screen.findByRole('alert')).toHaveTextContent('This feedback does not exist.');
  });
});
