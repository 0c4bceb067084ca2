import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEvent } from '@portal/contracts/console-audit';
import type { OperatorRole } from '@portal/contracts/operator-permissions';
import { clearCookies, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { changeLocale } from '../../i18n/i18n';
import { consoleCsrfCookie, operatorOf, pageOf, setUpConsoleCsrf } from '../console-test-helpers';
import { consoleRoutes } from '../console-routes';
import { diffValues } from './audit-diff';

// The lazy chunks the route loads, compiled once before the first test rather than inside its wait.
beforeAll(async () => {
  await Promise.all([import('./audit-log-page'), import('../layout/console-layout')]);
});

beforeEach(() => {
  clearCookies();
  setUpConsoleCsrf();
});

function eventOf(overrides: Partial<AuditEvent> = {}): AuditEvent {
  return {
    id: 812,
    at: '2026-03-05T14:30:00.000Z',
    actor: { type: 'operator', id: '3', role: 'support', name: 'Omar Haddad' },
    action: 'partner.suspended',
    target: { type: 'user', id: '201', name: 'Amelia Hart' },
    before: { status: 'approved' },
    after: { status: 'suspended', ended_sessions: 2, api_token: '[masked]' },
    reason: 'Chargeback under review.',
    ip: '203.0.113.7',
    user_agent: 'Mozilla/5.0 Firefox/140',
    ...overrides,
  };
}

function api(role: OperatorRole, rows: AuditEvent[] = [eventOf()]) {
  return mockFetch({
    'GET /api/console/csrf-cookie': consoleCsrfCookie,
    'GET /api/console/me': () => jsonResponse(200, { operator: operatorOf(role) }),
    'GET /api/console/audit-events': () => jsonResponse(200, pageOf(rows)),
    'GET /api/console/audit-events/operators': () =>
      jsonResponse(200, [
        { id: 3, name: 'Omar Haddad', role: 'support' },
        { id: 7, name: 'Layla Mansour', role: 'admin' },
      ]),
  });
}

describe('the audit log page', () => {
  it('shows each row: time, actor with role, the action in words, the target linked to its page, reason and IP', async () => {
    api('admin', [eventOf(), eventOf({ id: 811, actor: { type: 'cli', id: 'deploy', role: null, name: null }, action: 'booking.refunded', target: { type: 'booking', id: 'MT-100234', name: null }, reason: null, ip: null })]);
    renderApp('/audit-log', { routes: consoleRoutes });
    const table = await screen.findByRole('table', { name: 'Audit log' });
    await within(table).findByText('Omar Haddad');
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(within(first!).getByText('Omar Haddad')).toBeInTheDocument();
    expect(within(first!).getByText('Support')).toBeInTheDocument();
    expect(within(first!).getByText('Suspended a partner')).toBeInTheDocument();
    expect(within(first!).getByRole('link', { name: 'Partner Amelia Hart' })).toHaveAttribute('href', '/partners/201');
    expect(within(first!).getByText('Chargeback under review.')).toBeInTheDocument();
    expect(within(first!).getByText('203.0.113.7')).toBeInTheDocument();
    expect(within(first!).getByText('5 Mar 2026', { exact: false })).toBeInTheDocument();
    // An action the catalogue does not know shows its code; a target without a page is plain text.
    expect(within(second!).getByText('booking.refunded')).toBeInTheDocument();
    expect(within(second!).getByText('Command line')).toBeInTheDocument();
    expect(within(second!).getByText('Booking MT-100234')).toBeInTheDocument();
    expect(within(second!).queryByRole('link')).not.toBeInTheDocument();
  });

  it('reads the later areas’ rows in words, in English and Arabic, and selects them in the Action filter', async () => {
    const rows = [
      eventOf({ id: 820, action: 'commission_rate.created', target: { type: 'commission_rate', id: '31', name: null } }),
      eventOf({ id: 819, action: 'agreement.published', target: { type: 'agreement', id: '4', name: 'Partner terms 2027' } }),
    ];
    const calls = api('admin', rows);
    const view = renderApp('/audit-log', { routes: consoleRoutes });
    const table = await screen.findByRole('table', { name: 'Audit log' });
    await within(table).findByText('Added a commission rate');
    expect(within(table).getByText('Commission rate 31')).toBeInTheDocument();
    expect(within(table).getByText('Published an agreement')).toBeInTheDocument();
    expect(within(table).getByText('Agreement Partner terms 2027')).toBeInTheDocument();
    expect(within(table).queryByText('agreement.published')).toBeNull();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Published an agreement');
    expect(new URLSearchParams(view.location().search).get('action')).toBe('agreement.published');
    await waitFor(() => expect(calls.calls('GET', '/api/console/audit-events').at(-1)!.query.get('action')).toBe('agreement.published'));
    expect(screen.getByRole('option', { name: 'Every action: Commission rates' })).toBeInTheDocument();

    await act(() => changeLocale('ar'));
    expect(await within(table).findByText('نشر اتفاقية')).toBeInTheDocument();
    expect(within(table).getByText('اتفاقية Partner terms 2027')).toBeInTheDocument();
    await act(() => changeLocale('en'));
  });

  it('keeps the filters in the URL and sends them, the dates with the browser’s time zone', async () => {
    const calls = api('finance');
    const view = renderApp('/audit-log?from=2026-03-01&to=2026-03-31', { routes: consoleRoutes });
    await screen.findByRole('table', { name: 'Audit log' });
    const first = calls.calls('GET', '/api/console/audit-events')[0]!;
    expect(first.query.get('from')).toBe('2026-03-01');
    expect(first.query.get('timezone')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Dates: / })).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Actor type' }), 'Operator');
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Actor' }), 'Layla Mansour (Admin)');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Every action: Partners');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Target type' }), 'Partner');
    await userEvent.type(screen.getByRole('textbox', { name: 'Target id' }), '201{Enter}');

    const search = new URLSearchParams(view.location().search);
    expect(Object.fromEntries(search)).toEqual({ from: '2026-03-01', to: '2026-03-31', actor_type: 'operator', actor: '7', action: 'partner.', target_type: 'user', target: '201' });
    await waitFor(() => {
      const last = calls.calls('GET', '/api/console/audit-events').at(-1)!.query;
      expect([last.get('actor_type'), last.get('actor_id'), last.get('action'), last.get('target_type'), last.get('target_id')]).toEqual(['operator', '7', 'partner.', 'user', '201']);
    });

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(view.location().search).toBe('');
  });

  it('opens a row: before and after side by side, masked values said so, and narrows to its actor', async () => {
    const calls = api('admin');
    const view = renderApp('/audit-log', { routes: consoleRoutes });
    await userEvent.click(await screen.findByRole('button', { name: 'View event 812' }));
    const drawer = await screen.findByRole('dialog', { name: 'Event 812' });
    expect(within(drawer).getByText('Mozilla/5.0 Firefox/140')).toBeInTheDocument();
    const changes = within(drawer).getByRole('table', { name: 'Changes' });
    const rows = within(changes).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['statusapprovedsuspendedChanged', 'ended_sessions—2Added', 'api_token—Hidden when recordedAdded']);

    await userEvent.click(within(drawer).getByRole('button', { name: 'Only this actor' }));
    expect(new URLSearchParams(view.location().search).get('actor')).toBe('3');
    await waitFor(() => expect(calls.calls('GET', '/api/console/audit-events').at(-1)!.query.get('actor_type')).toBe('operator'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Event 812' })).not.toBeInTheDocument());
  });

  it('says when nothing matches, and offers to clear the filters', async () => {
    api('admin', []);
    renderApp('/audit-log?action=partner.', { routes: consoleRoutes });
    expect(await screen.findByText('No rows match these filters.')).toBeInTheDocument();
  });

  it('is not open to a role without audit.read', async () => {
    api('support');
    renderApp('/audit-log', { routes: consoleRoutes });
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeInTheDocument();
  });
});

describe('diffValues', () => {
  it('flattens nested values and names each change', () => {
    expect(diffValues({ status: 'pending', address: { city: 'Dubai' } }, { status: 'approved', address: { city: 'Dubai', zip: '00000' } }).map((change) => [change.field, change.kind])).toEqual([
      ['status', 'changed'],
      ['address.city', 'unchanged'],
      ['address.zip', 'added'],
    ]);
    expect(diffValues(null, { method: 'password' })).toEqual([{ field: 'method', before: undefined, after: 'password', inBefore: false, inAfter: true, kind: 'added' }]);
    expect(diffValues({ tags: ['a'] }, null)[0]).toMatchObject({ field: 'tags', kind: 'removed' });
  });
});
