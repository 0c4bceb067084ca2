import { translationsOf } from '../../lib/messages.ts';

/** Payouts' messages (marking, bank files, four-eyes batches). */
export const PAYOUT_MESSAGES = {
  onlyDraftSent: 'Only a draft payout can be marked sent: this one was already sent, paid or failed.',
  onlySentPaid: 'Only a payout marked sent can be marked paid.',
  alreadyClosed: 'This payout is already paid or failed.',
  minimumDecimals: 'The minimum has more decimals than its currency has.',
  exportedDraft: 'This payout was put in a bank file: mark it sent, then paid or failed as the bank answers.',
  sepaEurosOnly: 'A SEPA file pays euros: choose EUR, or download the CSV file.',
  noPayableDrafts: 'This batch has no draft payout to a verified account to put in a bank file.',
  detailsNotVerified: "The agent's payment details changed or were frozen since this payout was built: verify them before sending it.",
  fourEyesRequired: "This payout's batch is above its currency's four-eyes threshold: propose the batch, and a second operator approves it.",
  sameOperatorBatch: 'You proposed this batch: it awaits a second approval by someone other than you.',
  batchAlreadyProposed: 'This batch is already proposed and awaits a second approval.',
  proposalClosed: 'This proposal was already approved or withdrawn.',
  batchChanged: 'The batch changed since it was proposed (a payout was failed or its payment details are no longer verified): the proposal is withdrawn, propose the batch again.',
  noSendableDrafts: 'This batch has no draft payout to a verified account to send.',
  thresholdDecimals: 'The threshold has more decimals than its currency has.',
  noThreshold: 'This currency has no four-eyes threshold.',
} as const;

export const PAYOUT_TRANSLATIONS = translationsOf(PAYOUT_MESSAGES, {
  ar: {
    fourEyesRequired: 'دفعة هذا المبلغ فوق حدّ الأعين الأربع لعملتها: اقترح الدفعة ليوافق عليها مشغّل ثانٍ.',
    sameOperatorBatch: 'أنت من اقترح هذه الدفعة: تنتظر موافقة ثانية من شخص غيرك.',
    batchAlreadyProposed: 'هذه الدفعة مقترحة بالفعل وتنتظر موافقة ثانية.',
    proposalClosed: 'هذا الاقتراح تمت الموافقة عليه أو سُحب من قبل.',
    batchChanged: 'تغيّرت الدفعة منذ اقتراحها (تعذّر دفع أحد المبالغ أو لم تعد بيانات الدفع موثّقة): سُحب الاقتراح، فاقترح الدفعة مرة أخرى.',
    noSendableDrafts: 'لا تحتوي هذه الدفعة على مسودة دفع إلى حساب موثّق لإرسالها.',
    thresholdDecimals: 'الحدّ يحتوي على منازل عشرية أكثر مما تسمح به عملته.',
    noThreshold: 'لا يوجد حدّ للأعين الأربع لهذه العملة.',
    onlyDraftSent: 'لا يمكن وضع علامة الإرسال إلا على دفعة مسودة: هذه الدفعة أُرسلت أو دُفعت أو فشلت بالفعل.',
    onlySentPaid: 'لا يمكن وضع علامة الدفع إلا على دفعة مُرسلة.',
    alreadyClosed: 'هذه الدفعة مدفوعة أو فاشلة بالفعل.',
    minimumDecimals: 'يحتوي الحد الأدنى على منازل عشرية أكثر مما تسمح به عملته.',
    exportedDraft: 'أُدرجت هذه الدفعة في ملف للبنك: ضع علامة الإرسال عليها، ثم الدفع أو الفشل حسب رد البنك.',
    sepaEurosOnly: 'ملف SEPA يدفع باليورو فقط: اختر EUR أو نزّل ملف CSV.',
    noPayableDrafts: 'لا توجد في هذه المجموعة دفعة مسودة إلى حساب موثّق لإدراجها في ملف البنك.',
    detailsNotVerified: 'تغيّرت بيانات الدفع الخاصة بالوكيل أو جُمّدت منذ إعداد هذه الدفعة: تحقق منها قبل إرسالها.',
  },
});
