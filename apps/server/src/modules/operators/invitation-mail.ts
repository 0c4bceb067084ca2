import { OPERATOR_INVITATION_EXPIRE_HOURS } from '@portal/contracts/console-operators';
import type { OperatorRole } from '@portal/contracts/operator-permissions';
import { escapeHtml, mailButton } from '../../lib/mail-html.ts';
import type { MailMessage } from '../../lib/mailer.ts';

/**
 * The invitation an operator receives. Operators have no saved language (the console follows the browser's), so the
 * e-mail is written in English and Arabic, each block in its own direction.
 */

const ROLE_NAMES: Record<OperatorRole, { en: string; ar: string }> = {
  admin: { en: 'Admin', ar: 'مسؤول' },
  finance: { en: 'Finance', ar: 'المالية' },
  content: { en: 'Content', ar: 'المحتوى' },
  support: { en: 'Support', ar: 'الدعم' },
};


export function operatorInvitationMail(input: { to: string; name: string; role: OperatorRole; invitedBy: string; link: string }): MailMessage {
  const hours = OPERATOR_INVITATION_EXPIRE_HOURS;
  const role = ROLE_NAMES[input.role];
  const en = [
    `Hello ${input.name}, ${input.invitedBy} has invited you to the partner portal's operations console as ${role.en}.`,
    'Choose your password here:',
    `The link works once and expires in ${hours} hours. When you first sign in, you will set up two-factor authentication with an authenticator app.`,
  ];
  const ar = [
    `مرحبًا ${input.name}، دعاك ${input.invitedBy} إلى وحدة العمليات في بوابة الشركاء بدور ${role.ar}.`,
    'اختر كلمة مرورك من هنا:',
    `يعمل الرابط مرة واحدة وتنتهي صلاحيته بعد ${hours} ساعة. عند تسجيل دخولك الأول ستُعدّ التحقق بخطوتين بتطبيق مصادقة.`,
  ];
  const text = `${en[0]}\n\n${en[1]}\n${input.link}\n\n${en[2]}\n\n---\n\n${ar[0]}\n\n${ar[1]}\n${input.link}\n\n${ar[2]}\n`;
  const block = (lang: 'en' | 'ar', lines: string[], label: string) =>
    `<div lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"><p>${escapeHtml(lines[0]!)}</p>${mailButton({ href: input.link, label })}<p>${escapeHtml(lines[2]!)}</p></div>`;
  return {
    to: input.to,
    subject: 'Your invitation to the operations console · دعوتك إلى وحدة العمليات',
    text,
    html: `<!doctype html><html lang="en"><body style="font-family:Arial,sans-serif;font-size:15px;color:#222">${block('en', en, 'Choose your password')}<hr>${block('ar', ar, 'اختر كلمة مرورك')}</body></html>`,
  };
}
