import type pg from 'pg';
import { periodContaining } from './periods.ts';

/**
 * The demo's tiers (issue 15): Silver, Gold and Platinum, measured each calendar quarter. Harbor Health Partners has
 * been Gold since last year and is close to Platinum (its quarters run at about 250 completed treatments against
 * Platinum's 300); Northwind Care Network reached Gold, missed it the next quarter, was given notice and went back to
 * Silver; every other agent starts at Silver. The thresholds are of the size such programmes set for the volumes the
 * demo bookings have; exchange rates to USD let the value criterion count bookings billed in eight currencies.
 */
const TIERS = [
  {
    slug: 'silver',
    name: 'Silver',
    name_ar: 'فضي',
    benefits: 'The standard rate card\nMonthly payouts\nPartner support by e-mail within one working day',
    benefits_ar: 'جدول الأسعار القياسي\nدفعات شهرية\nدعم الشركاء بالبريد الإلكتروني خلال يوم عمل واحد',
    criteria: [],
  },
  {
    slug: 'gold',
    name: 'Gold',
    name_ar: 'ذهبي',
    benefits: 'Gold rates: 10 % on most treatments instead of 8 %\nA named partner manager\nPriority quotes from facilities within 24 hours',
    benefits_ar: 'أسعار المستوى الذهبي: 10 % على معظم العلاجات بدلًا من 8 %\nمدير شراكة مخصص\nعروض أسعار ذات أولوية من المنشآت خلال 24 ساعة',
    criteria: [
      { kind: 'completed_bookings', threshold_count: 120 },
      { kind: 'completed_value', threshold_minor: 10_000_000, currency: 'USD' },
    ],
  },
  {
    slug: 'platinum',
    name: 'Platinum',
    name_ar: 'بلاتيني',
    benefits: 'Platinum rates: 12 % on most treatments\nA named partner manager and a quarterly business review\nCo-branded patient guides\nA first look at facilities joining the network',
    benefits_ar: 'أسعار المستوى البلاتيني: 12 % على معظم العلاجات\nمدير شراكة مخصص ومراجعة أعمال ربع سنوية\nأدلة مرضى تحمل علامتين تجاريتين\nاطلاع مبكر على المنشآت المنضمة إلى الشبكة',
    criteria: [
      { kind: 'completed_bookings', threshold_count: 300 },
      { kind: 'completed_value', threshold_minor: 30_000_000, currency: 'USD' },
    ],
  },
] as const;

/** USD per unit, as an operator would keep them (monthly). */
const USD_RATES: Record<string, [number, number]> = {
  AED: [0.2723, 0.2723],
  EUR: [1.0712, 1.0846],
  GBP: [1.2618, 1.2705],
  INR: [0.01194, 0.01189],
  MYR: [0.2114, 0.2139],
  SGD: [0.7418, 0.7466],
  THB: [0.02791, 0.02835],
  TRY: [0.02948, 0.02903],
};

const DAY_MS = 86_400_000;

export async function seedDemoTiers(pool: pg.Pool): Promise<void> {
  const ids = new Map<string, number>();
  for (const [index, tier] of TIERS.entries()) {
    const { rows } = await pool.query<{ id: number }>(
      `INSERT INTO partner_tiers (slug, name, name_ar, rank, benefits, benefits_ar, evaluation_period) VALUES ($1, $2, $3, $4, $5, $6, 'quarter') RETURNING id`,
      [tier.slug, tier.name, tier.name_ar, index + 1, tier.benefits, tier.benefits_ar],
    );
    ids.set(tier.slug, rows[0]!.id);
    for (const criterion of tier.criteria) {
      await pool.query('INSERT INTO partner_tier_criteria (tier_id, kind, threshold_count, threshold_minor, currency) VALUES ($1, $2, $3, $4, $5)', [
        rows[0]!.id,
        criterion.kind,
        'threshold_count' in criterion ? criterion.threshold_count : null,
        'threshold_minor' in criterion ? criterion.threshold_minor : null,
        'currency' in criterion ? criterion.currency : null,
      ]);
    }
  }

  const now = new Date();
  const thisMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  for (const [currency, [previous, current]] of Object.entries(USD_RATES)) {
    await pool.query("INSERT INTO exchange_rates (currency, reference, rate, as_of) VALUES ($1, 'USD', $2, $3), ($1, 'USD', $4, $5)", [currency, previous, lastMonth, current, thisMonth]);
  }

  // Quarter starts counted back from this one: quarter(0) is the current quarter's first day.
  const quarter = (back: number) => new Date(Date.UTC(now.getUTCFullYear(), periodContaining(now, 'quarter').start.getUTCMonth() - 3 * back, 1));
  const at = (base: Date, days: number) => new Date(base.getTime() + days * DAY_MS + 2 * 3_600_000 + 20 * 60_000);
  const silver = ids.get('silver')!;
  const gold = ids.get('gold')!;
  const { rows: agents } = await pool.query<{ id: number; name: string; created_at: Date }>('SELECT id, name, created_at FROM referral_agents ORDER BY id');
  for (const agent of agents) {
    type Entry = [kind: string, from: number | null, to: number, effective: Date, created?: Date];
    let history: Entry[];
    let state: { tier: number; since: Date };
    if (agent.name === 'Harbor Health Partners') {
      const promoted = at(quarter(5), 41);
      history = [
        ['initial', null, silver, at(quarter(11), 0)],
        ['promotion', silver, gold, promoted],
      ];
      state = { tier: gold, since: promoted };
    } else if (agent.name === 'Northwind Care Network') {
      const promoted = at(quarter(4), 52);
      const noticed = at(quarter(2), 0);
      const demoted = quarter(1);
      history = [
        ['initial', null, silver, at(quarter(10), 0)],
        ['promotion', silver, gold, promoted],
        ['demotion_notice', gold, silver, demoted, noticed],
        ['demotion', gold, silver, demoted],
      ];
      state = { tier: silver, since: demoted };
    } else {
      const since = agent.created_at < now ? agent.created_at : now;
      history = [['initial', null, silver, since]];
      state = { tier: silver, since };
    }
    await pool.query('INSERT INTO agent_tiers (referral_agent_id, tier_id, since, evaluated_at) VALUES ($1, $2, $3, $4)', [agent.id, state.tier, state.since, now]);
    for (const [kind, from, to, effective, created] of history) {
      await pool.query(
        'INSERT INTO agent_tier_history (referral_agent_id, from_tier_id, to_tier_id, kind, automatic, effective_at, created_at) VALUES ($1, $2, $3, $4, true, $5, $6)',
        [agent.id, from, to, kind, effective, created ?? effective],
      );
    }
  }
}
