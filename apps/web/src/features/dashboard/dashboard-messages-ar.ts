/** The dashboard's texts in Arabic: a chunk of its own, loaded when Arabic is chosen. */
import type { Translation } from '../../i18n/catalogue-types';
import type { dashboardEn } from './dashboard-messages';

export const dashboardAr: Translation<typeof dashboardEn> = {
  title: 'لوحة التحكم',
  loading: 'جارٍ تحميل لوحة التحكم',
  loadFailed: 'تعذّر تحميل لوحة التحكم',
  welcome: 'مرحبًا، {{name}}',
  intro: 'إليك نظرة سريعة على حساب الشريك الخاص بك.',
  partnerType: 'نوع الشريك',
  industry: 'القطاع',
  referralAgent: 'وكيل الإحالة',
  logo: 'شعار {{name}}',
  individual: 'فرد',
};
