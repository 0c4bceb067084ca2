import { translationsOf } from '../../lib/messages.ts';

/** The commission ledger's messages (refunds, adjustments). */
export const LEDGER_MESSAGES = {
  clawbackNotRefundable: 'A clawback cannot be refunded: refund the commission it takes back.',
  alreadyReversed: 'This commission is already reversed.',
  alreadyClawedBack: 'This commission was already clawed back.',
  inPayout: 'This commission is in a payout being sent. Record the refund once the payout is paid (it becomes a clawback) or failed.',
  adjustmentNeedsReason: 'Say why: the reason is shown to the partner.',
  adjustmentNotZero: 'An adjustment must change the commission: enter an amount other than zero.',
  adjustmentDecimals: 'The amount has more decimals than the commission’s currency has.',
  clawbackNotAdjustable: 'A clawback cannot be adjusted: adjust the commission it takes back.',
  reversedNotAdjustable: 'This commission was reversed or clawed back: there is nothing left to adjust.',
  belowZero: 'This adjustment would take the booking’s commission below zero.',
  adjustmentNotRefundable: 'An adjustment is not refunded on its own: record the refund on the booking.',
  alreadyRefunded: 'This treatment was already refunded in full.',
  refundNeedsCompleted: 'Only a completed treatment can be refunded.',
  amountNotInCurrency: 'The booking’s amount has more decimals than its currency has: correct the amount first.',
  refundDecimals: 'The amount has more decimals than the booking’s currency has.',
  refundExceedsAmount: 'The refunds would add up to more than the booking’s amount.',
  nothingToRefund: 'Nothing of this booking’s amount is left to refund.',
  amountBelowRefunded: 'The amount cannot be less than what was already refunded on this booking.',
} as const;

export const LEDGER_TRANSLATIONS = translationsOf(LEDGER_MESSAGES, {
  ar: {
    clawbackNotRefundable: 'لا يمكن استرداد عملية استرداد: سجّل الاسترداد على العمولة الأصلية.',
    alreadyReversed: 'هذه العمولة ملغاة بالفعل.',
    alreadyClawedBack: 'استُردت هذه العمولة بالفعل.',
    inPayout: 'هذه العمولة ضمن دفعة قيد الإرسال. سجّل الاسترداد بعد دفع الدفعة (فيصبح استردادًا من الدفعة القادمة) أو فشلها.',
    adjustmentNeedsReason: 'اذكر السبب: يظهر للشريك.',
    adjustmentNotZero: 'يجب أن يغيّر التعديل العمولة: أدخل مبلغًا غير الصفر.',
    adjustmentDecimals: 'يحتوي المبلغ على منازل عشرية أكثر مما تسمح به عملة العمولة.',
    clawbackNotAdjustable: 'لا يمكن تعديل استرداد عمولة: عدّل العمولة الأصلية.',
    reversedNotAdjustable: 'أُلغيت هذه العمولة أو استُردت: لم يبقَ منها ما يُعدَّل.',
    belowZero: 'هذا التعديل يجعل عمولة الحجز أقل من الصفر.',
    adjustmentNotRefundable: 'لا يُسترد التعديل وحده: سجّل الاسترداد على الحجز.',
    alreadyRefunded: 'استُردت قيمة هذا العلاج بالكامل بالفعل.',
    refundNeedsCompleted: 'لا يمكن استرداد قيمة علاج إلا بعد اكتماله.',
    amountNotInCurrency: 'يحتوي مبلغ الحجز على منازل عشرية أكثر مما تسمح به عملته: صحّح المبلغ أولًا.',
    refundDecimals: 'يحتوي المبلغ على منازل عشرية أكثر مما تسمح به عملة الحجز.',
    refundExceedsAmount: 'مجموع المبالغ المستردة سيتجاوز مبلغ الحجز.',
    nothingToRefund: 'لم يبقَ من مبلغ هذا الحجز شيء يُسترد.',
    amountBelowRefunded: 'لا يمكن أن يقل المبلغ عمّا استُرد بالفعل على هذا الحجز.',
  },
});
