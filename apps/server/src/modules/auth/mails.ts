import { LOGIN_LINK_EXPIRE_HOURS, PASSWORD_RESET_EXPIRE_MINUTES } from '@portal/contracts/constants';
import type { MailMessage } from '../../lib/mailer.ts';

/** The e-mails of the auth area: plain text first (what every client shows), and a simple HTML twin. */

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function html(paragraphs: string[], link?: { href: string; label: string }): string {
  const body = paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`);
  if (link) {
    body.splice(
      1,
      0,
      `<p><a href="${escapeHtml(link.href)}" style="display:inline-block;padding:10px 18px;background:#1c7ed6;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>`,
    );
  }
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;font-size:15px;color:#222">${body.join('')}</body></html>`;
}

export function passwordResetMail(input: { to: string; firstName: string; link: string }): MailMessage {
  const intro = `Hello ${input.firstName}, we received a request to reset the password of your partner portal account.`;
  const outro = `The link works once and expires in ${PASSWORD_RESET_EXPIRE_MINUTES} minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.`;
  return {
    to: input.to,
    subject: 'Reset your partner portal password',
    text: `${intro}\n\nChoose a new password here:\n${input.link}\n\n${outro}\n`,
    html: html([intro, outro], { href: input.link, label: 'Choose a new password' }),
  };
}

export function approvalMail(input: { to: string; firstName: string; link: string; loginUrl: string }): MailMessage {
  const intro = `Hello ${input.firstName}, your partner portal account has been approved.`;
  const outro = `The link signs you in once and expires in ${LOGIN_LINK_EXPIRE_HOURS} hours. After that, sign in at ${input.loginUrl} with your e-mail address and password.`;
  return {
    to: input.to,
    subject: 'Your partner portal account is approved',
    text: `${intro}\n\nSign in here:\n${input.link}\n\n${outro}\n`,
    html: html([intro, outro], { href: input.link, label: 'Sign in to the portal' }),
  };
}

export function loginLinkMail(input: { to: string; firstName: string; link: string }): MailMessage {
  const intro = `Hello ${input.firstName}, here is your link to sign in to the partner portal.`;
  const outro = `The link signs you in once and expires in ${LOGIN_LINK_EXPIRE_HOURS} hours.`;
  return {
    to: input.to,
    subject: 'Your partner portal sign-in link',
    text: `${intro}\n\n${input.link}\n\n${outro}\n`,
    html: html([intro, outro], { href: input.link, label: 'Sign in to the portal' }),
  };
}

export function rejectionMail(input: { to: string; firstName: string }): MailMessage {
  const text = `Hello ${input.firstName}, thank you for your interest in our partner programme. We are unable to approve your registration at this time. Reply to this e-mail if you think this is a mistake.`;
  return { to: input.to, subject: 'Your partner portal registration', text: `${text}\n`, html: html([text]) };
}
