import type {
  FacilityProfile,
  NetworkFacilityCard,
  NetworkFilterOptions,
  NetworkListQuery,
  NetworkProduct,
  PackageCard,
  PackageCategory,
  PackageDetail,
  PackageListQuery,
  PriceKind,
  RefundPolicyVersion,
  RefundTerms,
} from '@portal/contracts/network';
import { referralScope, type PartnerRole } from '@portal/contracts/partner-roles';
import { containsPattern, queryPage, type Queryable } from '../../db/queryable.ts';
import type { StoredFile } from '../../lib/storage/file-store.ts';

/**
 * The network's queries. Public reads (products, the network list) name no partner and read no partner table; the
 * profile's history and the commission previews are scoped to the signed-in member inside their WHERE clauses.
 */

/** A price in force on the day of the query (0046): expired and future prices are never shown. */
const PRICE_IN_FORCE = '(d.valid_from IS NULL OR d.valid_from <= current_date) AND (d.valid_to IS NULL OR d.valid_to >= current_date)';
/** A service's price in minor units of its currency (prices are numeric in the currency's own unit, 0034). */
const PRICE_MINOR = '(d.price * 10 ^ currency_minor_digits(d.currency))::bigint';
/** An accreditation shown: checked by an operator and not expired today. */
const ACCREDITATION_SHOWN = 'a.verified_at IS NOT NULL AND a.valid_until >= current_date';
/** A package shown: published, with a price in force today. */
const PACKAGE_SHOWN = "k.status = 'published' AND k.valid_from <= current_date AND k.valid_to >= current_date";

export const photoUrl = (id: number) => `/api/network-photos/${String(id)}`;
export const doctorPhotoUrl = (id: number) => `/api/network-doctor-photos/${String(id)}`;

export interface ProductRecord extends NetworkProduct {
  id: number;
}

export async function findProduct(db: Queryable, slug: string): Promise<ProductRecord | undefined> {
  const { rows } = await db.query<ProductRecord>(
    `SELECT p.id, p.slug, p.name, p.name_ar, p.description, p.description_ar,
            coalesce((SELECT json_agg(json_build_object('id', s.id, 'name', s.name) ORDER BY s.name)
                        FROM network_product_specialties ps JOIN specialties s ON s.id = ps.specialty_id
                       WHERE ps.product_id = p.id), '[]'::json) AS specialties
       FROM network_products p WHERE p.slug = $1`,
    [slug],
  );
  return rows[0];
}

/** The facility offers, at a price in force, a service of one of the product's specialties. */
const IN_PRODUCT = `EXISTS (SELECT 1 FROM facility_service_details d JOIN services sv ON sv.id = d.service_id
                             JOIN network_product_specialties ps ON ps.specialty_id = coalesce(d.specialty_id, sv.specialty_id)
                            WHERE d.facility_id = f.id AND ps.product_id = $1 AND ${PRICE_IN_FORCE})`;

const NETWORK_FROM = `facilities f JOIN network_facility_profiles p ON p.facility_id = f.id AND p.status = 'published'`;

interface CardRecord {
  id: number;
  slug: string;
  name: string;
  city: string;
  country: string;
  promoted: boolean;
  latitude: string | null;
  longitude: string | null;
  languages: string[];
  photo_id: number | null;
  accreditations: string[];
  specialties: string[];
  from_minor: string | number | null;
  currency: string;
}

const CARD_SELECT = `f.id, f.slug, f.name, f.city, f.country, f.currency, p.promoted, p.latitude, p.longitude, p.languages,
  (SELECT ph.id FROM network_facility_photos ph WHERE ph.facility_id = f.id ORDER BY ph.position, ph.id LIMIT 1) AS photo_id,
  ARRAY(SELECT DISTINCT a.body FROM network_accreditations a WHERE a.facility_id = f.id AND ${ACCREDITATION_SHOWN} ORDER BY a.body) AS accreditations,
  ARRAY(SELECT DISTINCT s.name FROM facility_service_details d JOIN services sv ON sv.id = d.service_id
          JOIN specialties s ON s.id = coalesce(d.specialty_id, sv.specialty_id)
          JOIN network_product_specialties ps ON ps.specialty_id = s.id AND ps.product_id = $1
         WHERE d.facility_id = f.id AND ${PRICE_IN_FORCE} ORDER BY s.name) AS specialties,
  (SELECT min(${PRICE_MINOR}) FROM facility_service_details d WHERE d.facility_id = f.id AND d.currency = f.currency AND ${PRICE_IN_FORCE}) AS from_minor`;

