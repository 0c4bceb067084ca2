import { translationsOf } from '../../lib/messages.ts';

export const PAYMENT_DETAILS_MESSAGES = {
  linkInvalid: 'This link is invalid, was already used, or has expired. If your payment details changed without you, contact the partner programme team.',
  noDetails: 'This agent has no payment details.',
  alreadyVerified: 'These payment details are already verified.',
  sameOperator: 'You proposed this verification: it awaits a second approval by someone other than you.',
  noProposal: 'No verification of these payment details awaits a second approval.',
} as const;

export const PAYMENT_DETAILS_TRANSLATIONS = translationsOf(PAYMENT_DETAILS_MESSAGES, {
  ar: {
    linkInvalid: 'هذا الرابط غير صالح أو استُخدم من قبل أو انتهت صلاحيته. إذا تغيّرت بيانات الدفع دون علمك فتواصل مع فريق برنامج الشركاء.',
    noDetails: 'لا توجد بيانات دفع لهذا الوكيل.',
    alreadyVerified: 'بيانات الدفع هذه موثّقة بالفعل.',
    sameOperator: 'أنت من اقترح هذا التوثيق: ينتظر موافقة ثانية من شخص غيرك.',
    noProposal: 'لا يوجد توثيق مقترح لبيانات الدفع هذه ينتظر موافقة ثانية.',
  },
});
