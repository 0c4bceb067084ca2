import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PartnerTierView } from '@portal/contracts/partner-tiers';
import { affiliatesGroup, makeUser } from '../../../../test/fixtures';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderApp } from '../../../../test/render-app';
import { startEachTestSignedOut } from '../../../../test/session';
import { useAuthStore } from '../../../stores/auth-store';

startEachTestSignedOut();

const SILVER = { id: 1, slug: 'silver', name: 'Silver', name_ar: 'فضي', rank: 1, benefits: 'The standard rate card', benefits_ar: 'جدول الأسعار القياسي', evaluation_period: 'quarter' as const, criteria: [] };
const GOLD = {
  id: 2,
  slug: 'gold',
  name: 'Gold',
  name_ar: 'ذهبي',
  rank: 2,
  benefits: 'Gold rates\nA named partner manager',
  benefits_ar: 'أسعار المستوى الذهبي\nمدير شراكة مخصص',
  evaluation_period: 'quarter' as const,
  criteria: [{ kind: 'completed_bookings' as const, threshold_count: 120, threshold_minor: null, currency: null, certificate_programme: null }],
};
const PLATINUM = {
  id: 3,
  slug: 'platinum',
  name: 'Platinum',
  name_ar: 'بلاتيني',
  rank: 3,
  benefits: 'Platinum rates\nCo-branded patient guides',
  benefits_ar: 'أسعار المستوى البلاتيني\nأدلة مرضى تحمل علامتين تجاريتين',
  evaluation_period: 'quarter' as const,
  criteria: [
    { kind: 'completed_bookings' as const, threshold_count: 300, threshold_minor: null, currency: null, certificate_programme: null },
    { kind: 'completed_value' as const, threshold_count: null, threshold_minor: 30_000_000, currency: 'USD', certificate_programme: null },
  ],
};
const ref = (tier: { id: number; name: string; name_ar: string }) => ({ id: tier.id, name: tier.name, name_ar: tier.name_ar });

const VIEW: PartnerTierView = {
  tiers: [SILVER, GOLD, PLATINUM],
  current: ref(GOLD),
  since: '2025-05-12T02:20:00.000Z',
  frozen: false,
  demotion: null,
  next: ref(PLATINUM),
  period: { kind: 'quarter', starts_on: '2026-10-01', ends_on: '2026-12-31', days_left: 35 },
  progress: [
    { ...PLATINUM.criteria[0]!, achieved: 223, target: 300, met: false },
    { ...PLATINUM.criteria[1]!, achieved: 31_250_000, target: 30_000_000, met: true },
  ],
  exchange_rates_as_of: '2026-11-01',
  unconverted_bookings: 0,
  history: [
    { id: 2, kind: 'promotion', automatic: true, from: ref(SILVER), to: ref(GOLD), reason: null, effective_at: '2025-05-12T02:20:00.000Z', created_at: '2025-05-12T02:20:00.000Z' },
    { id: 1, kind: 'initial', automatic: true, from: null, to: ref(SILVER), reason: null, effective_at: '2024-01-01T02:20:00.000Z', created_at: '2024-01-01T02:20:00.000Z' },
  ],
};

const COMPARISON = {
  changes: [
    {
      key: '9:7',
      scope: { facility: null, service: null, specialty: null, tier: { name: 'Platinum', name_ar: 'بلاتيني' } },
      now: { kind: 'percentage' as const, basis_points: 1000, amount_minor: null, currency: 'AED' },
      then: { kind: 'percentage' as const, basis_points: 1200, amount_minor: null, currency: 'AED' },
      rates: 42,
    },
  ],
};

function signIn(profile = {}) {
  const user = makeUser({}, profile);
  useAuthStore.getState().setUser(user);
  return user;
}

