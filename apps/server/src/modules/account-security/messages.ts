import { REAUTHENTICATION_MINUTES } from '@portal/contracts/account-security';
import { messageTemplate, translationsOf } from '../../lib/messages.ts';

/** Every message the Security tab's endpoints answer with. */
export const ACCOUNT_SECURITY_MESSAGES = {
  reauthenticationRequired: `Confirm your password or a code from your authenticator app first (it counts for ${REAUTHENTICATION_MINUTES} minutes).`,
  passwordWrong: 'The provided password does not match your current password.',
  invalidCode: 'The provided two factor authentication code was invalid.',
  codeNeedsTwoFactor: 'Two-factor authentication is not on: confirm with your password.',
  alreadyEnabled: 'Two-factor authentication is already on.',
  notEnabled: 'Two-factor authentication is not on.',
  noSetup: 'Start turning two-factor authentication on again: there is no code waiting for confirmation.',
  currentSession: 'This is the session you are using: sign out instead.',
  sessionNotFound: 'This session has already ended.',
  tooManyAttempts: messageTemplate('Too many attempts. Please try again in :seconds seconds.'),
} as const;

export const ACCOUNT_SECURITY_TRANSLATIONS = translationsOf(ACCOUNT_SECURITY_MESSAGES, {
  ar: {
    reauthenticationRequired: `أكّد كلمة المرور أو رمزًا من تطبيق المصادقة أولًا (يبقى التأكيد صالحًا ${REAUTHENTICATION_MINUTES} دقائق).`,
    passwordWrong: 'كلمة المرور التي أدخلتها لا تطابق كلمة مرورك الحالية.',
    invalidCode: 'رمز التحقق بخطوتين الذي أدخلته غير صالح.',
    codeNeedsTwoFactor: 'التحقق بخطوتين غير مفعّل: أكّد بكلمة المرور.',
    alreadyEnabled: 'التحقق بخطوتين مفعّل بالفعل.',
    notEnabled: 'التحقق بخطوتين غير مفعّل.',
    noSetup: 'ابدأ تفعيل التحقق بخطوتين من جديد: لا يوجد رمز بانتظار التأكيد.',
    currentSession: 'هذه هي الجلسة التي تستخدمها الآن: سجّل الخروج بدلًا من ذلك.',
    sessionNotFound: 'انتهت هذه الجلسة بالفعل.',
    tooManyAttempts: 'محاولات كثيرة جدًا. يُرجى المحاولة مرة أخرى بعد :seconds ثانية.',
  },
});
