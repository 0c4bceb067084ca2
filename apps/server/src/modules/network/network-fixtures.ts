import type pg from 'pg';

/**
 * Rows the network's tests need (API tests and access fixtures): a product, a published facility of it with a
 * priced service, and a package. Names carry a sequence so tests never collide.
 */
let sequence = 0;

export interface NetworkFixture extends ProductFixture {
  facilityId: number;
  facilitySlug: string;
  locationId: number;
}

async function one(pool: pg.Pool, sql: string, values: unknown[]): Promise<number> {
  return (await pool.query<{ id: number }>(sql, values)).rows[0]!.id;
}

export interface ProductFixture {
  productId: number;
  productSlug: string;
  specialtyId: number;
  specialtyName: string;
  serviceId: number;
  serviceName: string;
}

export async function createNetworkProduct(pool: pg.Pool, slug?: string): Promise<ProductFixture> {
  sequence += 1;
  const productSlug = slug ?? `product${String(sequence)}`;
  const productId = await one(pool, `INSERT INTO network_products (slug, name, name_ar, description) VALUES ($1, $2, $3, 'Treatments') RETURNING id`, [
    productSlug,
    `Product ${String(sequence)}`,
    `منتج ${String(sequence)}`,
  ]);
  const specialtyId = await one(pool, 'INSERT INTO specialties (name) VALUES ($1) RETURNING id', [`Specialty ${String(sequence)}`]);
  const serviceId = await one(pool, 'INSERT INTO services (name, specialty_id) VALUES ($1, $2) RETURNING id', [`Service ${String(sequence)}`, specialtyId]);
  await pool.query('INSERT INTO network_product_specialties (product_id, specialty_id) VALUES ($1, $2)', [productId, specialtyId]);
  return { productId, productSlug, specialtyId, serviceId, specialtyName: `Specialty ${String(sequence)}`, serviceName: `Service ${String(sequence)}` };
}

export interface FacilityOptions {
  name?: string;
  /** the exact slug (default: from the name, with a sequence) */
  slug?: string;
  country?: string;
  city?: string;
  currency?: string;
  /** the service's price, in the currency's own unit ('1200.00') */
  price?: string;
  languages?: string[];
  promoted?: boolean;
  status?: 'draft' | 'published';
}

export async function createNetworkFacility(
  pool: pg.Pool,
  product: ProductFixture,
  options: FacilityOptions = {},
): Promise<NetworkFixture> {
  sequence += 1;
  const name = options.name ?? `Clinic ${String(sequence)}`;
  const facilitySlug = options.slug ?? `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${String(sequence)}`;
  const currency = options.currency ?? 'EUR';
  const facilityId = await one(pool, 'INSERT INTO facilities (name, slug, country, city, currency) VALUES ($1, $2, $3, $4, $5) RETURNING id', [
    name,
    facilitySlug,
    options.country ?? 'TR',
    options.city ?? 'Istanbul',
    currency,
  ]);
  const locationId = await one(pool, `INSERT INTO facility_locations (facility_id, name, address, city, country) VALUES ($1, 'Main campus', '1 Test Street', $2, $3) RETURNING id`, [
    facilityId,
    options.city ?? 'Istanbul',
    options.country ?? 'TR',
  ]);
  await pool.query('INSERT INTO facility_service_details (facility_id, service_id, specialty_id, price, currency) VALUES ($1, $2, $3, $4, $5)', [
    facilityId,
    product.serviceId,
    product.specialtyId,
    options.price ?? '1200.00',
    currency,
  ]);
  await pool.query(
    `INSERT INTO network_facility_profiles (facility_id, status, description, languages, promoted, nearest_airport)
     VALUES ($1, $2, 'A private hospital.', $3, $4, 'IST, 40 minutes')`,
    [facilityId, options.status ?? 'published', options.languages ?? ['en', 'tr'], options.promoted ?? false],
  );
  return { ...product, facilityId, facilitySlug, locationId };
}

export interface PackageOptions {
  title?: string;
  category?: string;
  status?: 'draft' | 'published' | 'archived';
  priceMinor?: number;
  currency?: string;
  validFrom?: string;
  validTo?: string;
  serviceId?: number | null;
}

export async function createNetworkPackage(pool: pg.Pool, facility: NetworkFixture, options: PackageOptions = {}): Promise<number> {
  sequence += 1;
  const id = await one(
    pool,
    `INSERT INTO network_packages (facility_id, category, title, summary, service_id, status, price_kind, price_minor, currency, valid_from, valid_to,
                                   inclusions, exclusions, addons, hospital_days, country_days, published_at)
     VALUES ($1, $2, $3, 'Everything for the treatment.', $4, $5, 'fixed', $6, $7, $8, $9, '{Surgery,"Two nights in hospital"}', '{Flights}',
             '[{"name": "Extra night", "price_minor": 15000, "per": "night"}]', 2, 7, now()) RETURNING id`,
    [
      facility.facilityId,
      options.category ?? 'orthopaedic',
      options.title ?? `Knee package ${String(sequence)}`,
      options.serviceId === undefined ? facility.serviceId : options.serviceId,
      options.status ?? 'published',
      options.priceMinor ?? 650_000,
      options.currency ?? 'EUR',
      options.validFrom ?? '2020-01-01',
      options.validTo ?? '2999-12-31',
    ],
  );
  await pool.query('INSERT INTO network_package_locations (package_id, location_id) VALUES ($1, $2)', [id, facility.locationId]);
  return id;
}

export async function createRefundPolicyVersion(pool: pg.Pool, version: number, effectiveOn: string, status: 'draft' | 'published' = 'published'): Promise<void> {
  await pool.query(
    `INSERT INTO network_refund_policy_versions (version, effective_on, summary, summary_ar, full_text, full_text_ar, changes, changes_ar, status, published_at)
     VALUES ($1, $2, $3, 'ملخص', 'The full text.', 'النص الكامل.', $4, '{تغيير}', $5, now())`,
    [version, effectiveOn, `Summary of version ${String(version)}`, [`Change in version ${String(version)}`], status],
  );
}