/**
 * The published order (NETWORK_SORT_RULE, stated on the page): paid placements first, labelled; then the treatments
 * completed there through the programme in the last twelve months; then how many packages it publishes; then name.
 */
const RANKING = `LEFT JOIN LATERAL (
    SELECT (SELECT count(*) FROM bookings b WHERE b.facility_id = f.id AND b.status = 'completed' AND b.date_time >= now() - interval '12 months') AS completed,
           (SELECT count(*) FROM network_packages k WHERE k.facility_id = f.id AND ${PACKAGE_SHOWN}) AS packages
  ) rank ON true`;
const NETWORK_ORDER = 'p.promoted DESC, rank.completed DESC, rank.packages DESC, lower(f.name), f.id';

function toCard(record: CardRecord): NetworkFacilityCard {
  return {
    slug: record.slug,
    name: record.name,
    city: record.city,
    country: record.country,
    photo_url: record.photo_id === null ? null : photoUrl(record.photo_id),
    accreditations: record.accreditations,
    specialties: record.specialties,
    languages: record.languages,
    from_price: record.from_minor === null ? null : { amount_minor: Number(record.from_minor), currency: record.currency },
    promoted: record.promoted,
    latitude: record.latitude === null ? null : Number(record.latitude),
    longitude: record.longitude === null ? null : Number(record.longitude),
  };
}

export async function findNetworkPage(db: Queryable, productId: number, query: NetworkListQuery): Promise<{ rows: NetworkFacilityCard[]; total: number }> {
  const values: unknown[] = [productId];
  const add = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  const clauses = [IN_PRODUCT];
  if (query.country) clauses.push(`f.country = ${add(query.country)}`);
  if (query.city) {
    const city = add(query.city);
    clauses.push(`(lower(f.city) = lower(${city}) OR EXISTS (SELECT 1 FROM facility_locations l WHERE l.facility_id = f.id AND lower(l.city) = lower(${city})))`);
  }
  if (query.specialty) {
    clauses.push(`EXISTS (SELECT 1 FROM facility_service_details d JOIN services sv ON sv.id = d.service_id
                           WHERE d.facility_id = f.id AND coalesce(d.specialty_id, sv.specialty_id) = ${add(query.specialty)} AND ${PRICE_IN_FORCE})`);
  }
  if (query.service) clauses.push(`EXISTS (SELECT 1 FROM facility_service_details d WHERE d.facility_id = f.id AND d.service_id = ${add(query.service)} AND ${PRICE_IN_FORCE})`);
  if (query.language) clauses.push(`${add(query.language)} = ANY (p.languages)`);
  if (query.accreditation) {
    clauses.push(`EXISTS (SELECT 1 FROM network_accreditations a WHERE a.facility_id = f.id AND lower(a.body) = lower(${add(query.accreditation)}) AND ${ACCREDITATION_SHOWN})`);
  }
  if (query.search) {
    const pattern = add(containsPattern(query.search));
    clauses.push(`(f.name ILIKE ${pattern} OR f.city ILIKE ${pattern})`);
  }
  const { rows, total } = await queryPage<CardRecord>(db, {
    select: CARD_SELECT,
    from: `${NETWORK_FROM} ${RANKING}`,
    where: clauses.join(' AND '),
    values,
    orderBy: NETWORK_ORDER,
    page: query.page,
    perPage: query.per_page,
  });
  return { rows: rows.map(toCard), total };
}

