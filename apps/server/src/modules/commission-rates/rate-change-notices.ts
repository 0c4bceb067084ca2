import type { UpcomingRateChange } from '@portal/contracts/commission-rates';
import { rateText } from '@portal/contracts/commission-rates';
import type { Locale } from '@portal/contracts/preferences';
import { RATES_CHANGED_NOTIFICATION } from '@portal/contracts/profile';
import { AFFILIATES_GROUP } from '@portal/contracts/constants';
import type { Queryable } from '../../db/queryable.ts';
import { dayText } from '../../lib/locale.ts';
import { defineNotice, type NoticeValue, type NotificationService } from '../notifications/public.ts';
import type { CommissionRates } from './public.ts';

/**
 * Telling partners their rates change (issue 15): after an operator adds or ends a row of the card, a job compares
 * each agent's rates on the day before the change and on its day, and notifies the agent's members of what differs
 * (in the portal and by e-mail, as their preferences allow), naming the rate, the old and new values and the day.
 * Affiliates hear nothing: no rate reaches them (spec §2).
 */
export const ANNOUNCE_RATE_CHANGE_JOB = 'commission-rates.announce-change';
export interface AnnounceRateChangeData {
  /** YYYY-MM-DD: the first day the change applies */
  day: string;
}

const WORDS = {
  en: {
    title: (date: string) => `Your commission rates change on ${date}`,
    allServices: 'all services',
    allFacilities: 'all facilities',
    none: 'no commission',
    more: (count: number) => `and ${count} more`,
  },
  ar: {
    title: (date: string) => `تتغير أسعار عمولاتك في ${date}`,
    allServices: 'كل الخدمات',
    allFacilities: 'كل المنشآت',
    none: 'بلا عمولة',
    more: (count: number) => `و${count} تغييرات أخرى`,
  },
} as const satisfies Record<Locale, unknown>;

function scopeWords(change: NoticeChange, locale: Locale): string {
  const words = WORDS[locale];
  const what = change.scope.service ?? change.scope.specialty;
  const parts = change.scope.facility ? [change.scope.facility, what ?? words.allServices] : [what ?? words.allServices, words.allFacilities];
  if (change.scope.tier) parts.push(locale === 'ar' ? change.scope.tier.name_ar : change.scope.tier.name);
  return parts.join(' · ');
}

/** How many changes a notification names; the rest are counted. */
const SHOWN_CHANGES = 3;

/** What a notification keeps of a change: what it is for, and the rates before and after. */
type NoticeChange = Pick<UpcomingRateChange, 'scope' | 'from' | 'to'>;

/** 'Dentistry · all facilities: 10 % → 11 %; St Aldhelm Private Hospital · all services: 7.5 % → 8.5 %'. */
function changeSummary(changes: readonly NoticeChange[], total: number, locale: Locale): string {
  const words = WORDS[locale];
  const rate = (value: UpcomingRateChange['from']) => (value ? rateText(value) : words.none);
  const lines = changes.map((change) => `${scopeWords(change, locale)}: ${rate(change.from)} → ${rate(change.to)}`);
  if (total > changes.length) lines.push(words.more(total - changes.length));
  return lines.join('; ');
}

/** What members read: the day and the changes (each worded at every read in the reader's language). */
const RATES_CHANGE_NOTICE = defineNotice<{ day: string; changes: NoticeValue[]; total: number }>('commission-rates.changed', {
  en: (values) => ({ title: WORDS.en.title(dayText(values.day, 'en')), body: changeSummary(values.changes as unknown as NoticeChange[], values.total, 'en') }),
  ar: (values) => ({ title: WORDS.ar.title(dayText(values.day, 'ar')), body: changeSummary(values.changes as unknown as NoticeChange[], values.total, 'ar') }),
}, { day: '2026-12-01', changes: [{ scope: { facility: null, specialty: 'Dentistry', service: null, tier: null }, from: { kind: 'percentage', basis_points: 1000 }, to: { kind: 'percentage', basis_points: 1100 } }] as unknown as NoticeValue[], total: 4 });

/** '15 Dec 2026' (the portal's English date format), or the Arabic of it: a calendar day, the same in every zone. */
function dayBefore(day: string): Date {
  return new Date(Date.parse(`${day}T12:00:00Z`) - 86_400_000);
}

/** Notifies every agent whose rates differ on `day` from the day before; answers how many agents were told. */
export async function announceRateChange(
  db: Queryable,
  deps: { rates: CommissionRates; notifications: Pick<NotificationService, 'notify'> },
  day: string,
): Promise<number> {
  const { rows: agents } = await db.query<{ id: number }>(
    `SELECT DISTINCT a.id FROM referral_agents a
       JOIN referral_groups g ON g.id = a.referral_group_id
       JOIN partner_profiles p ON p.referral_agent_id = a.id
       JOIN users u ON u.id = p.user_id AND u.status = 'approved'
      WHERE g.slug <> $1
      ORDER BY a.id`,
    [AFFILIATES_GROUP],
  );
  let told = 0;
  for (const agent of agents) {
    const changes = (await deps.rates.upcomingChanges(db, { referralAgentId: agent.id, on: dayBefore(day), horizonDays: 1 })).filter((change) => change.effective_on === day);
    if (changes.length === 0) continue;
    told += 1;
    await deps.notifications.notify({ referralAgentId: agent.id }, {
      type: RATES_CHANGED_NOTIFICATION,
      notice: RATES_CHANGE_NOTICE,
      values: { day, changes: changes.slice(0, SHOWN_CHANGES).map(({ scope, from, to }) => ({ scope, from, to })) as unknown as NoticeValue[], total: changes.length },
      link: '/commission-structure',
      data: { day, changes: changes.length },
    });
  }
  return told;
}
