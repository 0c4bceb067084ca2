import { createHash } from 'node:crypto';
import { marked, type Token, type Tokens } from 'marked';
import sanitizeHtml from 'sanitize-html';

/**
 * An agreement's text: what the signer is shown and signs, its SHA-256, and the Markdown rendered to HTML that cannot
 * run anything (sanitize-html keeps headings, paragraphs, lists, emphasis, quotes, tables and http(s)/mailto links,
 * nothing else).
 *
 * The signed text is the rendered text, not the Markdown source (issue 33, the outside probe's N6: an HTML comment in
 * the source was in the hash but on neither the page nor the PDF): the title, then each block the page and the signed
 * PDF show (markdownBlocks), in plain words, separated by blank lines. Markup, comments and raw HTML are not words
 * anyone reads, so they are not in what is signed.
 */
export function shownText(agreement: { title: string; body_markdown: string }): string {
  const blocks = markdownBlocks(agreement.body_markdown).filter((block) => block.kind !== 'rule');
  return [agreement.title, ...blocks.map((block) => block.text)].join('\n\n');
}

/** Elements whose content is never text a reader sees: dropped whole, not turned into words. */
const INVISIBLE_ELEMENTS = /<(script|style|template|textarea|noscript|title)\b[\s\S]*?(?:<\/\1\s*>|$)/gi;
const HTML_COMMENT = /<!--[\s\S]*?(?:-->|$)/g;
const HTML_TAG = /<\/?[A-Za-z][^>]*>/g;

/**
 * The Markdown an agreement is saved with: raw HTML in it (a comment, a hidden element) becomes the words it would
 * show, or nothing, so the source holds nothing the page and the PDF do not (sanitised on save, issue 33, N6).
 */
export function cleanAgreementMarkdown(markdown: string): string {
  let source = markdown.replace(/\r\n?/g, '\n');
  // Removing a tag can make another construct HTML (`<<b>b>`): a few passes until none is left.
  for (let pass = 0; pass < 5; pass += 1) {
    const raws: string[] = [];
    marked.walkTokens(marked.lexer(source, { gfm: true }), (token) => {
      if (token.type === 'html') raws.push(token.raw);
    });
    if (raws.length === 0) break;
    let cursor = 0;
    let cleaned = '';
    for (const raw of raws) {
      const at = source.indexOf(raw, cursor);
      if (at < 0) continue;
      const words = raw.replace(HTML_COMMENT, '').replace(INVISIBLE_ELEMENTS, '').replace(HTML_TAG, '');
      cleaned += source.slice(cursor, at) + words;
      cursor = at + raw.length;
    }
    source = cleaned + source.slice(cursor);
  }
  return source;
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
  // Raw HTML inside a paragraph (a comment, a tag) is no word anyone reads on the page: not in the text either.
  return tokens.map((token) => (token.type === 'html' ? '' : 'tokens' in token && token.tokens ? plain(token.tokens, '') : 'text' in token ? String(token.text) : '')).join('');
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
      else if (token.type === 'table') {
        const table = token as Tokens.Table;
        for (const row of [table.header, ...table.rows]) blocks.push({ kind: 'paragraph', depth: 0, text: row.map((cell) => plain(cell.tokens, cell.text)).join(' | ') });
      }
    }
  };
  walk(marked.lexer(markdown.replace(/\r\n?/g, '\n'), { gfm: true }));
  return blocks;
}
