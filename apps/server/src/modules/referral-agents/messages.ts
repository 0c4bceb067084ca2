import { translationsOf } from '../../lib/messages.ts';

export const REFERRAL_AGENT_MESSAGES = {
  agentNameTaken: 'A referral agent with this name already exists.',
  groupNotFound: 'The selected referral group does not exist.',
  groupNameTaken: 'A referral group with this name already exists.',
  groupSlugTaken: 'A referral group with this slug already exists.',
  logoTooLarge: 'The logo may be at most 512 KB.',
  logoTypeNotAllowed: 'The logo must be a PNG, JPEG or WebP image.',
  logoUnreadable: 'The logo could not be read as an image.',
  logoEmpty: 'The logo file is empty.',
  logoNotSent: 'Send the image itself as the body, with Content-Type application/octet-stream.',
  noLogo: 'This referral agent has no uploaded logo to remove.',
} as const;

export const REFERRAL_AGENT_TRANSLATIONS = translationsOf(REFERRAL_AGENT_MESSAGES, {
  ar: {
    agentNameTaken: 'يوجد وكيل إحالة بهذا الاسم بالفعل.',
    groupNotFound: 'مجموعة الإحالة المختارة غير موجودة.',
    groupNameTaken: 'توجد مجموعة إحالة بهذا الاسم بالفعل.',
    groupSlugTaken: 'توجد مجموعة إحالة بهذا المعرّف المختصر بالفعل.',
    logoTooLarge: 'يجب ألا يزيد حجم الشعار على 512 كيلوبايت.',
    logoTypeNotAllowed: 'يجب أن يكون الشعار صورة بصيغة PNG أو JPEG أو WebP.',
    logoUnreadable: 'تعذّرت قراءة الشعار كصورة.',
    logoEmpty: 'ملف الشعار فارغ.',
    logoNotSent: 'أرسل الصورة نفسها في متن الطلب بنوع المحتوى application/octet-stream.',
    noLogo: 'ليس لوكيل الإحالة هذا شعار مرفوع لإزالته.',
  },
});
