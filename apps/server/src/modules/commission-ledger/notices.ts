import { BOOKING_ID_PREFIX } from '@portal/contracts/constants';
import type { Locale } from '@portal/contracts/preferences';
import { day, defineNotice, money, type NoticeDay, type NoticeMoney } from '../notifications/public.ts';

/**
 * What the commission ledger tells partners (commissions earned and approved, adjustments, refunds, reversals), each a
 * notice worded here once in English and Arabic and worded again at every read in the reader's language; amounts carry
 * their currency and the reader's separators ('AED 12,500.00').
 */

/** 'MT-100234', or 'a booking' / 'حجز' for a line without a ticket. */
function ticketOf(ticketId: string | null, locale: Locale): string {
  if (ticketId !== null) return `${BOOKING_ID_PREFIX}${ticketId}`;
  return locale === 'ar' ? 'حجز' : 'a booking';
}

export const COMMISSION_EARNED_NOTICE = defineNotice<{ amount: NoticeMoney; ticket: string | null; payableOn: NoticeDay }>('commission-ledger.commission_earned', {
  en: ({ amount, ticket, payableOn }, f) => ({ title: 'Commission earned', body: `${f.money(amount)} on ${ticketOf(ticket, 'en')}, payable from ${f.day(payableOn)} once the refund window has passed.` }),
  ar: ({ amount, ticket, payableOn }, f) => ({ title: 'عمولة مستحقة', body: `${f.money(amount)} على ${ticketOf(ticket, 'ar')}، تُدفع ابتداءً من ${f.day(payableOn)} بعد انتهاء فترة الاسترداد.` }),
}, { amount: money(1250000, 'AED'), ticket: '100234', payableOn: day('2026-12-15') });

export const COMMISSIONS_EARNED_NOTICE = defineNotice<{ count: number }>('commission-ledger.commissions_earned', {
  en: { title: 'Commission earned', body: '{count} commissions were earned; each is payable once its refund window after the treatment has passed.' },
  ar: { title: 'عمولة مستحقة', body: 'استُحقت {count} عمولات؛ تُدفع كل منها بعد انتهاء فترة الاسترداد التالية للعلاج.' },
});

export const COMMISSIONS_APPROVED_NOTICE = defineNotice<{ count: number }>('commission-ledger.commissions_approved', {
  en: ({ count }, f) => ({
    title: 'Commissions approved',
    body: count === 1 ? 'One commission passed its refund window and is approved for the next payout.' : `${f.number(count)} commissions passed their refund window and are approved for the next payout.`,
  }),
  ar: ({ count }, f) => ({
    title: 'عمولات معتمدة',
    body: count === 1 ? 'انتهت فترة الاسترداد لعمولة واحدة واعتُمدت للدفعة القادمة.' : `انتهت فترة الاسترداد لـ ${f.number(count)} عمولات واعتُمدت للدفعة القادمة.`,
  }),
}, { count: 1200 });

export const COMMISSION_ADJUSTED_NOTICE = defineNotice<{ amount: NoticeMoney; ticket: string | null; reason: string }>('commission-ledger.commission_adjusted', {
  en: ({ amount, ticket, reason }, f) => ({ title: 'Commission adjusted', body: `Your commission on ${ticketOf(ticket, 'en')} was adjusted by ${f.money(amount)}: ${reason}` }),
  ar: ({ amount, ticket, reason }, f) => ({ title: 'تعديل عمولة', body: `عُدّلت عمولتك على ${ticketOf(ticket, 'ar')} بمبلغ ${f.money(amount)}: ${reason}` }),
}, { amount: money(-4000, 'AED', { signed: true }), ticket: '100234', reason: 'Price corrected.' });

export const TREATMENT_REFUNDED_NOTICE = defineNotice<{ amount: NoticeMoney; ticket: string | null; reason: string }>('commission-ledger.treatment_refunded', {
  en: ({ amount, ticket, reason }, f) => ({ title: 'Treatment partly refunded', body: `${f.money(amount)} of the treatment on ${ticketOf(ticket, 'en')} was refunded to the patient: ${reason}` }),
  ar: ({ amount, ticket, reason }, f) => ({ title: 'استرداد جزء من قيمة العلاج', body: `استُرد مبلغ ${f.money(amount)} من قيمة العلاج على ${ticketOf(ticket, 'ar')} للمريض: ${reason}` }),
}, { amount: money(120000, 'AED'), ticket: null, reason: 'Goodwill.' });

export const COMMISSION_REVERSED_NOTICE = defineNotice<{ ticket: string | null; reason: string; clawedBack: boolean }>('commission-ledger.commission_reversed', {
  en: ({ ticket, reason, clawedBack }) => ({
    title: clawedBack ? 'Commission clawed back' : 'Commission reversed',
    body: `The treatment on ${ticketOf(ticket, 'en')} was refunded in full, so its commission was reversed${clawedBack ? ' and what was paid of it is taken from your next payout' : ''}: ${reason}`,
  }),
  ar: ({ ticket, reason, clawedBack }) => ({
    title: clawedBack ? 'استرداد عمولة مدفوعة' : 'عمولة ملغاة',
    body: `استُردت قيمة العلاج على ${ticketOf(ticket, 'ar')} بالكامل، فأُلغيت عمولته${clawedBack ? ' ويُخصم ما دُفع منها من دفعتك القادمة' : ''}: ${reason}`,
  }),
}, { ticket: '100234', reason: 'Refunded.', clawedBack: true });
