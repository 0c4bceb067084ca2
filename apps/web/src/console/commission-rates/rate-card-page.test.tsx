import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConsoleRateOptions, ConsoleRateRow } from '@portal/contracts/console-commission-rates';
import type { OperatorRole } from '@portal/contracts/operator-permissions';
import { clearCookies, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { consoleCsrfCookie, operatorOf, pageOf, setUpConsoleCsrf } from '../console-test-helpers';
import { consoleRoutes } from '../console-routes';

beforeEach(() => {
  clearCookies();
  setUpConsoleCsrf();
});

const BASE = { base_description: 'The treatment price', base_description_ar: 'سعر العلاج', refund_window_days: 30, agent: null, contract: null, tier: null, specialty: null, service: null, facility: null, valid_to: null };
const ROWS: ConsoleRateRow[] = [
  { ...BASE, id: 1, kind: 'percentage', basis_points: 800, amount_minor: null, currency: null, valid_from: '2026-01-01', status: 'current' },
  {
    ...BASE,
    id: 2,
    kind: 'flat',
    basis_points: null,
    amount_minor: 55_000,
    currency: 'AED',
    facility: { id: 3, name: 'Pearl Dental Studio', currency: 'AED' },
    service: { id: 7, name: 'Dental Implant' },
    refund_window_days: 14,
    valid_from: '2026-01-01',
    status: 'current',
  },
  { ...BASE, id: 3, kind: 'percentage', basis_points: 1100, amount_minor: null, currency: null, specialty: { id: 2, name: 'Dentistry' }, valid_from: '2026-12-15', status: 'upcoming' },
];
const OPTIONS: ConsoleRateOptions = {
  facilities: [{ id: 3, name: 'Pearl Dental Studio', currency: 'AED' }],
  specialties: [{ id: 2, name: 'Dentistry' }],
  services: [{ id: 7, name: 'Dental Implant', specialty_id: 2 }],
  tiers: [{ id: 1, name: 'Gold' }],
  contracts: [{ id: 12, title: 'Individual contract', version: 1, status: 'published', agent: { id: 5, name: 'Northwind Care Network' } }],
};

function api(role: OperatorRole, extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/console/csrf-cookie': consoleCsrfCookie,
    'GET /api/console/me': () => jsonResponse(200, { operator: operatorOf(role) }),
    'GET /api/console/commission-rates': () => jsonResponse(200, pageOf(ROWS)),
    'GET /api/console/commission-rates/options': () => jsonResponse(200, OPTIONS),
    ...extra,
  });
}