/** What the filters offer: only values that would find something in the product's network. */
export async function findFilterOptions(db: Queryable, productId: number): Promise<NetworkFilterOptions> {
  const { rows } = await db.query<NetworkFilterOptions>(
    `WITH network AS (SELECT f.id, f.country, f.city, p.languages FROM ${NETWORK_FROM} WHERE ${IN_PRODUCT})
     SELECT
       ARRAY(SELECT DISTINCT country FROM network ORDER BY 1) AS countries,
       coalesce((SELECT json_agg(c ORDER BY c.country, c.city) FROM (SELECT DISTINCT city, country FROM network) c), '[]'::json) AS cities,
       coalesce((SELECT json_agg(json_build_object('id', s.id, 'name', s.name) ORDER BY s.name)
                   FROM specialties s JOIN network_product_specialties ps ON ps.specialty_id = s.id AND ps.product_id = $1), '[]'::json) AS specialties,
       coalesce((SELECT json_agg(json_build_object('id', x.id, 'name', x.name) ORDER BY x.name) FROM (
                   SELECT DISTINCT sv.id, sv.name FROM network n JOIN facility_service_details d ON d.facility_id = n.id
                     JOIN services sv ON sv.id = d.service_id
                     JOIN network_product_specialties ps ON ps.specialty_id = coalesce(d.specialty_id, sv.specialty_id) AND ps.product_id = $1
                    WHERE ${PRICE_IN_FORCE}) x), '[]'::json) AS services,
       ARRAY(SELECT DISTINCT unnest(languages) FROM network ORDER BY 1) AS languages,
       ARRAY(SELECT DISTINCT a.body FROM network n JOIN network_accreditations a ON a.facility_id = n.id WHERE ${ACCREDITATION_SHOWN} ORDER BY 1) AS accreditations`,
    [productId],
  );
  return rows[0]!;
}

// ——— Profiles ———

export interface FacilityRef {
  id: number;
  slug: string;
  currency: string;
}

/** The published facility of the product by its slug; `moved` names the current slug when `slug` is an old one. */
export async function findProfileFacility(db: Queryable, productId: number, slug: string): Promise<{ facility?: FacilityRef; movedTo?: string }> {
  const { rows } = await db.query<FacilityRef>(`SELECT f.id, f.slug, f.currency FROM ${NETWORK_FROM} WHERE f.slug = $2 AND ${IN_PRODUCT}`, [productId, slug]);
  if (rows[0]) return { facility: rows[0] };
  const moved = await db.query<{ slug: string }>(
    `SELECT f.slug FROM network_facility_slug_history h JOIN ${NETWORK_FROM} ON f.id = h.facility_id WHERE h.slug = $2 AND ${IN_PRODUCT}`,
    [productId, slug],
  );
  return { movedTo: moved.rows[0]?.slug };
}

/** The current slug of a facility that once had `slug` (a link made before a rename). */
export async function currentSlugOf(db: Queryable, slug: string): Promise<string | undefined> {
  const { rows } = await db.query<{ slug: string }>('SELECT f.slug FROM network_facility_slug_history h JOIN facilities f ON f.id = h.facility_id WHERE h.slug = $1', [slug]);
  return rows[0]?.slug;
}

export interface ServiceRecord {
  service_id: number;
  name: string;
  specialty: string | null;
  price_minor: string | number;
  currency: string;
  valid_to: string | null;
}

type ProfileBody = Omit<FacilityProfile, 'services' | 'history' | 'commission_hidden' | 'packages'>;

