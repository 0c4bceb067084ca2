import { translationsOf } from '../../lib/messages.ts';

export const EARNINGS_MESSAGES = {
  clawbackNotRefundable: 'A clawback cannot be refunded: refund the commission it takes back.',
  alreadyReversed: 'This commission is already reversed.',
  alreadyClawedBack: 'This commission was already clawed back.',
  inPayout: 'This commission is in a payout being sent. Record the refund once the payout is paid (it becomes a clawback) or failed.',
  onlyDraftSent: 'Only a draft payout can be marked sent: this one was already sent, paid or failed.',
  onlySentPaid: 'Only a payout marked sent can be marked paid.',
  alreadyClosed: 'This payout is already paid or failed.',
  minimumDecimals: 'The minimum has more decimals than its currency has.',
  exportedDraft: 'This payout was put in a bank file: mark it sent, then paid or failed as the bank answers.',
  sepaEurosOnly: 'A SEPA file pays euros: choose EUR, or download the CSV file.',
  noPayableDrafts: 'This batch has no draft payout to a verified account to put in a bank file.',
  periodNotEnded: 'This period has not ended yet: its statement can be written once it has.',
  noLinesInCurrency: 'Your organisation has no commissions in this currency.',
  detailsNotVerified: "The agent's payment details changed or were frozen since this payout was built: verify them before sending it.",
} as const;

export const EARNINGS_TRANSLATIONS = translationsOf(EARNINGS_MESSAGES, {
  ar: {
    clawbackNotRefundable: 'لا يمكن استرداد عملية استرداد: سجّل الاسترداد على العمولة الأصلية.',
    alreadyReversed: 'هذه العمولة ملغاة بالفعل.',
    alreadyClawedBack: 'استُردت هذه العمولة بالفعل.',
    inPayout: 'هذه العمولة ضمن دفعة قيد الإرسال. سجّل الاسترداد بعد دفع الدفعة (فيصبح استردادًا من الدفعة القادمة) أو فشلها.',
    onlyDraftSent: 'لا يمكن وضع علامة الإرسال إلا على دفعة مسودة: هذه الدفعة أُرسلت أو دُفعت أو فشلت بالفعل.',
    onlySentPaid: 'لا يمكن وضع علامة الدفع إلا على دفعة مُرسلة.',
    alreadyClosed: 'هذه الدفعة مدفوعة أو فاشلة بالفعل.',
    minimumDecimals: 'يحتوي الحد الأدنى على منازل عشرية أكثر مما تسمح به عملته.',
    exportedDraft: 'أُدرجت هذه الدفعة في ملف للبنك: ضع علامة الإرسال عليها، ثم الدفع أو الفشل حسب رد البنك.',
    sepaEurosOnly: 'ملف SEPA يدفع باليورو فقط: اختر EUR أو نزّل ملف CSV.',
    noPayableDrafts: 'لا توجد في هذه المجموعة دفعة مسودة إلى حساب موثّق لإدراجها في ملف البنك.',
    periodNotEnded: 'لم تنتهِ هذه الفترة بعد: يمكن إعداد كشفها بعد انتهائها.',
    noLinesInCurrency: 'لا توجد لمؤسستكم عمولات بهذه العملة.',
    detailsNotVerified: 'تغيّرت بيانات الدفع الخاصة بالوكيل أو جُمّدت منذ إعداد هذه الدفعة: تحقق منها قبل إرسالها.',
  },
});
