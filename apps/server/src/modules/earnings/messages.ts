import { translationsOf } from '../../lib/messages.ts';

export const EARNINGS_MESSAGES = {
  clawbackNotRefundable: 'A clawback cannot be refunded: refund the commission it takes back.',
  alreadyReversed: 'This commission is already reversed.',
  alreadyClawedBack: 'This commission was already clawed back.',
  inPayout: 'This commission is in a payout being sent. Record the refund once the payout is paid (it becomes a clawback) or failed.',
} as const;

export const EARNINGS_TRANSLATIONS = translationsOf(EARNINGS_MESSAGES, {
  ar: {
    clawbackNotRefundable: 'لا يمكن استرداد عملية استرداد: سجّل الاسترداد على العمولة الأصلية.',
    alreadyReversed: 'هذه العمولة ملغاة بالفعل.',
    alreadyClawedBack: 'استُردت هذه العمولة بالفعل.',
    inPayout: 'هذه العمولة ضمن دفعة قيد الإرسال. سجّل الاسترداد بعد دفع الدفعة (فيصبح استردادًا من الدفعة القادمة) أو فشلها.',
  },
});
