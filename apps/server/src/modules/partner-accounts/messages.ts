import { translationsOf } from '../../lib/messages.ts';

export const PARTNER_ACCOUNT_MESSAGES = {
  notApproved: 'Only an approved account can be suspended.',
  notSuspended: 'Only a suspended account can be reactivated.',
  noLinkUnlessApproved: 'Only an approved account can be sent a sign-in link.',
} as const;

export const PARTNER_ACCOUNT_TRANSLATIONS = translationsOf(PARTNER_ACCOUNT_MESSAGES, {
  ar: {
    notApproved: 'لا يمكن إيقاف إلا حساب تمت الموافقة عليه.',
    notSuspended: 'لا يمكن إعادة تفعيل إلا حساب موقوف.',
    noLinkUnlessApproved: 'لا يُرسل رابط تسجيل الدخول إلا إلى حساب تمت الموافقة عليه.',
  },
});
