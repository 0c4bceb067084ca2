import { LOGIN_LINK_EXPIRE_HOURS, PASSWORD_RESET_EXPIRE_MINUTES } from '@portal/contracts/constants';
import type { Locale } from '@portal/contracts/preferences';
import { paragraphsMail } from '../../lib/mail-html.ts';
import type { MailMessage } from '../../lib/mailer.ts';

/**
 * The e-mails of the auth area: plain text first (what every client shows), and a simple HTML twin, in the
 * recipient's saved language (users.locale). Each language writes every text: TypeScript refuses a language that
 * leaves one out, and mails.test.ts checks that none is blank.
 */

interface MailTexts {
  passwordReset: {
    subject: string;
    intro: (firstName: string) => string;
    linkLead: string;
    button: string;
    outro: (minutes: number) => string;
  };
  approval: {
    subject: string;
    intro: (firstName: string) => string;
    linkLead: string;
    button: string;
    outro: (hours: number, loginUrl: string) => string;
  };
  loginLink: {
    subject: string;
    intro: (firstName: string) => string;
    button: string;
    outro: (hours: number) => string;
  };
  rejection: {
    subject: string;
    text: (firstName: string) => string;
  };
}

export const MAIL_TEXTS: Readonly<Record<Locale, MailTexts>> = {
  en: {
    passwordReset: {
      subject: 'Reset your partner portal password',
      intro: (firstName) => `Hello ${firstName}, we received a request to reset the password of your partner portal account.`,
      linkLead: 'Choose a new password here:',
      button: 'Choose a new password',
      outro: (minutes) =>
        `The link works once and expires in ${minutes} minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.`,
    },
    approval: {
      subject: 'Your partner portal account is approved',
      intro: (firstName) => `Hello ${firstName}, your partner portal account has been approved.`,
      linkLead: 'Sign in here:',
      button: 'Sign in to the portal',
      outro: (hours, loginUrl) =>
        `The link signs you in once and expires in ${hours} hours. After that, sign in at ${loginUrl} with your e-mail address and password.`,
    },
    loginLink: {
      subject: 'Your partner portal sign-in link',
      intro: (firstName) => `Hello ${firstName}, here is your link to sign in to the partner portal.`,
      button: 'Sign in to the portal',
      outro: (hours) => `The link signs you in once and expires in ${hours} hours.`,
    },
    rejection: {
      subject: 'Your partner portal registration',
      text: (firstName) =>
        `Hello ${firstName}, thank you for your interest in our partner programme. We are unable to approve your registration at this time. Reply to this e-mail if you think this is a mistake.`,
    },
  },
  ar: {
    passwordReset: {
      subject: 'إعادة تعيين كلمة مرور بوابة الشركاء',
      intro: (firstName) => `مرحبًا ${firstName}، تلقّينا طلبًا لإعادة تعيين كلمة مرور حسابك في بوابة الشركاء.`,
      linkLead: 'اختر كلمة مرور جديدة من هنا:',
      button: 'اختر كلمة مرور جديدة',
      outro: (minutes) =>
        `يعمل الرابط مرة واحدة وتنتهي صلاحيته بعد ${minutes} دقيقة. إذا لم تطلبه فتجاهل هذه الرسالة: ستبقى كلمة مرورك كما هي.`,
    },
    approval: {
      subject: 'تمت الموافقة على حسابك في بوابة الشركاء',
      intro: (firstName) => `مرحبًا ${firstName}، تمت الموافقة على حسابك في بوابة الشركاء.`,
      linkLead: 'سجّل الدخول من هنا:',
      button: 'تسجيل الدخول إلى البوابة',
      outro: (hours, loginUrl) =>
        `يسجّل الرابط دخولك مرة واحدة وتنتهي صلاحيته بعد ${hours} ساعة. بعد ذلك سجّل الدخول في ${loginUrl} ببريدك الإلكتروني وكلمة المرور.`,
    },
    loginLink: {
      subject: 'رابط تسجيل الدخول إلى بوابة الشركاء',
      intro: (firstName) => `مرحبًا ${firstName}، إليك رابط تسجيل الدخول إلى بوابة الشركاء.`,
      button: 'تسجيل الدخول إلى البوابة',
      outro: (hours) => `يسجّل الرابط دخولك مرة واحدة وتنتهي صلاحيته بعد ${hours} ساعة.`,
    },
    rejection: {
      subject: 'طلب تسجيلك في بوابة الشركاء',
      text: (firstName) =>
        `مرحبًا ${firstName}، شكرًا لاهتمامك ببرنامج الشركاء لدينا. لا يمكننا الموافقة على تسجيلك في الوقت الحالي. إذا كنت ترى أن في ذلك خطأ فردّ على هذه الرسالة.`,
    },
  },
};



export function passwordResetMail(input: { to: string; firstName: string; link: string; locale: Locale }): MailMessage {
  const texts = MAIL_TEXTS[input.locale].passwordReset;
  const intro = texts.intro(input.firstName);
  const outro = texts.outro(PASSWORD_RESET_EXPIRE_MINUTES);
  return {
    to: input.to,
    subject: texts.subject,
    text: `${intro}\n\n${texts.linkLead}\n${input.link}\n\n${outro}\n`,
    html: paragraphsMail(input.locale, [intro, outro], { href: input.link, label: texts.button }),
  };
}

export function approvalMail(input: { to: string; firstName: string; link: string; loginUrl: string; locale: Locale }): MailMessage {
  const texts = MAIL_TEXTS[input.locale].approval;
  const intro = texts.intro(input.firstName);
  const outro = texts.outro(LOGIN_LINK_EXPIRE_HOURS, input.loginUrl);
  return {
    to: input.to,
    subject: texts.subject,
    text: `${intro}\n\n${texts.linkLead}\n${input.link}\n\n${outro}\n`,
    html: paragraphsMail(input.locale, [intro, outro], { href: input.link, label: texts.button }),
  };
}

export function loginLinkMail(input: { to: string; firstName: string; link: string; locale: Locale }): MailMessage {
  const texts = MAIL_TEXTS[input.locale].loginLink;
  const intro = texts.intro(input.firstName);
  const outro = texts.outro(LOGIN_LINK_EXPIRE_HOURS);
  return {
    to: input.to,
    subject: texts.subject,
    text: `${intro}\n\n${input.link}\n\n${outro}\n`,
    html: paragraphsMail(input.locale, [intro, outro], { href: input.link, label: texts.button }),
  };
}

export function rejectionMail(input: { to: string; firstName: string; locale: Locale }): MailMessage {
  const texts = MAIL_TEXTS[input.locale].rejection;
  const text = texts.text(input.firstName);
  return { to: input.to, subject: texts.subject, text: `${text}\n`, html: paragraphsMail(input.locale, [text]) };
}
