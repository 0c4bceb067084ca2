import { translationsOf } from '../../lib/messages.ts';

export const COMMISSION_RATES_MESSAGES = {
  // Spec §2: the affiliates referral group is barred from the commission structure; the API says why.
  affiliatesBarred: 'The commission structure is not part of the affiliates programme.',
} as const;

export const COMMISSION_RATES_TRANSLATIONS = translationsOf(COMMISSION_RATES_MESSAGES, {
  ar: {
    affiliatesBarred: 'هيكل العمولات ليس جزءًا من برنامج الشركاء التابعين.',
  },
});
