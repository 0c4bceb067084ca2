import type { FastifyInstance } from 'fastify';
import { networkListQuerySchema } from '@portal/contracts/network';
import { currentSlugOf, findNetworkPage, findProduct } from './repository.ts';

/** How many facilities the network page's JSON-LD lists (its first page, as the list shows it). */
const LISTED = 25;

/**
 * The server-written heads of the network's pages (plugins/page-heads.ts):
 * - `/{product}-network`: title, description, canonical URL, Open Graph, and a schema.org ItemList of MedicalClinic
 *   (name, address, specialties, languages, photo) for the first page of the list; an unknown product is a 404;
 * - `/{product}-network-profile/{old-slug}/{location?}`: 301 to the facility's current slug (the profile itself needs
 *   a session, so it has no public head).
 */
export function addNetworkPageHeads(app: FastifyInstance): void {
  const pool = app.database.pool;
  app.pageHeads.add({
    path: /^\/([a-z0-9]+(?:-[a-z0-9]+)*)-network\/?$/,
    async resolve(match) {
      const product = await findProduct(pool, match[1]!);
      if (!product) return { notFound: true };
      const { rows, total } = await findNetworkPage(pool, product.id, networkListQuerySchema.parse({ per_page: String(LISTED) }));
      const canonicalPath = `/${product.slug}-network`;
      const description =
        product.description.trim() !== ''
          ? product.description
          : `${String(total)} facilities of the ${product.name} network: accreditations, specialties, languages and prices.`;
      return {
        head: {
          title: `${product.name} network: ${String(total)} facilities`,
          description,
          canonicalPath,
          image: rows.find((row) => row.photo_url !== null)?.photo_url ?? null,
          lang: 'en',
          jsonLd: [
            {
              '@context': 'https://schema.org',
              '@type': 'ItemList',
              name: `${product.name} network`,
              description,
              numberOfItems: total,
              itemListElement: rows.map((row, index) => ({
                '@type': 'ListItem',
                position: index + 1,
                item: {
                  '@type': 'MedicalClinic',
                  name: row.name,
                  address: { '@type': 'PostalAddress', addressLocality: row.city, addressCountry: row.country },
                  medicalSpecialty: row.specialties,
                  availableLanguage: row.languages,
                  ...(row.photo_url ? { image: `${app.config.appUrl}${row.photo_url}` } : {}),
                  ...(row.latitude !== null && row.longitude !== null ? { geo: { '@type': 'GeoCoordinates', latitude: row.latitude, longitude: row.longitude } } : {}),
                  ...(row.accreditations.length > 0 ? { hasCredential: row.accreditations.map((body) => ({ '@type': 'EducationalOccupationalCredential', name: body })) } : {}),
                },
              })),
            },
          ],
        },
      };
    },
  });
  app.pageHeads.add({
    path: /^\/([a-z0-9]+(?:-[a-z0-9]+)*)-network-profile\/([^/]+)(\/\d+)?\/?$/,
    async resolve(match) {
      let slug: string;
      try {
        slug = decodeURIComponent(match[2]!);
      } catch {
        return undefined;
      }
      const moved = await currentSlugOf(pool, slug);
      if (!moved) return undefined;
      return { redirect: `/${match[1]!}-network-profile/${encodeURIComponent(moved)}${match[3] ?? ''}` };
    },
  });
}
