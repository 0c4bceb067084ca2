import { defineNotice, type NoticeMoney } from '../notifications/public.ts';

/** What partners read of their payouts: worded once in English and Arabic, again at every read in the reader's language. */

export const PAYOUT_SENT_NOTICE = defineNotice<{ amount: NoticeMoney }>('payouts.sent', {
  en: { title: 'Payout sent', body: 'Your payout of {amount} is on its way to your bank account; it usually arrives within three working days.' },
  ar: { title: 'أُرسلت الدفعة', body: 'دفعتك بمبلغ {amount} في طريقها إلى حسابك المصرفي؛ تصل عادةً خلال ثلاثة أيام عمل.' },
});

export const PAYOUT_PAID_NOTICE = defineNotice<{ amount: NoticeMoney; number: string }>('payouts.paid', {
  en: { title: 'Payout paid', body: 'Your payout of {amount} was paid. Self-billing statement {number} is ready to download.' },
  ar: { title: 'دُفعت الدفعة', body: 'دُفعت دفعتك بمبلغ {amount}. كشف الفوترة الذاتية {number} جاهز للتنزيل.' },
});

export const PAYOUT_FAILED_NOTICE = defineNotice<{ amount: NoticeMoney; reason: string }>('payouts.failed', {
  en: { title: 'Payout failed', body: 'Your payout of {amount} could not be paid: {reason} Its commissions wait for the next payout.' },
  ar: { title: 'تعذّرت الدفعة', body: 'تعذّر دفع دفعتك بمبلغ {amount}: {reason} تنتظر عمولاتها الدفعة القادمة.' },
});
