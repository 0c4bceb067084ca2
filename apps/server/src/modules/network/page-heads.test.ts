import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createNetworkFacility, createNetworkProduct } from './network-fixtures.ts';

/** The SPA's page as the build writes it (apps/web/index.html): a generic title and description. */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Partner portal: follow your referrals, earnings and team." />
    <title>Partner Portal</title>
  </head>
  <body><div id="root"></div><script type="module" src="/build/assets/index-abc.js"></script></body>
</html>
`;

function jsonLdOf(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!));
}

describe('the server-written head of the public network page', () => {
  let context: TestContext;

  beforeAll(async () => {
    context = await createTestApp({ APP_URL: 'https://partners.example.com' });
    // createTestApp points the SPA at this folder; the page is read on each request.
    const dist = path.join(context.config.dataDir, 'no-web-build');
    mkdirSync(dist, { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
    const product = await createNetworkProduct(context.database.pool, 'dental');
    await context.database.pool.query(`UPDATE network_products SET name = 'Dental', description = 'Dental clinics we refer patients to.' WHERE id = $1`, [product.productId]);
    const facility = await createNetworkFacility(context.database.pool, product, { name: 'Izmir Smile </script><script>alert(1)</script> Clinic', country: 'TR', city: 'Izmir', languages: ['tr', 'en'] });
    await context.database.pool.query(`INSERT INTO network_accreditations (facility_id, body, valid_until, verified_at) VALUES ($1, 'JCI', current_date + 100, now())`, [facility.facilityId]);
    await context.database.pool.query(`UPDATE facilities SET slug = 'izmir-smile-clinic' WHERE id = $1`, [facility.facilityId]);
    await context.database.pool.query(`UPDATE facilities SET slug = $2 WHERE id = $1`, [facility.facilityId, 'izmir-smile-clinic-2']);
  });
  afterAll(async () => context?.close());

  it('answers /{product}-network with its title, description, canonical URL, Open Graph tags and MedicalClinic JSON-LD, before any script runs', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/dental-network' });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<title>Dental network: 1 facilities</title>');
    expect(html).toContain('<meta name="description" content="Dental clinics we refer patients to." />');
    expect(html).not.toContain('Partner portal: follow your referrals');
    expect(html).toContain('<link rel="canonical" href="https://partners.example.com/dental-network" />');
    expect(html).toContain('<meta property="og:title" content="Dental network: 1 facilities" />');
    expect(html).toContain('<meta property="og:url" content="https://partners.example.com/dental-network" />');
    // The head comes before the app's script.
    expect(html.indexOf('application/ld+json')).toBeLessThan(html.indexOf('/build/assets/index-abc.js'));
    const [list] = jsonLdOf(html) as [{ '@type': string; itemListElement: { item: Record<string, unknown> }[] }];
    expect(list['@type']).toBe('ItemList');
    expect(list.itemListElement[0]!.item).toMatchObject({
      '@type': 'MedicalClinic',
      name: 'Izmir Smile </script><script>alert(1)</script> Clinic',
      address: { '@type': 'PostalAddress', addressLocality: 'Izmir', addressCountry: 'TR' },
      availableLanguage: ['tr', 'en'],
      hasCredential: [{ '@type': 'EducationalOccupationalCredential', name: 'JCI' }],
    });
    // A name cannot close the script element it is written in.
    expect(html.match(/<\/script>/g)).toHaveLength(2);
  });

  it('answers an unknown product with the SPA\'s page and a 404 status, and leaves other pages alone', async () => {
    const unknown = await context.app.inject({ method: 'GET', url: '/cosmetics-network' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<div id="root"></div>');
    const other = await context.app.inject({ method: 'GET', url: '/bookings' });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(INDEX_HTML);
  });

  it('redirects a profile link with an old slug (301) to the current one, keeping the location segment', async () => {
    const oldest = await context.app.inject({ method: 'GET', url: '/dental-network-profile/izmir-smile-clinic/12' });
    expect(oldest.statusCode).toBe(301);
    expect(oldest.headers.location).toBe('/dental-network-profile/izmir-smile-clinic-2/12');
    const current = await context.app.inject({ method: 'GET', url: '/dental-network-profile/izmir-smile-clinic-2' });
    expect(current.statusCode).toBe(200);
  });
});