export async function findProfile(db: Queryable, facilityId: number): Promise<{ profile: ProfileBody; services: ServiceRecord[] }> {
  const { rows } = await db.query<ProfileBody & { photo_ids: { id: number; caption: string }[]; doctor_rows: (FacilityProfile['doctors'][number] & { has_photo: boolean })[] }>(
    `SELECT f.id, f.slug, f.name, f.city, f.country, p.description, p.content_language, p.languages, p.promoted,
            coalesce((SELECT json_agg(json_build_object('id', ph.id, 'caption', ph.caption) ORDER BY ph.position, ph.id)
                        FROM network_facility_photos ph WHERE ph.facility_id = f.id), '[]'::json) AS photo_ids,
            ARRAY(SELECT DISTINCT s.name FROM facility_service_details d JOIN services sv ON sv.id = d.service_id
                    JOIN specialties s ON s.id = coalesce(d.specialty_id, sv.specialty_id)
                   WHERE d.facility_id = f.id AND ${PRICE_IN_FORCE} ORDER BY s.name) AS specialties,
            coalesce((SELECT json_agg(json_build_object('id', dr.id, 'name', dr.name, 'specialty', s.name, 'qualifications', dr.qualifications,
                                                        'languages', dr.languages, 'has_photo', dr.photo IS NOT NULL) ORDER BY dr.position, dr.id)
                        FROM network_doctors dr LEFT JOIN specialties s ON s.id = dr.specialty_id WHERE dr.facility_id = f.id), '[]'::json) AS doctor_rows,
            coalesce((SELECT json_agg(json_build_object('body', a.body, 'number', a.number, 'valid_until', to_char(a.valid_until, 'YYYY-MM-DD')) ORDER BY a.body)
                        FROM network_accreditations a WHERE a.facility_id = f.id AND ${ACCREDITATION_SHOWN}), '[]'::json) AS accreditations,
            coalesce((SELECT json_agg(json_build_object('id', l.id, 'name', l.name, 'address', l.address, 'city', l.city, 'country', l.country,
                                                        'latitude', ld.latitude, 'longitude', ld.longitude, 'time_zone', ld.time_zone,
                                                        'phone', coalesce(ld.phone, ''), 'opening_hours', coalesce(ld.opening_hours, '[]'::jsonb)) ORDER BY l.id)
                        FROM facility_locations l LEFT JOIN network_location_details ld ON ld.location_id = l.id WHERE l.facility_id = f.id), '[]'::json) AS locations,
            json_build_object('nearest_airport', p.nearest_airport, 'transfer', p.transfer_note, 'accommodation', p.accommodation_note) AS travel
       FROM ${NETWORK_FROM} WHERE f.id = $1`,
    [facilityId],
  );
  const record = rows[0]!;
  const { photo_ids: photoIds, doctor_rows: doctorRows, ...rest } = record;
  const services = await db.query<ServiceRecord>(
    `SELECT d.service_id, sv.name, s.name AS specialty, ${PRICE_MINOR} AS price_minor, d.currency, to_char(d.valid_to, 'YYYY-MM-DD') AS valid_to
       FROM facility_service_details d JOIN services sv ON sv.id = d.service_id
       LEFT JOIN specialties s ON s.id = coalesce(d.specialty_id, sv.specialty_id)
      WHERE d.facility_id = $1 AND ${PRICE_IN_FORCE}
      ORDER BY s.name NULLS LAST, sv.name`,
    [facilityId],
  );
  return {
    profile: {
      ...rest,
      photos: photoIds.map((photo) => ({ id: photo.id, url: photoUrl(photo.id), caption: photo.caption })),
      doctors: doctorRows.map(({ has_photo: hasPhoto, ...doctor }) => ({ ...doctor, photo_url: hasPhoto ? doctorPhotoUrl(doctor.id) : null })),
      locations: rest.locations.map((location) => ({
        ...location,
        latitude: location.latitude === null ? null : Number(location.latitude),
        longitude: location.longitude === null ? null : Number(location.longitude),
      })),
    },
    services: services.rows,
  };
}

export interface Member {
  id: number;
  referralAgentId: number;
  role: PartnerRole;
}

/** The member's own history with the facility: the agent's, or only their own referrals for an 'agent'. */
export async function findHistory(db: Queryable, member: Member, facilityId: number): Promise<FacilityProfile['history']> {
  const values: unknown[] = [member.referralAgentId, facilityId];
  let where = 'b.referral_agent_id = $1 AND b.facility_id = $2';
  if (referralScope(member.role) === 'own') {
    values.push(member.id);
    where += ' AND b.referred_by_user_id = $3';
  }
  const { rows } = await db.query<{ bookings: number; completed: number; last_referral_at: Date | null }>(
    `SELECT count(*)::int AS bookings, count(*) FILTER (WHERE b.status = 'completed')::int AS completed, max(b.created_at) AS last_referral_at
       FROM bookings b WHERE ${where}`,
    values,
  );
  const row = rows[0]!;
  return { bookings: row.bookings, completed: row.completed, last_referral_at: row.last_referral_at?.toISOString() ?? null };
}

// ——— Packages ———

interface PackageRecord {
  id: number;
  title: string;
  category: PackageCategory;
  facility_id: number;
  facility_slug: string;
  facility_name: string;
  city: string;
  country: string;
  price_kind: PriceKind;
  price_minor: string | number;
  price_max_minor: string | number | null;
  currency: string;
  valid_from: string;
  valid_to: string;
  hospital_days: number;
  country_days: number;
  inclusions: string[];
  exclusions: string[];
  service_id: number | null;
}

