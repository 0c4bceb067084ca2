import { translationsOf } from '../../lib/messages.ts';

export const PROFILE_MESSAGES = {
  avatarTooLarge: 'The avatar may be at most 5 MB.',
  avatarTypeNotAllowed: 'The avatar must be a PNG, JPEG or WebP image.',
  avatarEmpty: 'The avatar file is empty.',
  avatarNotSent: 'Send the image itself as the body, with Content-Type application/octet-stream.',
  noAvatar: 'You have no avatar.',
  currentPasswordWrong: 'The provided password does not match your current password.',
  emailTaken: 'The email has already been taken.',
  emailUnchanged: 'This is already your e-mail address.',
  emailChangeThrottled: 'Too many e-mail address changes. Please try again later.',
  emailLinkInvalid: 'This confirmation link is invalid, was already used or has expired.',
  preferenceLocked: 'This notification cannot be turned off or on here.',
} as const;

export const PROFILE_TRANSLATIONS = translationsOf(PROFILE_MESSAGES, {
  ar: {
    avatarTooLarge: 'يجب ألا يزيد حجم الصورة الشخصية على 5 ميغابايت.',
    avatarTypeNotAllowed: 'يجب أن تكون الصورة الشخصية بصيغة PNG أو JPEG أو WebP.',
    avatarEmpty: 'ملف الصورة الشخصية فارغ.',
    avatarNotSent: 'أرسل الصورة نفسها في متن الطلب بنوع المحتوى application/octet-stream.',
    noAvatar: 'ليست لديك صورة شخصية.',
    currentPasswordWrong: 'كلمة المرور التي أدخلتها لا تطابق كلمة مرورك الحالية.',
    emailTaken: 'هذا البريد الإلكتروني مستخدم بالفعل.',
    emailUnchanged: 'هذا هو عنوان بريدك الإلكتروني الحالي.',
    emailChangeThrottled: 'طلبات كثيرة لتغيير البريد الإلكتروني. حاول مرة أخرى لاحقًا.',
    emailLinkInvalid: 'رابط التأكيد هذا غير صالح أو سبق استخدامه أو انتهت صلاحيته.',
    preferenceLocked: 'لا يمكن تشغيل هذا الإشعار أو إيقافه من هنا.',
  },
});
