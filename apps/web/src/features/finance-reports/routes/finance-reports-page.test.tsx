import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import type { FinanceReport } from '@portal/contracts/finance-reports';
import type { PartnerRole } from '@portal/contracts/partner-roles';
import { makeUser, paginated } from '../../../../test/fixtures';
import { jsonResponse, mockFetch, type MockHandler } from '../../../../test/fetch-mock';
import { renderApp } from '../../../../test/render-app';
import type { createRealtimeStub } from '../../../../test/realtime-stub';
import { shownNotifications, startEachTestSignedOut } from '../../../../test/session';
import { changeLocale, i18n } from '../../../i18n/i18n';
import { useAuthStore } from '../../../stores/auth-store';
import { FINANCE_REPORTS_POLL_MS } from '../api/finance-reports-api';

/** lib/realtime without a socket: `realtime.stub.emit` delivers an event to what the page listens for. */
const realtime = vi.hoisted(() => ({ stub: null as ReturnType<typeof createRealtimeStub> | null }));
vi.mock('../../../lib/realtime', async () => {
  const { createRealtimeStub } = await import('../../../../test/realtime-stub');
  realtime.stub = createRealtimeStub();
  return realtime.stub.module;
});

startEachTestSignedOut();

const PDF_SHA = 'a'.repeat(32) + 'b'.repeat(32);
const XLSX_SHA = 'c'.repeat(32) + 'd'.repeat(32);

const READY: FinanceReport = {
  id: 7,
  kind: 'monthly',
  period: '2026-10',
  currency: 'AED',
  version: 2,
  status: 'ready',
  figures: { opening_minor: 1_000_00, accrued_minor: 2_345_67, reversed_minor: -45_67, clawbacks_minor: -100_00, paid_minor: -1_500_00, closing_minor: 1_700_00 },
  pdf_sha256: PDF_SHA,
  xlsx_sha256: XLSX_SHA,
  requested_by: 'Ada Lovelace',
  created_at: '2026-11-03T09:00:00.000Z',
  generated_at: '2026-11-03T09:01:00.000Z',
  superseded: false,
};
const FIRST_VERSION: FinanceReport = { ...READY, id: 5, version: 1, requested_by: null, created_at: '2026-11-01T02:00:00.000Z', generated_at: '2026-11-01T02:01:00.000Z', superseded: true };
const QUEUED: FinanceReport = {
  ...READY,
  id: 9,
  kind: 'yearly',
  period: '2025',
  currency: 'EUR',
  version: 1,
  status: 'queued',
  figures: null,
  pdf_sha256: null,
  xlsx_sha256: null,
  generated_at: null,
};

const OPTIONS = { currencies: ['AED', 'EUR'], first_month: '2024-03' };
const LAST_MONTH = dayjs().subtract(1, 'month').format('YYYY-MM');
const LAST_YEAR = String(dayjs().year() - 1);

function signIn(role: PartnerRole) {
  // Their saved language is the one in use: the app applies it at sign-in.
  const user = makeUser({ locale: i18n.language === 'ar' ? 'ar' : 'en' }, { role });
  useAuthStore.getState().setUser(user);
  return user;
}

function reportsApi(role: PartnerRole, list: MockHandler, more: Record<string, MockHandler> = {}) {
  const user = signIn(role);
  return mockFetch({
    'GET /api/user': () => jsonResponse(200, user),
    'GET /api/finance-reports/options': () => jsonResponse(200, OPTIONS),
    'GET /api/finance-reports': list,
    ...more,
  });
}

const reportsTable = () => screen.findByRole('table', { name: /Your finance reports/ });
const newReport = () => screen.findByRole('region', { name: 'New report' });

