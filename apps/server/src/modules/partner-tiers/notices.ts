import type { Locale } from '@portal/contracts/preferences';
import { TIER_CHANGED_NOTIFICATION } from '@portal/contracts/partner-tiers';
import { dayText } from '../../lib/locale.ts';
import { defineNotice, type NotificationService } from '../notifications/public.ts';
import type { TierEvent } from './service.ts';

/**
 * What an agent's members read when its tier changes (issue 15): in the portal and by e-mail (the 'tier.changed'
 * preference, on by default), each in their own language, with a link to /partner-tiers.
 */
type TierNames = { name: string; name_ar: string };

/** The event as the words read it. */
interface WordedEvent {
  from: TierNames | null;
  to: TierNames;
  effectiveAt: Date;
  reason: string | null;
}

/** The last day a tier applies when its demotion takes effect at `at` (midnight UTC of the next period's first day). */
function lastDay(at: Date): Date {
  return new Date(at.getTime() - 1);
}

const WORDS = {
  en: {
    initial: (event: WordedEvent) => ({ title: `Your partner tier is ${event.to.name}`, body: 'Your tier decides your commission rates. See what the next tier takes.' }),
    promotion: (event: WordedEvent) => ({ title: `You are now ${event.to.name}`, body: `Your organisation met the ${event.to.name} criteria: its rates apply to bookings created from today.` }),
    demotion_notice: (event: WordedEvent) => ({
      title: `Your tier may change to ${event.to.name} on ${dayText(event.effectiveAt, 'en')}`,
      body: `The last period's results were below the ${event.from?.name ?? ''} criteria. Meet them in this period and you keep ${event.from?.name ?? ''}; otherwise ${event.to.name} applies from ${dayText(event.effectiveAt, 'en')} (${event.from?.name ?? ''} until ${dayText(lastDay(event.effectiveAt), 'en')}).`,
    }),
    notice_withdrawn: (event: WordedEvent) => ({ title: `You keep ${event.to.name}`, body: `Your organisation met the ${event.to.name} criteria again: the announced change is cancelled.` }),
    demotion: (event: WordedEvent) => ({ title: `Your partner tier is now ${event.to.name}`, body: `The ${event.from?.name ?? ''} criteria were not met after the notice period. ${event.to.name} rates apply to bookings created from today.` }),
    manual: (event: WordedEvent) => ({ title: `Your partner tier is now ${event.to.name}`, body: `Set by the partner programme team: ${event.reason ?? ''}` }),
    freeze: (event: WordedEvent) => ({ title: `Your ${event.to.name} tier is held`, body: `The partner programme team holds your tier while: ${event.reason ?? ''}` }),
    unfreeze: (event: WordedEvent) => ({ title: `Your ${event.to.name} tier is evaluated again`, body: `Your tier follows the criteria again from today. ${event.reason ?? ''}` }),
  },
  ar: {
    initial: (event: WordedEvent) => ({ title: `مستوى شراكتك هو ${event.to.name_ar}`, body: 'يحدد مستواك أسعار عمولاتك. اطّلع على ما يتطلبه المستوى التالي.' }),
    promotion: (event: WordedEvent) => ({ title: `أصبحت الآن في مستوى ${event.to.name_ar}`, body: `استوفت مؤسستك معايير مستوى ${event.to.name_ar}: تسري أسعاره على الحجوزات المُنشأة من اليوم.` }),
    demotion_notice: (event: WordedEvent) => ({
      title: `قد يتغير مستواك إلى ${event.to.name_ar} في ${dayText(event.effectiveAt, 'ar')}`,
      body: `جاءت نتائج الفترة الماضية دون معايير مستوى ${event.from?.name_ar ?? ''}. استوفِها في هذه الفترة لتحتفظ به؛ وإلا يسري مستوى ${event.to.name_ar} من ${dayText(event.effectiveAt, 'ar')}.`,
    }),
    notice_withdrawn: (event: WordedEvent) => ({ title: `تحتفظ بمستوى ${event.to.name_ar}`, body: `استوفت مؤسستك معايير مستوى ${event.to.name_ar} مجددًا: أُلغي التغيير المُعلن.` }),
    demotion: (event: WordedEvent) => ({ title: `أصبح مستوى شراكتك ${event.to.name_ar}`, body: `لم تُستوفَ معايير مستوى ${event.from?.name_ar ?? ''} بعد فترة الإشعار. تسري أسعار مستوى ${event.to.name_ar} على الحجوزات المُنشأة من اليوم.` }),
    manual: (event: WordedEvent) => ({ title: `أصبح مستوى شراكتك ${event.to.name_ar}`, body: `حدده فريق برنامج الشركاء: ${event.reason ?? ''}` }),
    freeze: (event: WordedEvent) => ({ title: `مستوى ${event.to.name_ar} الخاص بك مثبّت`, body: `يثبّت فريق برنامج الشركاء مستواك بسبب: ${event.reason ?? ''}` }),
    unfreeze: (event: WordedEvent) => ({ title: `يُقيَّم مستوى ${event.to.name_ar} الخاص بك مجددًا`, body: `يتبع مستواك المعايير مجددًا من اليوم. ${event.reason ?? ''}` }),
  },
} as const satisfies Record<Locale, Record<TierEvent['kind'], (event: WordedEvent) => { title: string; body: string }>>;

/** What a tier notice keeps of the event: the tiers' names in both languages, the day and the reason. */
type TierNoticeValues = {
  kind: TierEvent['kind'];
  from: TierNames | null;
  to: TierNames;
  effectiveAt: string;
  reason: string | null;
};

const TIER_NOTICE = defineNotice<TierNoticeValues>('partner-tiers.changed', {
  en: (values) => WORDS.en[values.kind](wordedEvent(values)),
  ar: (values) => WORDS.ar[values.kind](wordedEvent(values)),
}, { kind: 'demotion_notice', from: { name: 'Gold', name_ar: 'ذهبي' }, to: { name: 'Silver', name_ar: 'فضي' }, effectiveAt: '2027-01-01T00:00:00.000Z', reason: null });

function wordedEvent(values: TierNoticeValues): WordedEvent {
  return { ...values, effectiveAt: new Date(values.effectiveAt) };
}

function names(tier: TierEvent['to']): TierNames {
  return { name: tier.name, name_ar: tier.name_ar };
}

/** The service's `announce`: every approved member of the agent hears of it (preferences permitting). */
export function announceTierChange(notifications: Pick<NotificationService, 'notify'>): (event: TierEvent) => Promise<void> {
  return async (event) => {
    await notifications.notify({ referralAgentId: event.referralAgentId }, {
      type: TIER_CHANGED_NOTIFICATION,
      notice: TIER_NOTICE,
      values: { kind: event.kind, from: event.from ? names(event.from) : null, to: names(event.to), effectiveAt: event.effectiveAt.toISOString(), reason: event.reason },
      link: '/partner-tiers',
      data: { kind: event.kind, tier_id: event.to.id, effective_at: event.effectiveAt.toISOString() },
    });
  };
}