const PACKAGE_SELECT = `k.id, k.title, k.category, k.facility_id, f.slug AS facility_slug, f.name AS facility_name, f.city, f.country,
  k.price_kind, k.price_minor, k.price_max_minor, k.currency, to_char(k.valid_from, 'YYYY-MM-DD') AS valid_from,
  to_char(k.valid_to, 'YYYY-MM-DD') AS valid_to, k.hospital_days, k.country_days, k.inclusions, k.exclusions, k.service_id`;
const PACKAGE_FROM = `network_packages k JOIN facilities f ON f.id = k.facility_id
  JOIN network_facility_profiles p ON p.facility_id = f.id AND p.status = 'published'`;

function toPackageCard(record: PackageRecord): PackageCard {
  return {
    id: record.id,
    title: record.title,
    category: record.category,
    facility: { slug: record.facility_slug, name: record.facility_name, city: record.city, country: record.country },
    price: {
      kind: record.price_kind,
      amount_minor: Number(record.price_minor),
      max_amount_minor: record.price_max_minor === null ? null : Number(record.price_max_minor),
      currency: record.currency,
      valid_from: record.valid_from,
      valid_to: record.valid_to,
    },
    hospital_days: record.hospital_days,
    country_days: record.country_days,
    inclusions: record.inclusions,
    exclusions: record.exclusions,
  };
}