describe('rate card (console)', () => {
  it('lists the rows in words, and lets finance add a flat rate in the facility’s currency', async () => {
    const calls = api('finance', {
      'POST /api/console/commission-rates': (request) => jsonResponse(201, { ...ROWS[1], id: 9, ...(request.body as object) }),
    });
    renderApp('/rate-card', { routes: consoleRoutes });
    const table = await screen.findByRole('table', { name: /Rate card/ });
    const flat = (await within(table).findByText('Pearl Dental Studio · Dental Implant')).closest('tr')!;
    expect(within(flat).getByText('AED 550.00 per treatment')).toBeInTheDocument();
    expect(within(flat).getByText('14 days')).toBeInTheDocument();
    const upcoming = within(table).getByText('Dentistry · all facilities').closest('tr')!;
    expect(within(upcoming).getByText('Upcoming')).toBeInTheDocument();
    expect(within(upcoming).getByText('From 15 Dec 2026')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New rate' }));
    const dialog = await screen.findByRole('dialog', { name: 'New rate' });
    await user.click(within(dialog).getByRole('radio', { name: 'Flat amount' }));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Facility' }), 'Pearl Dental Studio');
    expect(within(dialog).getAllByText('The facility bills in AED.').length).toBeGreaterThan(0);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Service' }), 'Dental Implant');
    await user.type(within(dialog).getByRole('textbox', { name: /^Amount/ }), '600');
    await user.clear(within(dialog).getByLabelText(/^Valid from/));
    await user.type(within(dialog).getByLabelText(/^Valid from/), '2027-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Add rate' }));
    await waitFor(() => expect(calls.calls('POST', '/api/console/commission-rates')).toHaveLength(1));
    expect(calls.calls('POST', '/api/console/commission-rates')[0]!.body).toMatchObject({
      kind: 'flat',
      facility_id: 3,
      service_id: 7,
      specialty_id: null,
      amount: '600',
      currency: null,
      basis_points: null,
      refund_window_days: 30,
      valid_from: '2027-01-01',
      valid_to: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New rate' })).not.toBeInTheDocument());
  });

  it('checks a percentage before sending, and shows the server’s overlap message beside its field', async () => {
    const calls = api('admin', {
      'POST /api/console/commission-rates': () =>
        jsonResponse(422, { message: 'Another rate …', errors: { valid_from: ['Another rate for the same facility, service and tier applies from 2026-01-01 to open-ended: end it first, or start this one later.'] } }),
    });
    renderApp('/rate-card', { routes: consoleRoutes });
    await screen.findByRole('table', { name: /Rate card/ });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New rate' }));
    const dialog = await screen.findByRole('dialog', { name: 'New rate' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Rate \(%\)/ }), '8.555');
    await user.click(within(dialog).getByRole('button', { name: 'Add rate' }));
    expect(await within(dialog).findByText('The rate must have at most two decimals.')).toBeInTheDocument();
    expect(calls.calls('POST', '/api/console/commission-rates')).toHaveLength(0);
    await user.clear(within(dialog).getByRole('textbox', { name: /^Rate \(%\)/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Rate \(%\)/ }), '8.5');
    await user.click(within(dialog).getByRole('button', { name: 'Add rate' }));
    expect(await within(dialog).findByText(/^Another rate for the same facility/)).toBeInTheDocument();
    expect(calls.calls('POST', '/api/console/commission-rates')[0]!.body).toMatchObject({ kind: 'percentage', basis_points: 850 });
  });

  it('ends a rate on a day, and shows support the card without the actions', async () => {
    const calls = api('admin', {
      'POST /api/console/commission-rates/1/end': () => jsonResponse(200, { ...ROWS[0], valid_to: '2026-12-15', status: 'current' }),
    });
    const view = renderApp('/rate-card', { routes: consoleRoutes });
    const table = await screen.findByRole('table', { name: /Rate card/ });
    const user = userEvent.setup();
    await user.click(await within(table).findByRole('button', { name: 'End the rate for all services · all facilities' }));
    const dialog = await screen.findByRole('dialog', { name: 'End this rate' });
    await user.type(within(dialog).getByLabelText(/^Ends on/), '2026-12-15');
    await user.click(within(dialog).getByRole('button', { name: 'End rate' }));
    await waitFor(() => expect(calls.calls('POST', '/api/console/commission-rates/1/end')[0]?.body).toEqual({ valid_to: '2026-12-15' }));
    view.unmount();

    api('support');
    renderApp('/rate-card', { routes: consoleRoutes });
    const readOnly = await screen.findByRole('table', { name: /Rate card/ });
    await within(readOnly).findByText('Pearl Dental Studio · Dental Implant');
    expect(screen.queryByRole('button', { name: 'New rate' })).not.toBeInTheDocument();
    expect(within(readOnly).queryByRole('button', { name: /^End the rate/ })).not.toBeInTheDocument();
  });

  it('imports a file: a preview of each row first (the refused ones say why), then all the rates at once', async () => {
    const row = { line: 2, facility: 'Pearl Dental Studio', service: null, specialty: null, tier: null, contract: null, kind: 'percentage' as const, basis_points: 950, amount_minor: null, currency: 'AED', refund_window_days: 30, valid_from: '2027-01-01', valid_to: null, ends: { id: 1, valid_from: '2027-01-01' }, errors: [] };
    let good = false;
    const calls = api('finance', {
      'POST /api/console/commission-rates/import': (request) => {
        if (request.query.get('apply') === 'true') return jsonResponse(200, { applied: true, valid: 1, invalid: 0, rows: [row] });
        return jsonResponse(200, good ? { applied: false, valid: 1, invalid: 0, rows: [row] } : { applied: false, valid: 1, invalid: 1, rows: [row, { ...row, line: 3, facility: 'Atlantis Hospital', basis_points: null, ends: null, errors: ['No facility is named Atlantis Hospital.'] }] });
      },
    });
    renderApp('/rate-card', { routes: consoleRoutes });
    await screen.findByRole('table', { name: /Rate card/ });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import rates from a file' });
    // Mantine's FileInput is a button over a hidden file input: the file goes to the input.
    const input = () => dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(within(dialog).getByRole('button', { name: /^File/ })).toBeInTheDocument();
    await user.upload(input(), new File(['facility,kind\n'], 'card.csv', { type: 'text/csv' }));
    await waitFor(() => expect(calls.calls('POST', '/api/console/commission-rates/import')).toHaveLength(1));
    const preview = await within(dialog).findByRole('table', { name: 'The rows of the file and what each does' });
    expect(within(preview).getByText('No facility is named Atlantis Hospital.')).toBeInTheDocument();
    expect(within(preview).getByText('Ends rate #1 on 1 Jan 2027')).toBeInTheDocument();
    expect(within(dialog).getByText('1 rate ready, 1 refused')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add 1 rate' })).toBeDisabled();

    good = true;
    await user.upload(input(), new File(['facility,kind\n'], 'card-fixed.csv', { type: 'text/csv' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Add 1 rate' })).toBeEnabled());
    await user.click(within(dialog).getByRole('button', { name: 'Add 1 rate' }));
    await waitFor(() => expect(calls.calls('POST', '/api/console/commission-rates/import').at(-1)!.query.get('apply')).toBe('true'));
    expect(calls.calls('POST', '/api/console/commission-rates/import').at(-1)!.query.get('filename')).toBe('card-fixed.csv');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Import rates from a file' })).not.toBeInTheDocument());
  });

  it("adds a negotiated rate to the individual contract the agreements page linked to, with no tier", async () => {
    const NEGOTIATED: ConsoleRateRow = { ...ROWS[0]!, id: 20, basis_points: 1250, agent: { id: 5, name: 'Northwind Care Network' }, contract: { id: 12, title: 'Individual contract', version: 1 }, specialty: { id: 2, name: 'Dentistry' } };
    const calls = api('admin', {
      'GET /api/console/commission-rates': () => jsonResponse(200, pageOf([NEGOTIATED])),
      'POST /api/console/commission-rates': (request) => jsonResponse(201, { ...NEGOTIATED, id: 21, ...(request.body as object) }),
    });
    renderApp('/rate-card?scope=contracts&contract_id=12', { routes: consoleRoutes });
    const table = await screen.findByRole('table', { name: /Rate card/ });
    expect(await within(table).findByText('Contract of Northwind Care Network')).toBeInTheDocument();
    await waitFor(() => expect(calls.calls('GET', '/api/console/commission-rates')[0]?.query.get('contract_id')).toBe('12'));
    expect(await screen.findByDisplayValue('Northwind Care Network: Individual contract, version 1')).toHaveAccessibleName('Contract');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New rate' }));
    const dialog = await screen.findByRole('dialog', { name: 'New rate' });
    expect(within(dialog).getByRole('combobox', { name: /^For/ })).toHaveValue('12');
    expect(within(dialog).getByText(/applies to this agent only/)).toBeInTheDocument();
    // A contract's rate applies whatever the partner's tier: the form does not ask.
    expect(within(dialog).queryByRole('combobox', { name: 'Tier' })).not.toBeInTheDocument();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Specialty' }), 'Dentistry');
    await user.type(within(dialog).getByRole('textbox', { name: /^Rate \(%\)/ }), '13');
    await user.click(within(dialog).getByRole('button', { name: 'Add rate' }));
    await waitFor(() => expect(calls.calls('POST', '/api/console/commission-rates')).toHaveLength(1));
    expect(calls.calls('POST', '/api/console/commission-rates')[0]!.body).toMatchObject({ contract_id: 12, tier_id: null, specialty_id: 2, basis_points: 1300 });

    // Back to the general card: the tier is asked again and the contract is not sent.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New rate' })).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'New rate' }));
    const again = await screen.findByRole('dialog', { name: 'New rate' });
    await user.selectOptions(within(again).getByRole('combobox', { name: /^For/ }), 'The rate card (every partner)');
    expect(within(again).getByRole('combobox', { name: 'Tier' })).toBeInTheDocument();
  });
});
