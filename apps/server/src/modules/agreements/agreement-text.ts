import { createHash } from 'node:crypto';
import { marked, type Token, type Tokens } from 'marked';
import sanitizeHtml from 'sanitize-html';

/**
 * An agreement's text: what the signer is shown and signs (its title, a blank line, its Markdown body, line breaks
 * as LF), its SHA-256, and the Markdown rendered to HTML that cannot run anything (sanitize-html keeps headings,
 * paragraphs, lists, emphasis, quotes, tables and http(s)/mailto links, nothing else).
 */
export function shownText(agreement: { title: string; body_markdown: string }): string {
  return `${agreement.title}\n\n${agreement.body_markdown.replace(/\r\n?/g, '\n')}`;
}

export function sha256Hex(text: string | Buffer): string {
  return createHash('sha256').update(text).digest('hex');
}

const ALLOWED = {
  allowedTags: ['h1', 'h2', 'h3', 'h4', 'p', 'ul', 'ol', 'li', 'strong', 'em', 'blockquote', 'hr', 'br', 'a', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'code'],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
} satisfies sanitizeHtml.IOptions;

export function markdownToSafeHtml(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true });
  return sanitizeHtml(html, ALLOWED);
}

/** A block of the body as the PDF draws it: a heading, a paragraph or a list item, in plain text. */
export interface TextBlock {
  kind: 'heading' | 'paragraph' | 'item' | 'rule';
  depth: number;
  text: string;
}

function plain(tokens: Token[] | undefined, fallback: string): string {
  if (!tokens) return fallback;
  return tokens.map((token) => ('tokens' in token && token.tokens ? plain(token.tokens, '') : 'text' in token ? String(token.text) : '')).join('');
}

/** The body as blocks for the PDF (marked's lexer; emphasis and links become their words). */
export function markdownBlocks(markdown: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'heading') blocks.push({ kind: 'heading', depth: (token as Tokens.Heading).depth, text: plain(token.tokens, token.text) });
      else if (token.type === 'paragraph') blocks.push({ kind: 'paragraph', depth: 0, text: plain(token.tokens, token.text) });
      else if (token.type === 'list') {
        (token as Tokens.List).items.forEach((item, index) => {
          const marker = (token as Tokens.List).ordered ? `${Number((token as Tokens.List).start || 1) + index}.` : '•';
          blocks.push({ kind: 'item', depth: 1, text: `${marker} ${plain(item.tokens.flatMap((inner) => ('tokens' in inner && inner.tokens ? inner.tokens : [inner])), item.text)}` });
        });
      } else if (token.type === 'hr') blocks.push({ kind: 'rule', depth: 0, text: '' });
      else if (token.type === 'blockquote') walk((token as Tokens.Blockquote).tokens);
      else if (token.type === 'text' || token.type === 'code') blocks.push({ kind: 'paragraph', depth: 0, text: token.text });
    }
  };
  walk(marked.lexer(markdown.replace(/\r\n?/g, '\n'), { gfm: true }));
  return blocks;
}
