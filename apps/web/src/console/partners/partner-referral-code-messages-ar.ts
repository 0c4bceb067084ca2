/** The console's view of a partner's referral code, in Arabic. */
import type { Translation } from '../../i18n/catalogue-types';
import type { consoleReferralCodesEn } from './partner-referral-code-messages';

export const consoleReferralCodesAr: Translation<typeof consoleReferralCodesEn> = {
  title: 'رمز الإحالة',
  code: 'الرمز الحالي',
  link: 'الرابط',
  since: 'مستخدم منذ',
  none: 'لا يوجد رمز بعد: يحصل الشريك على رمز عند فتحه تفاصيل الإحالة لأول مرة.',
  previous: 'رموز متقاعدة لا تزال تعمل',
  previousUntil: '{{code}}، يعمل حتى {{date}}',
  loading: 'جارٍ تحميل رمز الإحالة',
  loadFailed: 'تعذّر تحميل رمز الإحالة.',
  retry: 'حاول مرة أخرى',
  regenerate: 'إعادة إنشاء الرمز',
  confirmTitle: 'هل تريد إعادة إنشاء رمز الإحالة لهذا الشريك؟',
  confirmDetail: 'يحصل الشريك على رمز ورابط ورمز QR جديدة. يظل الرمز الحالي صالحًا لمدة 30 يومًا ثم يتوقف. ويُسجَّل التغيير في سجل التدقيق.',
  confirm: 'إعادة الإنشاء',
  cancel: 'إلغاء',
  close: 'إغلاق',
  failed: 'تعذّرت إعادة إنشاء الرمز. يُرجى المحاولة مرة أخرى.',
};
