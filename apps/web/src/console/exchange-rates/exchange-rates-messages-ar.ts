/** The console's exchange rates texts in Arabic: a chunk of its own, loaded when Arabic is chosen. */
import type { Translation } from '../../i18n/catalogue-types';
import type { exchangeRatesEn } from './exchange-rates-messages';

export const exchangeRatesAr: Translation<typeof exchangeRatesEn> = {
  title: 'أسعار الصرف',
  description:
    'قيمة الوحدة من كل عملة بعملة مرجعية، يومًا بيوم. تُستخدم للمجاميع التقريبية بين العملات (قيمة العلاجات في المستويات، ومجاميع الأرباح)، وتُعرض دائمًا مع تاريخ السعر؛ ولا يُحوَّل بها أي مبلغ مدفوع.',
  loadFailed: 'تعذّر تحميل أسعار الصرف.',
  empty: 'لا توجد أسعار صرف بعد. حدّد أول سعر.',
  filteredEmpty: 'لا توجد أسعار صرف تطابق عوامل التصفية هذه.',
  setRate: 'تحديد سعر',
  currency: 'العملة',
  reference: 'العملة المرجعية',
  anyCurrency: 'أي عملة',
  anyReference: 'أي عملة مرجعية',
  chooseCurrency: 'اختر عملة',
  noCurrencyFound: 'لا توجد عملة مطابقة',
  days: 'الأيام',
  latestOnly: 'أحدث سعر لكل زوج',
  everyDay: 'كل الأيام',
  columns: { pair: 'العملة', rate: 'السعر', asOf: 'اعتبارًا من', set: 'حُدّد في', actions: 'الإجراءات' },
  oneUnit: '1 {{currency}} = {{rate}} {{reference}}',
  latest: 'الأحدث',
  correct: 'تصحيح',
  correctNamed: 'تصحيح سعر {{currency}} بعملة {{reference}} في {{date}}',
  form: {
    title: 'تحديد سعر صرف',
    correctTitle: 'تصحيح سعر {{currency}} في {{date}}',
    rate: 'السعر',
    rateHelp: 'قيمة وحدة واحدة من العملة بالعملة المرجعية، حتى 10 منازل عشرية.',
    asOf: 'اعتبارًا من',
    asOfHelp: 'تستخدمه المجاميع المحسوبة في هذا اليوم أو بعده، حتى يُحدَّد سعر أحدث. تحديده لليوم نفسه مرة أخرى يصحّحه.',
    save: 'حفظ السعر',
    cancel: 'إلغاء',
    close: 'إغلاق',
    saved: 'حُفظ سعر الصرف',
    saveFailed: 'تعذّر الحفظ. حاول مرة أخرى.',
  },
};
