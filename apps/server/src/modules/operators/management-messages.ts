import type { MessageTranslations } from '@portal/contracts/message-translations';
import { translationsOf } from '../../lib/messages.ts';

/** What the Operators page's endpoints answer with: each refusal says why, so the admin knows what to do instead. */
export const OPERATOR_MANAGEMENT_MESSAGES = {
  emailTaken: 'An operator with this e-mail address exists already.',
  selfDisable: 'You cannot disable your own account: another admin can.',
  selfRole: 'You cannot change your own role: another admin can.',
  selfTwoFactor: 'You cannot reset your own two-factor authentication: another admin can.',
  lastAdminDisable: 'This is the last active admin: make another operator an admin before disabling this one.',
  lastAdminDemote: 'This is the last active admin: make another operator an admin before changing this role.',
  sameRole: 'This operator has this role already.',
  alreadyDisabled: 'This operator is disabled already.',
  notDisabled: 'Only a disabled operator can be re-enabled.',
  noTwoFactor: 'This operator has not enrolled two-factor authentication yet: there is nothing to reset.',
  notInvited: 'Only an operator who has not accepted their invitation yet can be sent it again.',
  invitationInvalid: 'This invitation link is invalid or has expired.',
} as const;

export const OPERATOR_MANAGEMENT_TRANSLATIONS = translationsOf(OPERATOR_MANAGEMENT_MESSAGES, {
  ar: {
    emailTaken: 'يوجد مشغّل بعنوان البريد الإلكتروني هذا بالفعل.',
    selfDisable: 'لا يمكنك تعطيل حسابك بنفسك: يمكن لمسؤول آخر ذلك.',
    selfRole: 'لا يمكنك تغيير دورك بنفسك: يمكن لمسؤول آخر ذلك.',
    selfTwoFactor: 'لا يمكنك إعادة تعيين التحقق بخطوتين لحسابك بنفسك: يمكن لمسؤول آخر ذلك.',
    lastAdminDisable: 'هذا آخر مسؤول نشط: اجعل مشغّلًا آخر مسؤولًا قبل تعطيل هذا الحساب.',
    lastAdminDemote: 'هذا آخر مسؤول نشط: اجعل مشغّلًا آخر مسؤولًا قبل تغيير هذا الدور.',
    sameRole: 'لهذا المشغّل هذا الدور بالفعل.',
    alreadyDisabled: 'هذا المشغّل معطّل بالفعل.',
    notDisabled: 'لا يمكن إعادة تفعيل إلا مشغّل معطّل.',
    noTwoFactor: 'لم يُفعّل هذا المشغّل التحقق بخطوتين بعد: لا شيء لإعادة تعيينه.',
    notInvited: 'لا تُعاد الدعوة إلا لمشغّل لم يقبل دعوته بعد.',
    invitationInvalid: 'رابط الدعوة هذا غير صالح أو انتهت صلاحيته.',
  },
});

/** Two catalogues' translations as one (a module hands defineModule one set). */
export function mergeTranslations(...sets: MessageTranslations[]): MessageTranslations {
  const merged = { messages: {}, terms: {} } as { messages: Record<string, Record<string, string>>; terms: Record<string, Record<string, string>> };
  for (const set of sets) {
    for (const [locale, table] of Object.entries(set.messages)) merged.messages[locale] = { ...merged.messages[locale], ...table };
    for (const [locale, table] of Object.entries(set.terms)) merged.terms[locale] = { ...merged.terms[locale], ...table };
  }
  return merged as MessageTranslations;
}
