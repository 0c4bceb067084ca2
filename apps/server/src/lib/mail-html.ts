import { RTL_LOCALES, type Locale } from '@portal/contracts/preferences';

/**
 * The HTML part of the portal's e-mails, one look for all of them: a plain document in the reader's language and
 * direction, paragraphs, and at most one button. Every value put into it goes through `escapeHtml`, so a name or a
 * reply can never become markup in a partner's mail client.
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** A link drawn as a button (inline styles: mail clients drop style sheets). */
export function mailButton(link: { href: string; label: string }): string {
  return `<p><a href="${escapeHtml(link.href)}" style="display:inline-block;padding:10px 18px;background:#1c7ed6;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>`;
}

/** The whole document around `body` (already HTML). A right-to-left language reads from the right in every client that honours the document's direction. */
export function mailDocument(locale: Locale, body: string): string {
  const direction = RTL_LOCALES.includes(locale) ? 'rtl' : 'ltr';
  return `<!doctype html><html lang="${locale}" dir="${direction}"><body dir="${direction}" style="font-family:Arial,sans-serif;font-size:15px;color:#222">${body}</body></html>`;
}

/** Paragraphs of text, with the button (when there is one) after the first. */
export function paragraphsMail(locale: Locale, paragraphs: string[], link?: { href: string; label: string }): string {
  const body = paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`);
  if (link) body.splice(1, 0, mailButton(link));
  return mailDocument(locale, body.join(''));
}
