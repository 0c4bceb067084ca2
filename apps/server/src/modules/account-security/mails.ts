import type { Locale } from '@portal/contracts/preferences';
import { escapeHtml, mailDocument } from '../../lib/mail-html.ts';
import type { MailMessage } from '../../lib/mailer.ts';

/**
 * The notices the Security tab sends the member (plain text and a simple HTML twin, in their saved language): when
 * two-factor is turned off and when every other device is signed out, so a change they did not make is seen.
 */

interface NoticeTexts {
  subject: string;
  body: (firstName: string) => string;
}

interface SecurityMailTexts {
  twoFactorDisabled: NoticeTexts;
  signedOutEverywhere: NoticeTexts;
  closing: string;
}

export const SECURITY_MAIL_TEXTS: Readonly<Record<Locale, SecurityMailTexts>> = {
  en: {
    twoFactorDisabled: {
      subject: 'Two-factor authentication was turned off',
      body: (firstName) =>
        `Hello ${firstName}, two-factor authentication was just turned off for your partner portal account. Signing in now needs only your password.`,
    },
    signedOutEverywhere: {
      subject: 'Your other devices were signed out',
      body: (firstName) =>
        `Hello ${firstName}, every other device signed in to your partner portal account was just signed out. Only the device that asked stays signed in.`,
    },
    closing: "If this was not you, change your password at once and review your account's security here:",
  },
  ar: {
    twoFactorDisabled: {
      subject: 'تم إيقاف التحقق بخطوتين',
      body: (firstName) =>
        `مرحبًا ${firstName}، تم للتو إيقاف التحقق بخطوتين لحسابك في بوابة الشركاء. أصبح تسجيل الدخول يحتاج إلى كلمة المرور وحدها.`,
    },
    signedOutEverywhere: {
      subject: 'تم تسجيل خروج أجهزتك الأخرى',
      body: (firstName) =>
        `مرحبًا ${firstName}، تم للتو تسجيل خروج كل الأجهزة الأخرى المسجّلة في حسابك في بوابة الشركاء. يبقى الجهاز الذي طلب ذلك وحده مسجّلًا.`,
    },
    closing: 'إذا لم تكن أنت من فعل ذلك، فغيّر كلمة المرور فورًا وراجع أمان حسابك من هنا:',
  },
};


export function securityNoticeMail(input: {
  kind: 'twoFactorDisabled' | 'signedOutEverywhere';
  to: string;
  firstName: string;
  locale: Locale;
  securityUrl: string;
}): MailMessage {
  const texts = SECURITY_MAIL_TEXTS[input.locale];
  const body = texts[input.kind].body(input.firstName);
  const link = escapeHtml(input.securityUrl);
  return {
    to: input.to,
    subject: texts[input.kind].subject,
    // The address on a line of its own: no punctuation of the sentence sticks to it.
    text: `${body}\n\n${texts.closing}\n${input.securityUrl}\n`,
    html: mailDocument(input.locale, `<p>${escapeHtml(body)}</p><p>${escapeHtml(texts.closing)}<br><a href="${link}" dir="ltr">${link}</a></p>`),
  };
}
