import type { FastifyInstance } from 'fastify';
import { findHandbook } from './repository.ts';

/**
 * The public handbook's head, written by the server (plugins/page-heads.ts) so search engines and link previews read
 * its title and description without running the SPA: /handbook (the version in effect) and /handbook/versions/{n}
 * (an older version, canonical at its own URL). An unknown version is a 404.
 */
export function addHandbookPageHeads(app: FastifyInstance): void {
  const pool = app.database.pool;
  app.pageHeads.add({
    path: /^\/handbook(?:\/versions\/(\d{1,9}))?\/?$/,
    async resolve(match) {
      const version = match[1] ? Number(match[1]) : null;
      const record = await findHandbook(pool, version);
      if (!record || (version !== null && !record.effective_on)) return { notFound: true };
      const effective = record.effective_on ? ` In effect from ${record.effective_on}.` : '';
      const description = (record.summary_en || 'How the referral programme works: referring patients, bookings, commission and refunds.') + effective;
      return {
        head: {
          title: version === null ? record.title_en : `${record.title_en}, version ${record.version}`,
          description,
          canonicalPath: version === null ? '/handbook' : `/handbook/versions/${record.version}`,
          lang: 'en',
          jsonLd: [{ '@context': 'https://schema.org', '@type': 'WebPage', name: record.title_en, description, version: String(record.version), datePublished: record.effective_on ?? undefined }],
        },
      };
    },
  });
}
