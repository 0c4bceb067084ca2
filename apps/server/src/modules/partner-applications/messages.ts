import { translationsOf } from '../../lib/messages.ts';

export const PARTNER_APPLICATION_MESSAGES = {
  alreadyDecided: 'This application was already decided.',
} as const;

export const PARTNER_APPLICATION_TRANSLATIONS = translationsOf(PARTNER_APPLICATION_MESSAGES, {
  ar: {
    alreadyDecided: 'تم البت في هذا الطلب من قبل.',
  },
});
