import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The head of a public page, written by the server into the SPA's index.html before any script runs (issue 36):
 * search engines and link previews read the title, description, canonical URL, Open Graph tags and schema.org JSON-LD
 * without running JavaScript. A module adds a provider for its paths (`app.pageHeads.add`); plugins/spa.ts asks the
 * providers for every page it serves. The SPA still renders the page; the head only describes it.
 */
export interface PageHead {
  title: string;
  description: string;
  /** the page's canonical path ('/medical-network'), made absolute with APP_URL */
  canonicalPath: string;
  /** an image path or URL for link previews */
  image?: string | null;
  /** schema.org objects, each written as one `application/ld+json` script */
  jsonLd?: readonly unknown[];
  /** BCP 47 language of the page */
  lang?: string;
}

/** What a provider says of a path: its head, a permanent redirect (an old slug), or that it does not exist (404). */
export type PageHeadAnswer = { head: PageHead } | { redirect: string } | { notFound: true };

export interface PageHeadProvider {
  /** The paths it answers; the match is handed to `resolve`. */
  path: RegExp;
  resolve(match: RegExpExecArray, request: FastifyRequest): Promise<PageHeadAnswer | undefined>;
}

export interface PageHeads {
  add(provider: PageHeadProvider): void;
  /** The first provider's answer for `pathname`, or undefined when none knows it. */
  resolve(pathname: string, request: FastifyRequest): Promise<PageHeadAnswer | undefined>;
}

declare module 'fastify' {
  interface FastifyInstance {
    pageHeads: PageHeads;
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${String(character.charCodeAt(0))};`);
}

/** JSON inside a <script> element: `<` written as \u003c, so no text in it can close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

function absolute(url: string, appUrl: string): string {
  return /^https?:\/\//.test(url) ? url : `${appUrl}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** index.html with `head`'s title and description in place of the generic ones, and its other tags added. */
export function renderHead(html: string, head: PageHead, appUrl: string): string {
  const canonical = absolute(head.canonicalPath, appUrl);
  const tags = [
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(canonical)}" />`,
    ...(head.image ? [`<meta property="og:image" content="${escapeHtml(absolute(head.image, appUrl))}" />`] : []),
    `<meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}" />`,
    ...(head.jsonLd ?? []).map((item) => `<script type="application/ld+json">${scriptJson(item)}</script>`),
  ];
  let page = html.replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeHtml(head.title)}</title>`);
  page = page.replace(/<meta name="description"[^>]*>/, `<meta name="description" content="${escapeHtml(head.description)}" />`);
  if (head.lang) page = page.replace(/<html lang="[^"]*"/, `<html lang="${escapeHtml(head.lang)}"`);
  return page.replace('</head>', `    ${tags.join('\n    ')}\n  </head>`);
}

export const pageHeadsPlugin = fp(
  async (app: FastifyInstance) => {
    const providers: PageHeadProvider[] = [];
    app.decorate('pageHeads', {
      add(provider) {
        providers.push(provider);
      },
      async resolve(pathname, request) {
        for (const provider of providers) {
          const match = provider.path.exec(pathname);
          if (!match) continue;
          const answer = await provider.resolve(match, request);
          if (answer) return answer;
        }
        return undefined;
      },
    });
  },
  { name: 'page-heads' },
);
