import { EMAIL_CHANGE_EXPIRE_MINUTES } from '@portal/contracts/profile';
import { RTL_LOCALES, type Locale } from '@portal/contracts/preferences';
import type { MailMessage } from '../../lib/mailer.ts';

/**
 * The profile's e-mails, in the person's saved language: the confirmation link to the new address, and the notice
 * to the old one (a security notice: always sent, whatever the notification preferences say).
 */
interface ProfileMailTexts {
  confirm: { subject: string; intro: (firstName: string, email: string) => string; button: string; outro: (minutes: number) => string };
  notice: { subject: string; text: (firstName: string, newEmail: string) => string };
}

export const PROFILE_MAIL_TEXTS: Readonly<Record<Locale, ProfileMailTexts>> = {
  en: {
    confirm: {
      subject: 'Confirm your new partner portal e-mail address',
      intro: (firstName, email) => `Hello ${firstName}, you asked to use ${email} for your partner portal account.`,
      button: 'Confirm this address',
      outro: (minutes) => `The link works once and expires in ${minutes} minutes. Until you follow it, your address stays as it is.`,
    },
    notice: {
      subject: 'Your partner portal e-mail address is being changed',
      text: (firstName, newEmail) =>
        `Hello ${firstName}, someone signed in to your partner portal account asked to change its e-mail address to ${newEmail}. ` +
        'It changes only when the link sent to that address is followed. If this was not you, change your password now and tell your portal administrator.',
    },
  },
  ar: {
    confirm: {
      subject: 'أكّد عنوان بريدك الإلكتروني الجديد في بوابة الشركاء',
      intro: (firstName, email) => `مرحبًا ${firstName}، طلبت استخدام ${email} لحسابك في بوابة الشركاء.`,
      button: 'تأكيد هذا العنوان',
      outro: (minutes) => `يعمل الرابط مرة واحدة وتنتهي صلاحيته بعد ${minutes} دقيقة. يبقى عنوانك كما هو حتى تفتح الرابط.`,
    },
    notice: {
      subject: 'يجري تغيير عنوان بريدك الإلكتروني في بوابة الشركاء',
      text: (firstName, newEmail) =>
        `مرحبًا ${firstName}، طلب شخص مسجّل الدخول إلى حسابك في بوابة الشركاء تغيير عنوان بريده الإلكتروني إلى ${newEmail}. ` +
        'لن يتغير العنوان إلا عند فتح الرابط المرسل إلى ذلك العنوان. إن لم تكن أنت، فغيّر كلمة مرورك الآن وأبلغ مسؤول البوابة.',
    },
  },
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function html(locale: Locale, paragraphs: string[], link?: { href: string; label: string }): string {
  const body = paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`);
  if (link) {
    body.splice(
      1,
      0,
      `<p><a href="${escapeHtml(link.href)}" style="display:inline-block;padding:10px 18px;background:#1c7ed6;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>`,
    );
  }
  const direction = RTL_LOCALES.includes(locale) ? 'rtl' : 'ltr';
  return `<!doctype html><html lang="${locale}" dir="${direction}"><body dir="${direction}" style="font-family:Arial,sans-serif;font-size:15px;color:#222">${body.join('')}</body></html>`;
}

export function emailChangeConfirmMail(input: { to: string; firstName: string; link: string; locale: Locale }): MailMessage {
  const texts = PROFILE_MAIL_TEXTS[input.locale].confirm;
  const intro = texts.intro(input.firstName, input.to);
  const outro = texts.outro(EMAIL_CHANGE_EXPIRE_MINUTES);
  return {
    to: input.to,
    subject: texts.subject,
    text: `${intro}\n\n${input.link}\n\n${outro}\n`,
    html: html(input.locale, [intro, outro], { href: input.link, label: texts.button }),
  };
}

export function emailChangeNoticeMail(input: { to: string; firstName: string; newEmail: string; locale: Locale }): MailMessage {
  const texts = PROFILE_MAIL_TEXTS[input.locale].notice;
  const text = texts.text(input.firstName, input.newEmail);
  return { to: input.to, subject: texts.subject, text: `${text}\n`, html: html(input.locale, [text]) };
}
