import type { Locale } from '@portal/contracts/preferences';
import { escapeHtml, mailDocument } from '../../lib/mail-html.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import { FEEDBACK_REPLY_TEXTS } from './messages.ts';


/**
 * The e-mail a partner gets when an operator answers their feedback, in the partner's saved language: the answer
 * itself and the link to the thread. Plain text first, with a simple HTML twin.
 */
export function feedbackReplyMail(input: { to: string; firstName: string; reply: string; link: string; locale: Locale }): MailMessage {
  const texts = FEEDBACK_REPLY_TEXTS[input.locale];
  const intro = texts.intro(input.firstName);
  const text = `${intro}\n\n${input.reply}\n\n${texts.linkLead}\n${input.link}\n\n${texts.outro}\n`;
  const quoted = escapeHtml(input.reply).replace(/\n/g, '<br>');
  const link = escapeHtml(input.link);
  const html = mailDocument(
    input.locale,
    `<p>${escapeHtml(intro)}</p><blockquote style="border-inline-start:3px solid #ccc;margin:0;padding:4px 12px">${quoted}</blockquote>` +
      `<p>${escapeHtml(texts.linkLead)}<br><a href="${link}" dir="ltr">${link}</a></p><p>${escapeHtml(texts.outro)}</p>`,
  );
  return { to: input.to, subject: texts.subject, text, html };
}
