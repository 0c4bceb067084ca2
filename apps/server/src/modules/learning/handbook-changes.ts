import type { ContentLanguage, TocEntry } from '@portal/contracts/learning';

/**
 * What changed between two versions of the handbook, section by section (a section is a heading of the table of
 * contents and everything up to the next one): added, changed (its text differs) or removed. In the reader's
 * language when both versions have it, else in English.
 */

interface HandbookText {
  body_html_en: string;
  body_html_ar: string | null;
  toc_en: TocEntry[];
  toc_ar: TocEntry[] | null;
}

export interface HandbookChange {
  kind: 'added' | 'changed' | 'removed';
  section: string;
  anchor: string | null;
}

/** Each heading's id → the HTML from it to the next heading of the TOC's depth or above. */
function sectionsOf(html: string): Map<string, string> {
  const sections = new Map<string, string>();
  const parts = html.split(/(?=<h[23] id=")/);
  for (const part of parts) {
    const match = /^<h[23] id="([^"]+)">/.exec(part);
    if (match) sections.set(match[1]!, part.trim());
  }
  return sections;
}

export function handbookChanges(before: HandbookText, after: HandbookText, language: ContentLanguage): HandbookChange[] {
  const arabic = language === 'ar' && before.body_html_ar !== null && after.body_html_ar !== null;
  const pick = (text: HandbookText) => ({ html: (arabic ? text.body_html_ar : text.body_html_en) ?? '', toc: (arabic ? text.toc_ar : text.toc_en) ?? [] });
  const old = pick(before);
  const now = pick(after);
  const oldSections = sectionsOf(old.html);
  const newSections = sectionsOf(now.html);
  const changes: HandbookChange[] = [];
  for (const entry of now.toc) {
    const previous = oldSections.get(entry.id);
    if (previous === undefined) changes.push({ kind: 'added', section: entry.text, anchor: entry.id });
    else if (previous !== newSections.get(entry.id)) changes.push({ kind: 'changed', section: entry.text, anchor: entry.id });
  }
  for (const entry of old.toc) {
    if (!newSections.has(entry.id)) changes.push({ kind: 'removed', section: entry.text, anchor: null });
  }
  return changes;
}
