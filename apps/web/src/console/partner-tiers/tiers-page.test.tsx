import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConsoleAgentTierRow, ConsoleTier } from '@portal/contracts/console-partner-tiers';
import type { OperatorRole } from '@portal/contracts/operator-permissions';
import { clearCookies, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { consoleCsrfCookie, operatorOf, pageOf, setUpConsoleCsrf } from '../console-test-helpers';
import { consoleRoutes } from '../console-routes';

beforeEach(() => {
  clearCookies();
  setUpConsoleCsrf();
});

const TIERS: ConsoleTier[] = [
  { id: 1, slug: 'silver', name: 'Silver', name_ar: 'فضي', rank: 1, benefits: 'The standard rate card', benefits_ar: 'جدول الأسعار القياسي', evaluation_period: 'quarter', criteria: [], agents: 3 },
  {
    id: 2,
    slug: 'gold',
    name: 'Gold',
    name_ar: 'ذهبي',
    rank: 2,
    benefits: 'A named partner manager',
    benefits_ar: 'مدير شراكة مخصص',
    evaluation_period: 'quarter',
    criteria: [
      { kind: 'completed_bookings', threshold_count: 120, threshold_minor: null, currency: null, certificate_programme: null },
      { kind: 'completed_value', threshold_count: null, threshold_minor: 10_000_000, currency: 'USD', certificate_programme: null },
    ],
    agents: 1,
  },
];
const AGENTS: ConsoleAgentTierRow[] = [
  { id: 11, name: 'Harbor Health Partners', group: 'Partners', tier: { id: 2, name: 'Gold', name_ar: 'ذهبي' }, since: '2025-05-12T02:20:00.000Z', frozen: false, frozen_reason: null, demotion: null, evaluated_at: '2026-11-27T02:20:00.000Z' },
  {
    id: 12,
    name: 'Northwind Care Network',
    group: 'Partners',
    tier: { id: 1, name: 'Silver', name_ar: 'فضي' },
    since: '2026-07-01T00:00:00.000Z',
    frozen: true,
    frozen_reason: 'Contract renegotiation',
    demotion: null,
    evaluated_at: '2026-11-27T02:20:00.000Z',
  },
];

function api(role: OperatorRole, extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/console/csrf-cookie': consoleCsrfCookie,
    'GET /api/console/me': () => jsonResponse(200, { operator: operatorOf(role) }),
    'GET /api/console/partner-tiers': () => jsonResponse(200, { tiers: TIERS }),
    'GET /api/console/agent-tiers': () => jsonResponse(200, pageOf(AGENTS)),
    ...extra,
  });
}

describe('partner tiers (console)', () => {
  it('shows each tier with its criteria and agents, and edits one: a value in minor units, an error brought back to its field', async () => {
    let attempt = 0;
    const calls = api('finance', {
      'PUT /api/console/partner-tiers/2': () => {
        attempt += 1;
        return attempt === 1
          ? jsonResponse(422, { message: 'The value has more decimals than its currency has.', errors: { 'criteria.1.threshold_amount': ['The value has more decimals than its currency has.'] } })
          : jsonResponse(200, TIERS[1]);
      },
    });
    renderApp('/partner-tiers', { routes: consoleRoutes });
    const gold = await screen.findByRole('article', { name: 'Gold' });
    expect(within(gold).getByText('120 completed treatments')).toBeInTheDocument();
    expect(within(gold).getByText(/^USD.100,000\.00 of completed treatments$/)).toBeInTheDocument();
    expect(within(gold).getByText('One agent')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Silver' })).getByText('Entry tier: every partner starts here.')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(gold).getByRole('button', { name: 'Edit Gold' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Gold' });
    expect(within(dialog).getByRole('textbox', { name: 'Value' })).toHaveValue('100000.00');
    await user.clear(within(dialog).getByRole('textbox', { name: 'How many' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'How many' }), '150');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The value has more decimals than its currency has.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Value' })).toHaveAttribute('aria-invalid', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.calls('PUT', '/api/console/partner-tiers/2')).toHaveLength(2));
    expect(calls.calls('PUT', '/api/console/partner-tiers/2')[1]!.body).toEqual({
      name: 'Gold',
      name_ar: 'ذهبي',
      benefits: 'A named partner manager',
      benefits_ar: 'مدير شراكة مخصص',
      evaluation_period: 'quarter',
      criteria: [
        { kind: 'completed_bookings', threshold_count: 150, threshold_amount: null, currency: null, certificate_programme: null },
        { kind: 'completed_value', threshold_count: null, threshold_amount: '100000.00', currency: 'USD', certificate_programme: null },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Gold' })).not.toBeInTheDocument());
  });

  it("changes an agent's tier with a reason, checked before it is sent, and unfreezes a frozen one", async () => {
    const calls = api('admin', {
      'POST /api/console/agent-tiers/11/tier': () => jsonResponse(200, { ...AGENTS[0], tier: { id: 1, name: 'Silver', name_ar: 'فضي' } }),
      'POST /api/console/agent-tiers/12/freeze': () => jsonResponse(200, { ...AGENTS[1], frozen: false, frozen_reason: null }),
    });
    renderApp('/partner-tiers', { routes: consoleRoutes });
    const table = await screen.findByRole('table', { name: /Agents’ tiers/ });
    const northwind = (await within(table).findByText('Northwind Care Network')).closest('tr')!;
    expect(within(northwind).getByText('Frozen')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: 'Change tier of Harbor Health Partners' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the tier of Harbor Health Partners' });
    await user.click(within(dialog).getByRole('button', { name: 'Change tier' }));
    expect(await within(dialog).findByText('The reason field is required.')).toBeInTheDocument();
    expect(calls.calls('POST', '/api/console/agent-tiers/11/tier')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Volumes fell after the clinic closed');
    await user.click(within(dialog).getByRole('button', { name: 'Change tier' }));
    await waitFor(() => expect(calls.calls('POST', '/api/console/agent-tiers/11/tier')).toHaveLength(1));
    expect(calls.calls('POST', '/api/console/agent-tiers/11/tier')[0]!.body).toEqual({ tier_id: 1, reason: 'Volumes fell after the clinic closed' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change the tier of Harbor Health Partners' })).not.toBeInTheDocument());

    await user.click(within(table).getByRole('button', { name: 'Unfreeze the tier of Northwind Care Network' }));
    const unfreeze = await screen.findByRole('dialog', { name: 'Unfreeze the tier of Northwind Care Network' });
    await user.type(within(unfreeze).getByRole('textbox', { name: /^Reason/ }), 'Renegotiation signed');
    await user.click(within(unfreeze).getByRole('button', { name: 'Unfreeze' }));
    await waitFor(() => expect(calls.calls('POST', '/api/console/agent-tiers/12/freeze')).toHaveLength(1));
    expect(calls.calls('POST', '/api/console/agent-tiers/12/freeze')[0]!.body).toEqual({ frozen: false, reason: 'Renegotiation signed' });
  });

  it('shows support the tiers and agents without a way to change them', async () => {
    api('support');
    renderApp('/partner-tiers', { routes: consoleRoutes });
    const table = await screen.findByRole('table', { name: /Agents’ tiers/ });
    await within(table).findByText('Harbor Health Partners');
    expect(screen.queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a tier' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /Change tier of/ })).not.toBeInTheDocument();
  });
});