describe('Finance reports', () => {
  it("shows a ready report's figures, its versions, its SHA-256, and downloads its PDF through the session", async () => {
    const clicked: HTMLAnchorElement[] = [];
    // jsdom has no object URLs and does not download.
    Object.defineProperty(URL, 'createObjectURL', { value: vi.fn(() => 'blob:test/report'), configurable: true, writable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true, writable: true });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function click(this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const api = reportsApi('finance', () => jsonResponse(200, paginated([READY, FIRST_VERSION])), {
      'GET /api/finance-reports/7/pdf': () =>
        new Response('%PDF-1.7', { status: 200, headers: { 'content-disposition': 'attachment; filename="finance-report-2026-10-AED-v2.pdf"', 'x-content-sha256': PDF_SHA } }),
    });
    renderApp('/finance-reports');

    expect(await screen.findByRole('heading', { level: 1, name: 'Finance reports' })).toBeInTheDocument();
    expect(screen.getByText(/written on the 1st for the month before/)).toBeInTheDocument();
    const table = await reportsTable();
    const pdf = await within(table).findByRole('button', { name: 'Download the PDF of October 2026 AED version 2' });
    const row = pdf.closest('tr')!;
    expect(within(row).getByText('October 2026')).toBeInTheDocument();
    expect(within(row).getByText('Asked for by Ada Lovelace')).toBeInTheDocument();
    expect(within(row).getByText('Monthly')).toBeInTheDocument();
    expect(within(row).getByText('v2')).toBeInTheDocument();
    expect(within(row).getByText('Ready')).toBeInTheDocument();
    expect(within(row).queryByText('Superseded')).not.toBeInTheDocument();
    for (const amount of [/^AED\s1,000\.00$/, /^AED\s2,345\.67$/, /^-AED\s45\.67$/, /^-AED\s100\.00$/, /^-AED\s1,500\.00$/, /^AED\s1,700\.00$/]) {
      expect(within(row).getByText(amount)).toBeInTheDocument();
    }
    expect(within(row).getByRole('button', { name: 'Download the Excel file of October 2026 AED version 2' })).toBeInTheDocument();

    const older = within(table).getByRole('button', { name: 'Download the PDF of October 2026 AED version 1' }).closest('tr')!;
    expect(within(older).getByText('Superseded')).toBeInTheDocument();
    expect(within(older).getByText('Monthly run')).toBeInTheDocument();
    expect(within(older).queryByRole('button', { name: /^Regenerate/ })).not.toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: 'SHA-256 of the files of October 2026 AED version 2' }));
    const hashes = await screen.findByRole('dialog', { name: 'SHA-256 of the files of October 2026 AED version 2' });
    expect(within(hashes).getByText(PDF_SHA)).toBeInTheDocument();
    expect(within(hashes).getByText(XLSX_SHA)).toBeInTheDocument();

    await userEvent.click(pdf);
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(api.calls('GET', '/api/finance-reports/7/pdf')).toHaveLength(1);
    expect(clicked[0]!.download).toBe('finance-report-2026-10-AED-v2.pdf');
  });

  it('shows a queued report as Generating, without files, and asks again every 5 s until it is ready', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let rows: FinanceReport[] = [QUEUED];
    const api = reportsApi('owner', () => jsonResponse(200, paginated(rows)));
    renderApp('/finance-reports');

    const table = await reportsTable();
    const generating = await within(table).findByText('Generating…');
    const row = generating.closest('tr')!;
    expect(within(row).getByText('2025')).toBeInTheDocument();
    expect(within(row).getByText('Yearly')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Download/ })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /^Regenerate/ })).not.toBeInTheDocument();
    const before = api.calls('GET', '/api/finance-reports').length;

    rows = [{ ...QUEUED, status: 'ready', figures: READY.figures, pdf_sha256: PDF_SHA, xlsx_sha256: XLSX_SHA, generated_at: '2026-11-03T09:01:00.000Z' }];
    await act(() => vi.advanceTimersByTimeAsync(FINANCE_REPORTS_POLL_MS));
    expect(await within(table).findByRole('button', { name: 'Download the PDF of 2025 EUR version 1' })).toBeInTheDocument();
    expect(api.calls('GET', '/api/finance-reports').length).toBe(before + 1);

    // Nothing is being written any more: no more polls.
    await act(() => vi.advanceTimersByTimeAsync(FINANCE_REPORTS_POLL_MS * 3));
    expect(api.calls('GET', '/api/finance-reports').length).toBe(before + 1);
  });

  it('asks for a new report with its kind, period and currency, and reloads the list', async () => {
    let rows: FinanceReport[] = [];
    const api = reportsApi('manager', () => jsonResponse(200, paginated(rows)), {
      'POST /api/finance-reports': (request) => {
        const body = request.body as { kind: 'monthly' | 'yearly'; period: string; currency: string };
        rows = [{ ...QUEUED, id: 12, ...body }];
        return jsonResponse(202, { report: rows[0] });
      },
    });
    renderApp('/finance-reports');

    const table = await reportsTable();
    expect(await within(table).findByText('No reports yet: the first monthly statement is written on the 1st of next month, or ask for one now.')).toBeInTheDocument();
    const form = await newReport();
    // The latest month that has ended, in the first currency.
    await userEvent.click(within(form).getByRole('button', { name: 'Ask for the report' }));
    await waitFor(() => expect(api.calls('POST', '/api/finance-reports')).toHaveLength(1));
    expect(api.calls('POST', '/api/finance-reports')[0]!.body).toEqual({ kind: 'monthly', period: LAST_MONTH, currency: 'AED' });
    await waitFor(() => expect(shownNotifications()).toContainEqual(expect.objectContaining({ title: 'Report queued', message: 'You will be told when it is ready.' })));
    expect(await within(table).findByText('Generating…')).toBeInTheDocument();

    // A year, in another currency.
    await userEvent.click(within(form).getByRole('radio', { name: 'Yearly' }));
    expect(within(form).getByLabelText('Year', { selector: 'input' })).toHaveValue(LAST_YEAR);
    await userEvent.click(within(form).getByLabelText('Currency', { selector: 'input' }));
    await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'EUR' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Ask for the report' }));
    await waitFor(() => expect(api.calls('POST', '/api/finance-reports')).toHaveLength(2));
    expect(api.calls('POST', '/api/finance-reports')[1]!.body).toEqual({ kind: 'yearly', period: LAST_YEAR, currency: 'EUR' });
  });

  it("shows the server's refusal of the period under the period", async () => {
    reportsApi('owner', () => jsonResponse(200, paginated([READY])), {
      'POST /api/finance-reports': () => jsonResponse(422, { message: 'The period has not ended yet.', errors: { period: ['The period has not ended yet.'] } }),
    });
    renderApp('/finance-reports');

    const form = await newReport();
    await userEvent.click(await within(form).findByRole('button', { name: 'Ask for the report' }));
    const error = await within(form).findByRole('alert');
    expect(error).toHaveTextContent('The period has not ended yet.');
    expect(within(form).getByRole('button', { name: /^Month/ })).toHaveAttribute('aria-invalid', 'true');
    expect(shownNotifications()).toEqual([]);
  });

  it('regenerates a report after confirming: the same kind, period and currency', async () => {
    const api = reportsApi('owner', () => jsonResponse(200, paginated([READY, FIRST_VERSION])), {
      'POST /api/finance-reports': () => jsonResponse(202, { report: { ...QUEUED, id: 13, kind: 'monthly', period: '2026-10', currency: 'AED', version: 3 } }),
    });
    renderApp('/finance-reports');

    const table = await reportsTable();
    await userEvent.click(await within(table).findByRole('button', { name: 'Regenerate October 2026 AED version 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Regenerate October 2026 AED version 2?' });
    expect(within(dialog).getByText('A new version is written; this one is kept.')).toBeInTheDocument();
    expect(api.calls('POST', '/api/finance-reports')).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Regenerate' }));
    await waitFor(() => expect(api.calls('POST', '/api/finance-reports')).toHaveLength(1));
    expect(api.calls('POST', '/api/finance-reports')[0]!.body).toEqual({ kind: 'monthly', period: '2026-10', currency: 'AED' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Regenerate/ })).not.toBeInTheDocument());
    expect(shownNotifications()).toContainEqual(expect.objectContaining({ title: 'Report queued' }));
  });

  it('reloads the list on a commission notification (a report is ready)', async () => {
    let rows: FinanceReport[] = [];
    const api = reportsApi('owner', () => jsonResponse(200, paginated(rows)));
    renderApp('/finance-reports');

    const table = await reportsTable();
    await within(table).findByText(/^No reports yet/);
    const before = api.calls('GET', '/api/finance-reports').length;

    rows = [READY];
    act(() =>
      realtime.stub!.emit('NotificationCreated', {
        notification: { id: '00000000-0000-4000-8000-000000000002', type: 'commission', title: 'Finance report ready', body: 'October 2026 (AED) is ready.', link: '/finance-reports', data: { finance_report_id: 7 }, read_at: null, created_at: new Date().toISOString() },
        unread_count: 1,
      }),
    );

    expect(await within(table).findByRole('button', { name: 'Download the PDF of October 2026 AED version 2' })).toBeInTheDocument();
    expect(api.calls('GET', '/api/finance-reports').length).toBeGreaterThan(before);
  });

  it('filters by kind and currency, and offers Retry when the list cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    const api = reportsApi('owner', () => (fail ? jsonResponse(500, { message: 'Server Error' }) : jsonResponse(200, paginated([READY]))));
    const { location } = renderApp('/finance-reports');

    const section = await screen.findByRole('region', { name: 'Reports' });
    expect(await within(section).findByText('Your reports could not be loaded')).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(section).getByRole('button', { name: 'Retry' }));
    expect(await within(section).findByRole('button', { name: 'Download the PDF of October 2026 AED version 2' })).toBeInTheDocument();

    await userEvent.selectOptions(within(section).getByRole('combobox', { name: 'Kind' }), 'monthly');
    await userEvent.selectOptions(within(section).getByRole('combobox', { name: 'Currency' }), 'AED');
    await waitFor(() => expect(Object.fromEntries(api.calls('GET', '/api/finance-reports').at(-1)!.query)).toMatchObject({ kind: 'monthly', currency: 'AED' }));
    expect(new URLSearchParams(location().search).get('currency')).toBe('AED');
  });

  it('is in the Earnings group after Payment details and Tax details for owners and finance; an agent has no entry, and is told the page is not for their role', async () => {
    reportsApi('owner', () => jsonResponse(200, paginated([])));
    const view = renderApp('/finance-reports');
    const navigation = await screen.findByRole('navigation', { name: 'Main' });
    const links = within(navigation).getAllByRole('link').map((link) => link.textContent);
    const paymentDetails = links.indexOf('Payment details');
    expect(links.slice(paymentDetails, paymentDetails + 3)).toEqual(['Payment details', 'Tax details', 'Finance reports']);
    expect(within(navigation).getByRole('link', { name: 'Finance reports' })).toHaveAttribute('aria-current', 'page');
    view.unmount();

    const api = reportsApi('agent', () => jsonResponse(200, paginated([READY])));
    const agent = renderApp('/finance-reports');
    const agentNavigation = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(agentNavigation).getByRole('link', { name: 'My earnings' })).toBeInTheDocument();
    expect(within(agentNavigation).queryByRole('link', { name: 'Finance reports' })).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Not available for your role' })).toBeInTheDocument();
    expect(agent.location().pathname).toBe('/finance-reports');
    expect(api.calls('GET', '/api/finance-reports')).toHaveLength(0);
  });

  it('reads in Arabic: the period in Arabic, every text translated', async () => {
    await changeLocale('ar');
    reportsApi('owner', () => jsonResponse(200, paginated([READY])));
    renderApp('/finance-reports');
    expect(await screen.findByRole('heading', { level: 1, name: 'التقارير المالية' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: /تقاريرك المالية/ });
    const october = new Intl.DateTimeFormat('ar', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(2026, 9, 1));
    expect(await within(table).findByText(october)).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });
});
