import { translationsOf } from '../../lib/messages.ts';

/** What the bookings routes answer with besides the contracts' field messages. */
export const BOOKING_MESSAGES = {
  exportBusy: 'Another export is being prepared. Please try again in a moment.',
} as const;

export const BOOKING_TRANSLATIONS = translationsOf(BOOKING_MESSAGES, {
  ar: {
    exportBusy: 'يجري إعداد تصدير آخر الآن. يُرجى المحاولة مرة أخرى بعد قليل.',
  },
});
