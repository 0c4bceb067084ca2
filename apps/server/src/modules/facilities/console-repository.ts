import type {
  FacilityDetail,
  FacilityListQuery,
  FacilityLocation,
  FacilityLocationRequest,
  FacilityRequest,
  FacilityRow,
  FacilityService,
} from '@portal/contracts/console-facilities';
import { containsPattern, queryPage, type Queryable } from '../../db/queryable.ts';

/**
 * Facilities and their locations as operators see and edit them (the console's Facilities pages, issue 14). Every
 * facility, unscoped: only the console reads these. Booking counts are counted from bookings, which has no index
 * on facility_id alone (its indexes lead with the partner's referral agent): one pass over the table per list,
 * which is cheap for the console's rare reads and spares every booking write another index
 * (docs/console-facilities.md).
 */

const ISO = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const SORT_COLUMNS = {
  name: 'lower(f.name)',
  country: 'f.country',
  city: 'lower(f.city)',
  locations: 'coalesce(lc.n, 0)',
  bookings: 'coalesce(bc.n, 0)',
  created_at: 'f.created_at',
} as const;

export async function listFacilities(db: Queryable, query: FacilityListQuery): Promise<{ rows: FacilityRow[]; total: number }> {
  const values: unknown[] = [];
  const conditions = ['true'];
  if (query.search) {
    values.push(containsPattern(query.search));
    const p = `$${values.length}`;
    conditions.push(
      `(f.name ILIKE ${p} OR f.slug ILIKE ${p} OR f.city ILIKE ${p}
        OR EXISTS (SELECT 1 FROM facility_locations l WHERE l.facility_id = f.id AND (l.name ILIKE ${p} OR l.city ILIKE ${p})))`,
    );
  }
  if (query.country) {
    values.push(query.country);
    conditions.push(`f.country = $${values.length}`);
  }
  const descending = query.sort.startsWith('-');
  const column = SORT_COLUMNS[query.sort.replace(/^-/, '') as keyof typeof SORT_COLUMNS];
  const direction = descending ? 'DESC' : 'ASC';
  return queryPage<FacilityRow>(db, {
    select: `f.id, f.name, f.slug, f.country, f.city, coalesce(lc.n, 0) AS locations_count, coalesce(bc.n, 0) AS bookings_count,
             ${ISO('f.created_at')} AS created_at`,
    // Left joins on grouped subqueries: the count query (which reads neither) plans them away.
    from: `facilities f
           LEFT JOIN (SELECT facility_id, count(*)::int AS n FROM facility_locations GROUP BY facility_id) lc ON lc.facility_id = f.id
           LEFT JOIN (SELECT facility_id, count(*)::int AS n FROM bookings GROUP BY facility_id) bc ON bc.facility_id = f.id`,
    where: conditions.join(' AND '),
    values,
    orderBy: `${column} ${direction}, f.name ${direction}, f.id ${direction}`,
    page: query.page,
    perPage: query.per_page,
  });
}

export async function findFacility(db: Queryable, id: number): Promise<FacilityDetail | undefined> {
  const { rows } = await db.query<Omit<FacilityDetail, 'locations' | 'services'>>(
    `SELECT f.id, f.name, f.slug, f.country, f.city, f.currency, ${ISO('f.created_at')} AS created_at,
            (SELECT count(*)::int FROM bookings b WHERE b.facility_id = f.id) AS bookings_count
       FROM facilities f WHERE f.id = $1`,
    [id],
  );
  const facility = rows[0];
  if (!facility) return undefined;
  const locations = await db.query<FacilityLocation>(
    `SELECT l.id, l.name, l.address, l.city, l.country,
            (SELECT count(*)::int FROM bookings b WHERE b.facility_id = l.facility_id AND b.facility_location_id = l.id) AS bookings_count
       FROM facility_locations l WHERE l.facility_id = $1
      ORDER BY lower(l.name), l.id`,
    [id],
  );
  const services = await db.query<FacilityService>(
    `SELECT d.id, s.name AS service, sp.name AS specialty, d.price::text AS price, d.currency,
            (SELECT count(*)::int FROM bookings b WHERE b.facility_id = d.facility_id AND b.facility_service_detail_id = d.id) AS bookings_count
       FROM facility_service_details d
       JOIN services s ON s.id = d.service_id
       LEFT JOIN specialties sp ON sp.id = coalesce(d.specialty_id, s.specialty_id)
      WHERE d.facility_id = $1
      ORDER BY lower(s.name), d.id`,
    [id],
  );
  return { ...facility, locations: locations.rows, services: services.rows };
}

export interface FacilityRecord {
  id: number;
  name: string;
  slug: string;
  country: string;
  city: string;
  currency: string;
}

/** The facility's own fields, locked for the change that follows (in its transaction). */
export async function lockFacility(db: Queryable, id: number): Promise<FacilityRecord | undefined> {
  const { rows } = await db.query<FacilityRecord>('SELECT id, name, slug, country, city, currency FROM facilities WHERE id = $1 FOR UPDATE', [id]);
  return rows[0];
}

