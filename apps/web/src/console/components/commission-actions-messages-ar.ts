/** The refund and adjustment dialogs' texts in Arabic: a chunk of its own, loaded when Arabic is chosen. */
import type { Translation } from '../../i18n/catalogue-types';
import type { commissionActionsEn } from './commission-actions-messages';

export const commissionActionsAr: Translation<typeof commissionActionsEn> = {
  refund: {
    title: 'تسجيل استرداد: الحجز {{reference}}',
    detail:
      'بلغت تكلفة العلاج {{amount}}، واستُرد منها {{refunded}} من قبل. الاسترداد الجزئي يخفّض العمولة النسبية بالنسبة نفسها من المبلغ المسترد (أما الرسم الثابت فيبقى كاملًا). الاسترداد الكامل يلغي العمولة غير المدفوعة، ويخصم ما دُفع منها من الدفعة القادمة، ويجعل الحجز مستردًا. يُبلَّغ شركاء {{agent}} بذلك مع السبب.',
    loading: 'جارٍ تحميل المبالغ المستردة…',
    loadFailed: 'تعذّر تحميل المبالغ المستردة لهذا الحجز.',
    scope: 'الاسترداد',
    full: 'استرداد كامل ({{left}})',
    partial: 'جزء من العلاج',
    amount: 'المبلغ المسترد ({{currency}})',
    amountHelp: 'بحد أقصى {{left}}، وبما لا يزيد على {{digits}} منازل عشرية.',
    reason: 'السبب (يظهر للشريك)',
    reasonHelp: 'سبب استرداد المريض لماله، بكلمات يفهمها الشريك. يُحفظ أيضًا في سجل التدقيق.',
    confirm: 'تسجيل الاسترداد',
    cancel: 'إلغاء',
    close: 'إغلاق',
    failed: 'تعذّر تسجيل الاسترداد. حاول مرة أخرى.',
    fullDone: 'استُردت قيمة الحجز {{reference}} بالكامل',
    partialDone: 'سُجّل استرداد {{amount}} على الحجز {{reference}}',
    amountNotInCurrency: 'مبلغ الحجز فيه منازل عشرية أكثر مما تحتمله عملة {{currency}}: صحّحه في الحجز قبل تسجيل الاسترداد.',
  },
  adjust: {
    title: 'تعديل العمولة: الحجز {{reference}}',
    detail:
      'يُضاف سطر تعديل إلى عمولة {{agent}} على هذا الحجز: موجب لمبادرة حسن نية، وسالب لتصحيح. يُدفع أو يُخصم مع العمولة؛ وإن كانت العمولة مدفوعة، ففي الدفعة القادمة. لا تقل عمولة الحجز عن الصفر أبدًا. يُبلَّغ الشركاء بذلك مع السبب.',
    amount: 'المبلغ ({{currency}}، بإشارته)',
    amountHelp: 'مثلًا 25.00 للإضافة و‎-25.00 للخصم؛ بما لا يزيد على {{digits}} منازل عشرية.',
    reason: 'السبب (يظهر للشريك)',
    reasonHelp: 'سبب تغيّر العمولة، بكلمات يفهمها الشريك. يُحفظ أيضًا في سجل التدقيق.',
    confirm: 'تعديل العمولة',
    cancel: 'إلغاء',
    close: 'إغلاق',
    failed: 'تعذّر تعديل العمولة. حاول مرة أخرى.',
    done: 'عُدّلت العمولة على الحجز {{reference}} بمبلغ {{amount}}',
  },
};
