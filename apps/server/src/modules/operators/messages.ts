import { messageTemplate, translationsOf } from '../../lib/messages.ts';

/** Every message the operators' sign-in answers with (the partners' wording where the step is the same). */
export const OPERATOR_MESSAGES = {
  failed: 'These credentials do not match our records.',
  throttle: messageTemplate('Too many login attempts. Please try again in :seconds seconds.'),
  disabled: 'This operator account is disabled.',
  signInExpired: 'Your sign-in expired. Sign in again.',
  enrolmentNotStarted: 'Scan a new QR code first.',
  invalidCode: 'The provided two factor authentication code was invalid.',
  invalidRecoveryCode: 'The provided two factor recovery code was invalid.',
} as const;

export const OPERATOR_TRANSLATIONS = translationsOf(OPERATOR_MESSAGES, {
  ar: {
    failed: 'بيانات الدخول هذه لا تطابق سجلاتنا.',
    throttle: 'محاولات تسجيل دخول كثيرة جدًا. يُرجى المحاولة مرة أخرى بعد :seconds ثانية.',
    disabled: 'حساب المشغّل هذا معطّل.',
    signInExpired: 'انتهت صلاحية تسجيل الدخول. سجّل الدخول مرة أخرى.',
    enrolmentNotStarted: 'امسح رمز QR جديدًا أولًا.',
    invalidCode: 'رمز التحقق بخطوتين الذي أدخلته غير صالح.',
    invalidRecoveryCode: 'رمز الاسترداد الذي أدخلته غير صالح.',
  },
});
