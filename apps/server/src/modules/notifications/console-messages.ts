import { translationsOf } from '../../lib/messages.ts';

/** What the console's notification endpoints answer with (the contract's own field messages are translated in contracts). */
export const CONSOLE_NOTIFICATION_SERVER_MESSAGES = {
  partnerInvalid: 'The selected partner is invalid.',
  partnerNotApproved: 'This partner’s account is not approved, so they cannot sign in to read it.',
  agentInvalid: 'The selected referral agent is invalid.',
  agentWithoutPartners: 'This referral agent has no approved partners yet.',
  nobody: 'There are no approved partners to notify yet.',
} as const;

export const CONSOLE_NOTIFICATION_TRANSLATIONS = translationsOf(CONSOLE_NOTIFICATION_SERVER_MESSAGES, {
  ar: {
    partnerInvalid: 'الشريك المختار غير صالح.',
    partnerNotApproved: 'حساب هذا الشريك غير معتمد، فلا يمكنه تسجيل الدخول لقراءته.',
    agentInvalid: 'وكيل الإحالة المختار غير صالح.',
    agentWithoutPartners: 'ليس لدى وكيل الإحالة هذا شركاء معتمدون بعد.',
    nobody: 'لا يوجد شركاء معتمدون لإرسال الإشعار إليهم بعد.',
  },
});
