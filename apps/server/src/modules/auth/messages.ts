import { messageTemplate, translationsOf } from '../../lib/messages.ts';

/** Every message the auth area answers with, in one place (Laravel/Fortify wording where one exists). */
export const AUTH_MESSAGES = {
  failed: 'These credentials do not match our records.',
  throttle: messageTemplate('Too many login attempts. Please try again in :seconds seconds.'),
  approvalPending: 'Your account is waiting for approval.',
  registrationRejected: 'Your registration was not approved.',
  accountSuspended: 'Your account is suspended. Please contact us to restore it.',
  twoFactorExpired: 'Your two-factor session expired. Sign in again.',
  invalidCode: 'The provided two factor authentication code was invalid.',
  invalidRecoveryCode: 'The provided two factor recovery code was invalid.',
  invalidLoginLink: 'This sign-in link is invalid or has expired.',
  resetLinkSent: 'We have emailed your password reset link.',
  resetThrottled: 'Please wait before retrying.',
  resetTokenInvalid: 'This password reset token is invalid.',
  passwordReset: 'Your password has been reset.',
  passwordUpdated: 'Your password has been updated.',
  currentPasswordWrong: 'The provided password does not match your current password.',
  tooManyAttempts: messageTemplate('Too many attempts. Please try again in :seconds seconds.'),
  emailTaken: 'The email has already been taken.',
  partnerTypeInvalid: 'The selected partner type is invalid.',
  partnerIndustryInvalid: 'The selected partner industry is invalid.',
  registered: 'Thank you for registering. We will review your application and e-mail you once it is approved.',
  tooManyRegistrations: messageTemplate('Too many registrations from your network. Please try again in :seconds seconds.'),
} as const;

/** The same messages in the portal's other languages: the error handler and the auth routes answer them (app.translate). */
export const AUTH_TRANSLATIONS = translationsOf(AUTH_MESSAGES, {
  ar: {
    failed: 'بيانات الدخول هذه لا تطابق سجلاتنا.',
    throttle: 'محاولات تسجيل دخول كثيرة جدًا. يُرجى المحاولة مرة أخرى بعد :seconds ثانية.',
    approvalPending: 'حسابك بانتظار الموافقة.',
    registrationRejected: 'لم تتم الموافقة على تسجيلك.',
    accountSuspended: 'حسابك موقوف. يُرجى التواصل معنا لاستعادته.',
    twoFactorExpired: 'انتهت جلسة التحقق بخطوتين. سجّل الدخول مرة أخرى.',
    invalidCode: 'رمز التحقق بخطوتين الذي أدخلته غير صالح.',
    invalidRecoveryCode: 'رمز الاسترداد الذي أدخلته غير صالح.',
    invalidLoginLink: 'رابط تسجيل الدخول هذا غير صالح أو انتهت صلاحيته.',
    resetLinkSent: 'أرسلنا رابط إعادة تعيين كلمة المرور إلى بريدك الإلكتروني.',
    resetThrottled: 'يُرجى الانتظار قبل المحاولة مرة أخرى.',
    resetTokenInvalid: 'رمز إعادة تعيين كلمة المرور هذا غير صالح.',
    passwordReset: 'تمت إعادة تعيين كلمة المرور.',
    passwordUpdated: 'تم تحديث كلمة المرور.',
    currentPasswordWrong: 'كلمة المرور التي أدخلتها لا تطابق كلمة مرورك الحالية.',
    tooManyAttempts: 'محاولات كثيرة جدًا. يُرجى المحاولة مرة أخرى بعد :seconds ثانية.',
    emailTaken: 'هذا البريد الإلكتروني مستخدم بالفعل.',
    partnerTypeInvalid: 'نوع الشريك المختار غير صالح.',
    partnerIndustryInvalid: 'قطاع الشريك المختار غير صالح.',
    registered: 'شكرًا لتسجيلك. سنراجع طلبك ونراسلك عبر البريد الإلكتروني عند الموافقة عليه.',
    tooManyRegistrations: 'عدد كبير جدًا من التسجيلات من شبكتك. يُرجى المحاولة مرة أخرى بعد :seconds ثانية.',
  },
});
