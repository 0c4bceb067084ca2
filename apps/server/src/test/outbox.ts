import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** An e-mail of the outbox folder, read back the simple way (mailparser is not a dependency). */
export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  /** The decoded text/plain part (or the whole body when the message is not multipart). */
  text: string;
  /** Every http(s) link of the decoded text and HTML. */
  links: string[];
}

function decodeQuotedPrintable(value: string): string {
  const bytes = value
    .replace(/=\r?\n/g, '') // soft line breaks
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function splitHeaders(raw: string): { headers: Map<string, string>; body: string } {
  const separator = raw.search(/\r?\n\r?\n/);
  const head = separator === -1 ? raw : raw.slice(0, separator);
  const body = separator === -1 ? '' : raw.slice(separator).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** The decoded parts of a (possibly nested) MIME body, by content type. */
function parts(headers: Map<string, string>, body: string): { type: string; content: string }[] {
  const type = (headers.get('content-type') ?? 'text/plain').toLowerCase();
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  if (!type.startsWith('multipart/') || !boundary) return [{ type: type.split(';')[0]!, content: decodeBody(headers, body) }];
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => {
      const inner = splitHeaders(chunk.replace(/^\r?\n/, ''));
      return parts(inner.headers, inner.body);
    });
}

const ENCODED_WORD = /=\?utf-8\?([QB])\?([^?]*)\?=/gi;

/**
 * A header's RFC 2047 encoded words, decoded. Adjacent encoded words are one text (the whitespace between them is
 * not part of it, RFC 2047 §6.2), and a character's bytes may be split across two of them (nodemailer splits long
 * non-ASCII subjects), so their bytes are joined before they are read as UTF-8.
 */
function decodeHeaderWord(value: string): string {
  return value.replace(/=\?utf-8\?[QB]\?[^?]*\?=(?:\s+=\?utf-8\?[QB]\?[^?]*\?=)*/gi, (run) => {
    const bytes = [...run.matchAll(ENCODED_WORD)].map(([, kind, text]) =>
      kind!.toUpperCase() === 'B'
        ? Buffer.from(text!, 'base64')
        : Buffer.from(text!.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))), 'latin1'),
    );
    return Buffer.concat(bytes).toString('utf8');
  });
}

export function parseEml(file: string): OutboxMail {
  const { headers, body } = splitHeaders(readFileSync(file, 'utf8'));
  const decoded = parts(headers, body);
  const text = decoded.find((part) => part.type === 'text/plain')?.content ?? decoded[0]?.content ?? '';
  const links = new Set<string>();
  for (const part of decoded) {
    for (const link of part.content.match(/https?:\/\/[^\s<>"]+/g) ?? []) links.add(link.replace(/&amp;/g, '&'));
  }
  return {
    file,
    to: headers.get('to') ?? '',
    subject: decodeHeaderWord(headers.get('subject') ?? ''),
    text,
    links: [...links],
  };
}

/** Every .eml of the outbox folder, oldest first (file names start with the time they were written). */
export function readOutbox(dir: string): OutboxMail[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => parseEml(path.join(dir, name)));
}

/** The newest e-mail to `to` (any recipient when omitted), or undefined. */
export function latestMail(dir: string, to?: string): OutboxMail | undefined {
  const mails = readOutbox(dir).filter((mail) => !to || mail.to.toLowerCase().includes(to.toLowerCase()));
  return mails.at(-1);
}
