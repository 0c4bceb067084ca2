import type { Locale } from '@portal/contracts/preferences';
import { escapeHtml, mailDocument } from '../../lib/mail-html.ts';
import type { MailMessage } from '../../lib/mailer.ts';

/**
 * The e-mail each owner of the agent gets when its payment details change: who changed them, the old and the new
 * account masked, that payouts wait for the programme team's check, and the "I didn't do this" link that freezes them.
 */
const TEXTS: Record<Locale, { subject: string; body: (input: { firstName: string; changedBy: string; agentName: string }) => string; old: string; new: string; none: string; hold: string; freeze: string }> = {
  en: {
    subject: 'Your payment details were changed',
    body: ({ firstName, changedBy, agentName }) => `Hello ${firstName}, ${changedBy} changed the bank account that ${agentName}'s commission payouts are paid to.`,
    old: 'Before',
    new: 'Now',
    none: 'none',
    hold: 'Payouts to the new account wait until the partner programme team has verified it.',
    freeze: "If you did not expect this change, freeze the payment details at once; no payout is made until the team has spoken to you:",
  },
  ar: {
    subject: 'تم تغيير بيانات الدفع الخاصة بكم',
    body: ({ firstName, changedBy, agentName }) => `مرحبًا ${firstName}، قام ${changedBy} بتغيير الحساب المصرفي الذي تُدفع إليه عمولات ${agentName}.`,
    old: 'قبل',
    new: 'الآن',
    none: 'لا يوجد',
    hold: 'تنتظر الدفعات إلى الحساب الجديد حتى يتحقق منه فريق برنامج الشركاء.',
    freeze: 'إذا لم تكن تتوقع هذا التغيير فجمّد بيانات الدفع فورًا؛ لن تُرسل أي دفعة حتى يتواصل الفريق معك:',
  },
};


export function paymentDetailsChangedMail(input: { to: string; firstName: string; locale: Locale; changedBy: string; agentName: string; oldMasked: string | null; newMasked: string; freezeUrl: string }): MailMessage {
  const texts = TEXTS[input.locale];
  const body = texts.body(input);
  const old = input.oldMasked ?? texts.none;
  const link = escapeHtml(input.freezeUrl);
  return {
    to: input.to,
    subject: texts.subject,
    text: `${body}\n\n${texts.old}: ${old}\n${texts.new}: ${input.newMasked}\n\n${texts.hold}\n\n${texts.freeze}\n${input.freezeUrl}\n`,
    html: mailDocument(
      input.locale,
      `<p>${escapeHtml(body)}</p><p>${escapeHtml(texts.old)}: <span dir="ltr">${escapeHtml(old)}</span><br>${escapeHtml(texts.new)}: <span dir="ltr">${escapeHtml(input.newMasked)}</span></p>` +
        `<p>${escapeHtml(texts.hold)}</p><p>${escapeHtml(texts.freeze)}<br><a href="${link}" dir="ltr">${link}</a></p>`,
    ),
  };
}