describe('partner tiers page', () => {
  it('shows the tier, its benefits, a labelled progress bar per criterion with the days left, what Platinum changes, and the history', async () => {
    const user = signIn();
    const api = mockFetch({
      'GET /api/user': () => jsonResponse(200, user),
      'GET /api/partner-tiers': () => jsonResponse(200, VIEW),
      'GET /api/commission-structure/tier-comparison': () => jsonResponse(200, COMPARISON),
    });
    renderApp('/partner-tiers');

    expect(await screen.findByRole('heading', { level: 1, name: 'Partner tiers' })).toBeInTheDocument();
    const current = await screen.findByRole('region', { name: 'Your tier' });
    expect(within(current).getByRole('heading', { name: 'Gold' })).toBeInTheDocument();
    expect(within(current).getByText('Since 12 May 2025')).toBeInTheDocument();
    expect(within(current).getByText('A named partner manager')).toBeInTheDocument();

    const progress = screen.getByRole('region', { name: 'Progress to Platinum' });
    expect(within(progress).getByText('35 days left in this quarter (until 31 Dec 2026)')).toBeInTheDocument();
    expect(within(progress).getByRole('progressbar', { name: 'Completed treatments: 74 % of the target' })).toHaveAttribute('aria-valuenow', '74');
    expect(within(progress).getByText('223 of 300')).toBeInTheDocument();
    expect(within(progress).getByText('77 to go')).toBeInTheDocument();
    expect(within(progress).getByRole('progressbar', { name: 'Completed treatment value: 100 % of the target' })).toBeInTheDocument();
    expect(within(progress).getByText('Met')).toBeInTheDocument();
    expect(within(progress).getByText(/exchange rates of 1 Nov 2026/)).toBeInTheDocument();

    const next = screen.getByRole('region', { name: 'What Platinum changes' });
    expect(await within(next).findByText('10 % → 12 %')).toBeInTheDocument();
    expect(within(next).getByText('All services · all facilities · Platinum')).toBeInTheDocument();
    expect(within(next).getByText('42 of your rates')).toBeInTheDocument();
    expect(within(next).getByText('Co-branded patient guides')).toBeInTheDocument();
    expect(api.calls('GET', '/api/commission-structure/tier-comparison')[0]!.query.get('tier_id')).toBe('3');

    const ladder = screen.getByRole('region', { name: 'The tiers' });
    expect(within(ladder).getByText('300 completed treatments')).toBeInTheDocument();
    expect(within(ladder).getByText(/^USD.300,000\.00 of completed treatments$/)).toBeInTheDocument();

    const history = screen.getByRole('table', { name: 'Your tier history' });
    const rows = within(history).getAllByRole('row');
    expect(within(rows[1]!).getByText('Moved up from Silver to Gold')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Automatic')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Started at Silver')).toBeInTheDocument();
  });

  it('warns of a demotion notice and a held tier, and asks an affiliate for no rates', async () => {
    const user = signIn({ referral_agent: { id: 3, name: 'Bright Path Affiliates', logo: null, referral_group: affiliatesGroup } });
    const api = mockFetch({
      'GET /api/user': () => jsonResponse(200, user),
      'GET /api/partner-tiers': () =>
        jsonResponse(200, { ...VIEW, frozen: true, demotion: { to: ref(SILVER), noticed_at: '2026-10-01T02:20:00.000Z', effective_at: '2027-01-01T00:00:00.000Z' } }),
    });
    renderApp('/partner-tiers');
    expect(await screen.findByText('Your tier may change to Silver on 1 Jan 2027')).toBeInTheDocument();
    expect(screen.getByText(/Meet them again before 1 Jan 2027 and you keep Gold/)).toBeInTheDocument();
    expect(screen.getByText('Your tier is held')).toBeInTheDocument();
    const next = screen.getByRole('region', { name: 'What Platinum changes' });
    expect(within(next).getByText('Co-branded patient guides')).toBeInTheDocument();
    expect(within(next).queryByText(/→/)).not.toBeInTheDocument();
    expect(api.calls('GET', '/api/commission-structure/tier-comparison')).toHaveLength(0);
  });

  it('says why the page is empty, and offers to try again after a failed load', async () => {
    const user = signIn();
    let fail = true;
    mockFetch({
      'GET /api/user': () => jsonResponse(200, user),
      'GET /api/partner-tiers': () => (fail ? jsonResponse(500, { message: 'Server Error' }) : jsonResponse(200, { ...VIEW, tiers: [], current: null, next: null, period: null, progress: [], history: [] })),
    });
    renderApp('/partner-tiers');
    const alert = await screen.findByRole('alert', { name: 'Your tier could not be loaded' }, { timeout: 15_000 });
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('The partner programme has no tiers yet.')).toBeInTheDocument();
  });
});
