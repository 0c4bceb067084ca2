import { translationsOf } from '../../lib/messages.ts';

/** What the notifications routes answer with (the notifications' own texts are in domain-notifications.ts). */
export const NOTIFICATION_MESSAGES = {
  notFound: 'Notification not found.',
} as const;

export const NOTIFICATION_TRANSLATIONS = translationsOf(NOTIFICATION_MESSAGES, {
  ar: {
    notFound: 'الإشعار غير موجود.',
  },
});
