import { translationsOf } from '../../lib/messages.ts';

export const AGREEMENTS_MESSAGES = {
  notAwaitingSignature: 'This agreement is not awaiting a signature: it is already signed, superseded or expired.',
  textChanged: 'This agreement changed since you opened it. Read the new text before signing.',
  notSigned: 'This agreement has not been signed yet.',
  onlyDrafts: 'Only a draft can be changed; publish a new version instead.',
  notDraft: 'This version is already published.',
  unknownAgent: 'The selected referral agent does not exist.',
  keyTaken: 'Another family of agreements uses this key.',
} as const;

export const AGREEMENTS_TRANSLATIONS = translationsOf(AGREEMENTS_MESSAGES, {
  ar: {
    notAwaitingSignature: 'هذه الاتفاقية لا تنتظر توقيعًا: فهي موقّعة أو حلّت محلها نسخة أحدث أو انتهت.',
    textChanged: 'تغيّرت هذه الاتفاقية منذ فتحتها. اقرأ النص الجديد قبل التوقيع.',
    notSigned: 'لم تُوقَّع هذه الاتفاقية بعد.',
    onlyDrafts: 'لا يمكن تعديل إلا المسودة؛ انشر نسخة جديدة بدلًا من ذلك.',
    notDraft: 'هذه النسخة منشورة بالفعل.',
    unknownAgent: 'وكيل الإحالة المحدد غير موجود.',
    keyTaken: 'تستخدم مجموعة اتفاقيات أخرى هذا المفتاح.',
  },
});
