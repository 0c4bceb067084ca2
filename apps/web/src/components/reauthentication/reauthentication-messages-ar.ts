/** The re-authentication dialog's texts in Arabic: a chunk of its own, loaded when Arabic is chosen. */
import type { Translation } from '../../i18n/catalogue-types';
import type { reauthenticationEn } from './reauthentication-messages';

export const reauthenticationAr: Translation<typeof reauthenticationEn> = {
  title: 'أكّد هويتك',
  text: 'حرصًا على أمانك، أدخل كلمة المرور (أو رمزًا من تطبيق المصادقة) للمتابعة. يبقى التأكيد صالحًا 5 دقائق.',
  passwordLabel: 'كلمة المرور الحالية',
  codeLabel: 'الرمز من التطبيق',
  usePassword: 'استخدام كلمة المرور بدلًا من ذلك',
  useCode: 'استخدام رمز من التطبيق بدلًا من ذلك',
  confirm: 'تأكيد',
  cancel: 'إلغاء',
  close: 'إغلاق',
  failed: 'لم تنجح العملية',
};
