/** The console's exceptions texts in Arabic: a chunk of its own, loaded when Arabic is chosen. */
import type { Translation } from '../../i18n/catalogue-types';
import type { exceptionsEn } from './exceptions-messages';

export const exceptionsAr: Translation<typeof exceptionsEn> = {
  title: 'الاستثناءات',
  description:
    'ما لا يستطيع السجل تسويته وحده: حجوزات مكتملة بلا عمولة، وأرصدة دون الصفر، ودفعات فاشلة، وأموال محتجزة على بيانات دفع لم يتحقق منها أحد. لكل صف الإجراء الذي يعالجه، ويختفي من القائمة بعد معالجته.',
  counts: {
    label: 'الاستثناءات المفتوحة حسب النوع',
    loading: 'جارٍ تحميل الأعداد',
    loadFailed: 'تعذّر تحميل الأعداد.',
  },
  kinds: {
    unpriced_completion: 'حجوزات مكتملة بلا تسعير',
    negative_balance: 'أرصدة سالبة',
    failed_payout: 'دفعات فاشلة',
    held_payout: 'دفعات محتجزة',
  },
  kind: {
    unpriced_completion: 'حجز مكتمل بلا تسعير',
    negative_balance: 'رصيد سالب',
    failed_payout: 'دفعة فاشلة',
    held_payout: 'دفعة محتجزة',
  },
  columns: { kind: 'الاستثناء', partner: 'الشريك', detail: 'ما حدث', amount: 'المبلغ', since: 'منذ', action: 'المعالجة' },
  filters: {
    kind: 'النوع',
    allKinds: 'كل الأنواع',
    kindActive: 'النوع: {{value}}',
    partner: 'الشريك',
    anyPartner: 'أي شريك',
    noPartner: 'لا يوجد شريك مطابق',
    partnerActive: 'الشريك: {{value}}',
    currency: 'العملة',
    allCurrencies: 'كل العملات',
    currencyActive: 'العملة: {{value}}',
  },
  empty: 'لا شيء معلّق: لا شيء يحتاج إلى انتباه فريق المالية.',
  filteredEmpty: 'لا توجد استثناءات تطابق عوامل التصفية هذه.',
  loadFailed: 'تعذّر تحميل الاستثناءات.',
  refreshFailed: 'تعذّر تحديث الاستثناءات. تعرض القائمة ما حُمّل من قبل.',
  retry: 'حاول مرة أخرى',
  booking: 'الحجز {{reference}} لدى {{facility}}',
  unpriced: {
    no_rate: 'لا ينطبق أي سعر من جدول الأسعار على هذه المنشأة في يوم تسعير الحجز.',
    amount_not_in_currency: 'في المبلغ منازل عشرية أكثر مما في عملته.',
    currency_not_billing: 'الحجز ليس بعملة الفوترة الخاصة بالمنشأة.',
    not_priced_yet: 'اكتمل منذ أكثر من ساعتين ولم يُسعَّر بعد.',
  },
  negative: 'الرصيد المعتمد دون الصفر: تخصمه الدفعات التالية ما لم يعدّله فريق المالية.',
  failed: 'فشلت الدفعة رقم {{id}}: {{reason}}',
  held: {
    missing: 'لا توجد بيانات دفع: تنتظر الدفعات حتى يضيفها الشريك.',
    unverified: 'بيانات الدفع غير مُتحقَّق منها: تنتظر الدفعات التحقق.',
    frozen: 'جمّد الشريك بيانات الدفع: تنتظر الدفعات.',
  },
  priceAgain: {
    label: 'أعد التسعير الآن',
    priced: 'تم التسعير',
    pricedDetail: 'أصبح للحجز {{reference}} سطر عمولة الآن.',
    notPriced: 'لم يُسعَّر بعد',
    failed: 'تعذّر تسعير الحجز',
    failedDetail: 'حاول مرة أخرى بعد لحظات.',
  },
  actions: {
    openRateCard: 'أضف سعرًا في جدول الأسعار',
    openBooking: 'افتح الحجز',
    openLedger: 'اعرض السجل وعدّله',
    openPayout: 'افتح الدفعة لإعادة المحاولة',
    verifyDetails: 'تحقّق من بيانات الدفع',
    reviewFrozen: 'راجع البيانات المجمّدة',
    waitingForPartner: 'بانتظار الشريك',
    notYours: 'يعالج هذا دورٌ آخر',
  },
};
