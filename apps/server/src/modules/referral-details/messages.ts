import { messageTemplate, translationsOf } from '../../lib/messages.ts';

export const REFERRAL_DETAILS_MESSAGES = {
  tooManyLookups: messageTemplate('Too many referral code lookups. Please try again in :seconds seconds.'),
  tooManyRegenerations: messageTemplate(
    'You can get a new referral code :max times a day, because every old code keeps working for 30 days. Please try again in :minutes minutes.',
  ),
} as const;

export const REFERRAL_DETAILS_TRANSLATIONS = translationsOf(REFERRAL_DETAILS_MESSAGES, {
  ar: {
    tooManyLookups: 'عدد كبير جدًا من محاولات التحقق من رموز الإحالة. يُرجى المحاولة مرة أخرى بعد :seconds ثانية.',
    tooManyRegenerations:
      'يمكنك الحصول على رمز إحالة جديد :max مرات في اليوم، لأن كل رمز قديم يبقى صالحًا لمدة 30 يومًا. يُرجى المحاولة مرة أخرى بعد :minutes دقيقة.',
  },
});
