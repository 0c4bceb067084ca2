import { translationsOf } from '../../lib/messages.ts';

/** Finance reports' messages. */
export const FINANCE_REPORT_MESSAGES = {
  periodNotEnded: 'This period has not ended yet: its statement can be written once it has.',
  noLinesInCurrency: 'Your organisation has no commissions in this currency.',
} as const;

export const FINANCE_REPORT_TRANSLATIONS = translationsOf(FINANCE_REPORT_MESSAGES, {
  ar: {
    periodNotEnded: 'لم تنتهِ هذه الفترة بعد: يمكن إعداد كشفها بعد انتهائها.',
    noLinesInCurrency: 'لا توجد لمؤسستكم عمولات بهذه العملة.',
  },
});