/** Whether any published facility of the network is in `country` (an unknown country segment is a 404). */
export async function networkHasCountry(db: Queryable, country: string): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM ${NETWORK_FROM} WHERE f.country = $1 LIMIT 1`, [country]);
  return rows.length > 0;
}

export async function findPackagePage(db: Queryable, query: PackageListQuery): Promise<{ rows: PackageCard[]; total: number }> {
  const values: unknown[] = [];
  const add = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  const clauses = [PACKAGE_SHOWN];
  if (query.country) clauses.push(`f.country = ${add(query.country)}`);
  if (query.category) clauses.push(`k.category = ${add(query.category)}`);
  if (query.facility) clauses.push(`f.slug = ${add(query.facility)}`);
  if (query.search) {
    // The search segment is data, never SQL: one parameter, LIKE's wildcards escaped.
    const pattern = add(containsPattern(query.search));
    clauses.push(`(k.title ILIKE ${pattern} OR k.summary ILIKE ${pattern} OR f.name ILIKE ${pattern} OR f.city ILIKE ${pattern})`);
  }
  const { rows, total } = await queryPage<PackageRecord>(db, {
    select: PACKAGE_SELECT,
    from: PACKAGE_FROM,
    where: clauses.join(' AND '),
    values,
    orderBy: 'p.promoted DESC, k.price_minor, k.id',
    page: query.page,
    perPage: query.per_page,
  });
  return { rows: rows.map(toPackageCard), total };
}

/** The facility's packages shown on its profile. */
export async function findFacilityPackages(db: Queryable, facilityId: number): Promise<PackageCard[]> {
  const { rows } = await db.query<PackageRecord>(`SELECT ${PACKAGE_SELECT} FROM ${PACKAGE_FROM} WHERE k.facility_id = $1 AND ${PACKAGE_SHOWN} ORDER BY k.category, k.price_minor, k.id`, [
    facilityId,
  ]);
  return rows.map(toPackageCard);
}

export type PackageBody = Omit<PackageDetail, 'commission' | 'commission_hidden'> & { facility_id: number; service_id: number | null };

export async function findPackage(db: Queryable, id: number): Promise<PackageBody | undefined> {
  const { rows } = await db.query<PackageRecord & Pick<PackageDetail, 'summary' | 'addons' | 'locations' | 'doctors' | 'refund_policy_version'> & { terms: (Omit<RefundTerms, 'deposit'> & { deposit_minor: number | string; currency: string }) | null }>(
    `SELECT ${PACKAGE_SELECT}, k.summary, k.addons,
            coalesce((SELECT json_agg(json_build_object('id', l.id, 'name', l.name, 'address', l.address, 'city', l.city) ORDER BY l.id)
                        FROM network_package_locations pl JOIN facility_locations l ON l.id = pl.location_id WHERE pl.package_id = k.id), '[]'::json) AS locations,
            coalesce((SELECT json_agg(json_build_object('id', dr.id, 'name', dr.name, 'specialty', s.name, 'qualifications', dr.qualifications) ORDER BY dr.position, dr.id)
                        FROM network_package_doctors pd JOIN network_doctors dr ON dr.id = pd.doctor_id LEFT JOIN specialties s ON s.id = dr.specialty_id
                       WHERE pd.package_id = k.id), '[]'::json) AS doctors,
            (SELECT json_build_object('deposit_minor', t.deposit_minor, 'currency', t.currency, 'refundable_until_days', t.refundable_until_days,
                                      'doctor_declines', t.doctor_declines, 'changes_paid_by', t.changes_paid_by, 'notes', t.notes,
                                      'scope', CASE WHEN t.package_id IS NULL THEN 'facility' ELSE 'package' END)
               FROM network_refund_terms t WHERE t.facility_id = k.facility_id AND (t.package_id = k.id OR t.package_id IS NULL)
              ORDER BY t.package_id NULLS LAST LIMIT 1) AS terms,
            (SELECT v.version FROM network_refund_policy_versions v WHERE v.status = 'published' AND v.effective_on <= current_date
              ORDER BY v.effective_on DESC, v.version DESC LIMIT 1) AS refund_policy_version
       FROM ${PACKAGE_FROM} WHERE k.id = $1 AND ${PACKAGE_SHOWN}`,
    [id],
  );
  const record = rows[0];
  if (!record) return undefined;
  const { terms } = record;
  return {
    ...toPackageCard(record),
    facility_id: record.facility_id,
    service_id: record.service_id,
    summary: record.summary,
    addons: record.addons,
    locations: record.locations,
    doctors: record.doctors,
    refund_policy_version: record.refund_policy_version,
    refund_terms:
      terms === null
        ? null
        : {
            deposit: { amount_minor: Number(terms.deposit_minor), currency: terms.currency },
            refundable_until_days: terms.refundable_until_days,
            doctor_declines: terms.doctor_declines,
            changes_paid_by: terms.changes_paid_by,
            notes: terms.notes,
            scope: terms.scope,
          },
  };
}

// ——— Refund policy ———

const VERSION_SELECT = `version, to_char(effective_on, 'YYYY-MM-DD') AS effective_on, summary, summary_ar, full_text, full_text_ar, changes, changes_ar`;

export async function findRefundPolicy(db: Queryable): Promise<{ current: RefundPolicyVersion | null; versions: { version: number; effective_on: string; in_force: boolean }[] }> {
  const current = await db.query<RefundPolicyVersion>(
    `SELECT ${VERSION_SELECT} FROM network_refund_policy_versions WHERE status = 'published' AND effective_on <= current_date
      ORDER BY effective_on DESC, version DESC LIMIT 1`,
  );
  const versions = await db.query<{ version: number; effective_on: string }>(
    `SELECT version, to_char(effective_on, 'YYYY-MM-DD') AS effective_on FROM network_refund_policy_versions WHERE status = 'published' ORDER BY version DESC`,
  );
  const inForce = current.rows[0]?.version ?? null;
  return { current: current.rows[0] ?? null, versions: versions.rows.map((row) => ({ ...row, in_force: row.version === inForce })) };
}

export async function findRefundPolicyVersion(db: Queryable, version: number): Promise<RefundPolicyVersion | undefined> {
  const { rows } = await db.query<RefundPolicyVersion>(`SELECT ${VERSION_SELECT} FROM network_refund_policy_versions WHERE status = 'published' AND version = $1`, [version]);
  return rows[0];
}

// ——— Files ———

export async function findPhotoFile(db: Queryable, id: number): Promise<StoredFile | undefined> {
  const { rows } = await db.query<{ file: StoredFile }>(
    `SELECT ph.file FROM network_facility_photos ph JOIN network_facility_profiles p ON p.facility_id = ph.facility_id AND p.status = 'published' WHERE ph.id = $1`,
    [id],
  );
  return rows[0]?.file;
}

export async function findDoctorPhotoFile(db: Queryable, id: number): Promise<StoredFile | undefined> {
  const { rows } = await db.query<{ photo: StoredFile }>(
    `SELECT dr.photo FROM network_doctors dr JOIN network_facility_profiles p ON p.facility_id = dr.facility_id AND p.status = 'published'
      WHERE dr.id = $1 AND dr.photo IS NOT NULL`,
    [id],
  );
  return rows[0]?.photo;
}
