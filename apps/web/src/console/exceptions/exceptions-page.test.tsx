import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConsoleExceptions } from '@portal/contracts/console-exceptions';
import type { OperatorRole } from '@portal/contracts/operator-permissions';
import { clearCookies, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { changeLocale } from '../../i18n/i18n';
import { consoleCsrfCookie, operatorOf, pageOf, setUpConsoleCsrf } from '../console-test-helpers';
import { consoleRoutes } from '../console-routes';
import { exceptionsEn } from './exceptions-console';

beforeEach(() => {
  clearCookies();
  setUpConsoleCsrf();
});

const RECORD: ConsoleExceptions = {
  id: 12,
  title: 'Visa support letter — Amelia Hart',
  status: 'active',
  notes: 'The consulate asks for the clinic stamp on page 2.',
  created_at: '2026-03-02T09:00:00.000Z',
  updated_at: '2026-03-05T10:30:00.000Z',
};

function api(role: OperatorRole, extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/console/csrf-cookie': consoleCsrfCookie,
    'GET /api/console/me': () => jsonResponse(200, { operator: operatorOf(role) }),
    'GET /api/console/exceptions': () => jsonResponse(200, pageOf([RECORD])),
    'GET /api/console/exceptions/12': () => jsonResponse(200, RECORD),
    ...extra,
  });
}

describe('exceptions (console)', () => {
  it('lists the records and filters by status through the URL and the request', async () => {
    const calls = api('support');
    const view = renderApp('/exceptions', { routes: consoleRoutes });
    expect(await screen.findByRole('heading', { name: 'Exceptions', level: 1 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Exceptions' });
    expect(await within(table).findByRole('button', { name: RECORD.title })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Archived');
    expect(view.location().search).toContain('status=archived');
    await waitFor(() => expect(calls.calls('GET', '/api/console/exceptions').at(-1)?.query.get('status')).toBe('archived'));
  });

  it('opens a record in a drawer and edits it', async () => {
    const calls = api('support', { 'PATCH /api/console/exceptions/12': (request) => jsonResponse(200, { ...RECORD, ...(request.body as object) }) });
    renderApp('/exceptions', { routes: consoleRoutes });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: RECORD.title }));
    const drawer = await screen.findByRole('dialog', { name: RECORD.title });
    expect(await within(drawer).findByText(RECORD.notes)).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('dialog', { name: `Edit ${RECORD.title}` });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Status' }), 'Archived');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.calls('PATCH', '/api/console/exceptions/12')[0]?.body).toEqual({ title: RECORD.title, status: 'archived', notes: RECORD.notes }));
  });

  it('checks a new record by the contract before sending, and shows the server’s 422 at its field', async () => {
    const calls = api('admin', { 'POST /api/console/exceptions': () => jsonResponse(422, { message: 'The title is taken.', errors: { title: ['The title is taken.'] } }) });
    renderApp('/exceptions', { routes: consoleRoutes });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: exceptionsEn.add }));
    const form = await screen.findByRole('dialog', { name: exceptionsEn.form.createTitle });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('The title field is required.')).toBeInTheDocument();
    expect(calls.calls('POST', '/api/console/exceptions')).toHaveLength(0);
    await user.type(within(form).getByRole('textbox', { name: /^Title/ }), 'Interpreter for Noah Fischer');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('The title is taken.')).toBeInTheDocument();
    expect(calls.calls('POST', '/api/console/exceptions')[0]?.body).toEqual({ title: 'Interpreter for Noah Fischer', status: 'active', notes: '' });
  });

  it('is not allowed for a role without exceptions.manage', async () => {
    api('finance');
    renderApp('/exceptions', { routes: consoleRoutes });
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Exceptions' })).not.toBeInTheDocument();
  });

  it('reads in Arabic, right to left', async () => {
    await changeLocale('ar');
    api('support');
    renderApp('/exceptions', { routes: consoleRoutes });
    expect(await screen.findByRole('heading', { name: 'الاستثناءات', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('columnheader', { name: 'آخر تحديث' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });
});