/** Another facility of the same name (any case) in the same city and country, if there is one. */
export async function findNamesake(db: Queryable, facility: FacilityRequest, exceptId: number | null): Promise<FacilityRecord | undefined> {
  const { rows } = await db.query<FacilityRecord>(
    `SELECT id, name, slug, country, city, currency FROM facilities
      WHERE lower(name) = lower($1) AND lower(city) = lower($2) AND country = $3 AND id IS DISTINCT FROM $4
      LIMIT 1`,
    [facility.name, facility.city, facility.country, exceptId],
  );
  return rows[0];
}

/**
 * `base`, or `base-2`, `base-3`, … : the first slug no facility has. Callers hold the transaction's advisory lock
 * on `base` (lockSlug), so two facilities created at once with the same name do not pick the same one.
 */
export async function freeSlug(db: Queryable, base: string): Promise<string> {
  const { rows } = await db.query<{ slug: string }>(
    `SELECT slug FROM facilities WHERE slug = $1 OR (left(slug, length($1) + 1) = $1 || '-' AND substr(slug, length($1) + 2) ~ '^[0-9]+$')`,
    [base],
  );
  const taken = new Set(rows.map((row) => row.slug));
  if (!taken.has(base)) return base;
  let suffix = 2;
  while (taken.has(`${base}-${suffix}`)) suffix += 1;
  return `${base}-${suffix}`;
}

/** Serialises, until the transaction ends, the creations of facilities whose slugs start from `base`. */
export async function lockSlug(db: Queryable, base: string): Promise<void> {
  await db.query("SELECT pg_advisory_xact_lock(hashtext('facility-slug:' || $1))", [base]);
}

export async function insertFacility(db: Queryable, facility: FacilityRequest & { slug: string }): Promise<number> {
  const { rows } = await db.query<{ id: number }>('INSERT INTO facilities (name, slug, country, city, currency) VALUES ($1, $2, $3, $4, $5) RETURNING id', [
    facility.name,
    facility.slug,
    facility.country,
    facility.city,
    facility.currency,
  ]);
  return rows[0]!.id;
}

/**
 * Its name, country and city. A new name reaches its bookings' search text through the facilities_refresh_booking_search
 * trigger (migration 0002), in this same transaction, so partners find their bookings by the new name at once.
 */
export async function updateFacility(db: Queryable, id: number, facility: FacilityRequest): Promise<void> {
  await db.query('UPDATE facilities SET name = $2, country = $3, city = $4, currency = $5 WHERE id = $1', [id, facility.name, facility.country, facility.city, facility.currency]);
}

/** Whether a flat rate of the card for the facility, in force or to come, pays in another currency than `currency`. */
export async function hasFlatRatesInOtherCurrency(db: Queryable, id: number, currency: string): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM commission_rates
      WHERE facility_id = $1 AND kind = 'flat' AND currency <> $2 AND (valid_to IS NULL OR valid_to > current_date) LIMIT 1`,
    [id, currency],
  );
  return rows.length > 0;
}

export interface LocationRecord {
  id: number;
  facility_id: number;
  name: string;
  address: string | null;
  city: string;
  country: string;
}

/** The facility's location, locked: a booking that would refer to it waits until the change is done. */
export async function lockLocation(db: Queryable, facilityId: number, locationId: number): Promise<LocationRecord | undefined> {
  const { rows } = await db.query<LocationRecord>(
    'SELECT id, facility_id, name, address, city, country FROM facility_locations WHERE id = $1 AND facility_id = $2 FOR UPDATE',
    [locationId, facilityId],
  );
  return rows[0];
}

export async function insertLocation(db: Queryable, facilityId: number, location: FacilityLocationRequest): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    'INSERT INTO facility_locations (facility_id, name, address, city, country) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [facilityId, location.name, location.address, location.city, location.country],
  );
  return rows[0]!.id;
}

export async function updateLocation(db: Queryable, locationId: number, location: FacilityLocationRequest): Promise<void> {
  await db.query('UPDATE facility_locations SET name = $2, address = $3, city = $4, country = $5 WHERE id = $1', [
    locationId,
    location.name,
    location.address,
    location.city,
    location.country,
  ]);
}

/** Another location of the facility with the same name (any case). */
export async function findLocationNamesake(db: Queryable, facilityId: number, name: string, exceptId: number | null): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM facility_locations WHERE facility_id = $1 AND lower(name) = lower($2) AND id IS DISTINCT FROM $3 LIMIT 1', [
    facilityId,
    name,
    exceptId,
  ]);
  return rows.length > 0;
}

export async function countLocationBookings(db: Queryable, facilityId: number, locationId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM bookings WHERE facility_id = $1 AND facility_location_id = $2', [
    facilityId,
    locationId,
  ]);
  return rows[0]?.n ?? 0;
}

export async function deleteLocation(db: Queryable, locationId: number): Promise<void> {
  await db.query('DELETE FROM facility_locations WHERE id = $1', [locationId]);
}
