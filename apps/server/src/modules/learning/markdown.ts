import { Marked, type Tokens } from 'marked';
import sanitizeHtml from 'sanitize-html';
import type { TocEntry } from '@portal/contracts/learning';
import { LEARNING_MESSAGES } from './messages.ts';

/**
 * Learning content is written in Markdown and stored as HTML sanitised on save (issue 38): marked renders, then
 * sanitize-html keeps only text structure (headings, paragraphs, lists, emphasis, quotes, code, tables) and links
 * to http(s)/mailto or the portal's own paths. Scripts, event handlers, styles, iframes, SVG and MathML, forms and
 * `javascript:`/`data:` URLs are dropped whatever the language. Headings get ids (`section-…`) for the table of
 * contents; an author's own id survives only in that form, so it cannot clobber a global of the page.
 */

export interface RenderedMarkdown {
  html: string;
  /** the words, for search and snippets */
  text: string;
  toc: TocEntry[];
  words: number;
}

/** 'Before you refer' → 'section-before-you-refer'; Arabic letters are kept ('section-قبل-الإحالة'). */
export function headingId(text: string): string {
  const slug = text
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `section-${slug || 'part'}`;
}

const ID_PATTERN = /^section-[\p{L}\p{N}-]{1,80}$/u;

const keepSectionId: sanitizeHtml.Transformer = (tagName, attribs) => ({
  tagName,
  attribs: attribs.id && ID_PATTERN.test(attribs.id) ? { id: attribs.id } : ({} as Record<string, string>),
});

const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: ['h2', 'h3', 'h4', 'p', 'ul', 'ol', 'li', 'strong', 'em', 'del', 'blockquote', 'hr', 'br', 'a', 'code', 'pre', 'table', 'thead', 'tbody', 'tr', 'th', 'td'],
  allowedAttributes: { a: ['href', 'rel', 'target'], h2: ['id'], h3: ['id'], h4: ['id'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  // Text inside dropped elements that is never shown (scripts, styles, SVG and MathML source) goes with them.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'svg', 'math', 'template', 'iframe', 'object'],
  disallowedTagsMode: 'discard',
  transformTags: {
    // h1 is the page's title: a body's first-level heading becomes a second-level one.
    h1: (_tag, attribs) => keepSectionId('h2', attribs),
    h2: keepSectionId,
    h3: keepSectionId,
    h4: keepSectionId,
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      const external = /^https?:/i.test(href);
      return { tagName, attribs: { href, ...(external ? { rel: 'noopener noreferrer', target: '_blank' } : {}) } };
    },
  },
};

function plainText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {}, nonTextTags: ALLOWED.nonTextTags })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** Markdown → sanitised HTML, its words, its table of contents (second and third-level headings). */
export function renderMarkdown(markdown: string): RenderedMarkdown {
  const toc: TocEntry[] = [];
  const used = new Map<string, number>();
  const marked = new Marked({ gfm: true, async: false });
  marked.use({
    renderer: {
      heading(this: { parser: { parseInline(tokens: Tokens.Heading['tokens']): string } }, token: Tokens.Heading) {
        const inner = this.parser.parseInline(token.tokens);
        const text = plainText(inner);
        const depth = Math.min(Math.max(token.depth, 2), 4);
        let id = headingId(text);
        const seen = used.get(id) ?? 0;
        used.set(id, seen + 1);
        if (seen > 0) id = `${id}-${seen + 1}`;
        if (depth <= 3 && text) toc.push({ id, text, depth });
        return `<h${depth} id="${id}">${inner}</h${depth}>\n`;
      },
    },
  });
  const source = markdown.replace(/\r\n?/g, '\n');
  const html = sanitizeHtml(marked.parse(source) as string, ALLOWED);
  const text = plainText(html);
  // A heading an author wrote as raw HTML has no TOC entry; the ids in the TOC are the ones that survived.
  const kept = toc.filter((entry) => html.includes(`id="${entry.id}"`));
  return { html, text, toc: kept, words: text ? text.split(' ').length : 0 };
}

/**
 * The words of a WebVTT file (its cues' text, without timings or tags), for search. Throws when the text is not
 * WebVTT, so a caption file is checked when it is saved.
 */
export function captionWords(vtt: string): string {
  return parseCues(vtt)
    .map((cue) => cue.text)
    .join(' ');
}

export interface Cue {
  start: number;
  end: number;
  text: string;
}

export class InvalidCaptionsError extends Error {}

function seconds(stamp: string): number {
  const parts = stamp.split(':').map(Number);
  return parts.reduce((total, part) => total * 60 + part, 0);
}

export function parseCues(vtt: string): Cue[] {
  const source = vtt.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!/^WEBVTT(?:[ \t].*)?(?:\n|$)/.test(source)) throw new InvalidCaptionsError(LEARNING_MESSAGES.captionsNotVtt);
  const cues: Cue[] = [];
  for (const block of source.split(/\n{2,}/).slice(1)) {
    const lines = block.split('\n').filter(Boolean);
    const timingIndex = lines.findIndex((line) => line.includes('-->'));
    if (timingIndex < 0) continue;
    const match = /^((?:\d+:)?\d{2}:\d{2}\.\d{3})\s+-->\s+((?:\d+:)?\d{2}:\d{2}\.\d{3})/.exec(lines[timingIndex]!.trim());
    if (!match) throw new InvalidCaptionsError(LEARNING_MESSAGES.captionsTiming);
    const text = plainText(lines.slice(timingIndex + 1).join(' '));
    cues.push({ start: seconds(match[1]!), end: seconds(match[2]!), text });
  }
  return cues;
}
