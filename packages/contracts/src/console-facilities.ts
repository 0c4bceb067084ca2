import { z } from 'zod';
import { CONSOLE_API_PREFIX } from './console-session.ts';
import { idStringField, textField } from './fields.ts';
import { isCurrencyCode } from './money.ts';
import { defaultedSortQueryField, enumQueryField, listEndpoint, listQuerySchema, textQueryField } from './list-query.ts';

/**
 * The console's Facilities pages (issue 14): the basic records bookings refer to, a facility (name, country, city,
 * its slug) and its locations. The network issue adds profiles later. Countries are ISO 3166-1 alpha-2 codes,
 * named in the reader's language where they are shown (Intl.DisplayNames).
 */

export { COUNTRY_CODES, isCountryCode, type CountryCode } from './countries.ts';
import { COUNTRY_CODES, isCountryCode, type CountryCode } from './countries.ts';

/** A country, as its ISO code; 'Choose a country.' when missing or unknown (the picker offers only known ones). */
export function countryField() {
  return z
    .string({ error: 'Choose a country.' })
    .trim()
    .toUpperCase()
    .refine(isCountryCode, 'Choose a country.')
    .transform((value) => value as CountryCode);
}

/** A currency, as its ISO 4217 code; 'Choose a currency.' when missing or unknown. */
export function currencyField() {
  return z.string({ error: 'Choose a currency.' }).trim().toUpperCase().refine(isCurrencyCode, 'Choose a currency.');
}

export const FACILITY_NAME_MAX = 160;
export const FACILITY_CITY_MAX = 100;
export const LOCATION_NAME_MAX = 160;
export const LOCATION_ADDRESS_MAX = 300;
export const FACILITY_SORTS = ['name', 'country', 'city', 'locations', 'bookings', 'created_at'] as const;

export const facilityListQuerySchema = listQuerySchema({
  filters: {
    /** the facility's name or slug, its city, or a location's name or city */
    search: textQueryField('search', 100),
    country: enumQueryField('country', COUNTRY_CODES),
    sort: defaultedSortQueryField(FACILITY_SORTS, 'name'),
  },
  defaultPageSize: 10,
});
export type FacilityListQuery = z.output<typeof facilityListQuerySchema>;

export const facilityRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  /** An ISO code; a row written before migration 0009 with a name it did not know keeps that name. */
  country: z.string(),
  city: z.string(),
  locations_count: z.number().int(),
  bookings_count: z.number().int(),
  /** ISO 8601 (UTC) */
  created_at: z.string(),
});
export type FacilityRow = z.infer<typeof facilityRowSchema>;

export const facilitiesEndpoint = listEndpoint(`${CONSOLE_API_PREFIX}/facilities`, facilityListQuerySchema, facilityRowSchema);

export const facilityParamsSchema = z.object({ id: idStringField('id') });
export const facilityLocationParamsSchema = z.object({ id: idStringField('id'), locationId: idStringField('location id') });

export const facilityLocationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  city: z.string(),
  country: z.string(),
  /** Bookings at this location: a location with any cannot be removed. */
  bookings_count: z.number().int(),
});
export type FacilityLocation = z.infer<typeof facilityLocationSchema>;

/** A service the facility offers and its price (facility_service_details); a booking names one. */
export const facilityServiceSchema = z.object({
  id: z.number().int(),
  service: z.string(),
  specialty: z.string().nullable(),
  /** A decimal string ('1250.00'), never a float. */
  price: z.string(),
  /** ISO 4217 */
  currency: z.string(),
  bookings_count: z.number().int(),
});
export type FacilityService = z.infer<typeof facilityServiceSchema>;

export const facilityDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  country: z.string(),
  city: z.string(),
  /** ISO 4217: what it bills in, and so what its rows of the rate card pay in */
  currency: z.string(),
  created_at: z.string(),
  bookings_count: z.number().int(),
  /** By name. */
  locations: z.array(facilityLocationSchema),
  /** By service name. */
  services: z.array(facilityServiceSchema),
});
export type FacilityDetail = z.infer<typeof facilityDetailSchema>;

/**
 * Create or edit a facility. The slug is made from the name at creation and kept when it is renamed. The currency it
 * bills in prices its rows of the rate card: it cannot change while a flat rate of the card in force names the old one.
 */
export const facilityRequestSchema = z.object({
  name: textField('name', { max: FACILITY_NAME_MAX }),
  country: countryField(),
  city: textField('city', { max: FACILITY_CITY_MAX }),
  currency: currencyField(),
});
export type FacilityRequest = z.output<typeof facilityRequestSchema>;

/** Add or edit a location; an empty address is none. */
export const facilityLocationRequestSchema = z.object({
  name: textField('name', { max: LOCATION_NAME_MAX }),
  address: textField('address', { max: LOCATION_ADDRESS_MAX, min: 0 })
    .nullish()
    .transform((value) => (value ? value : null)),
  city: textField('city', { max: FACILITY_CITY_MAX }),
  country: countryField(),
});
export type FacilityLocationRequest = z.output<typeof facilityLocationRequestSchema>;

/**
 * A slug made from a facility's name: lower-case Latin letters and digits between hyphens ('Al Safa Hospital & Spa'
 * → 'al-safa-hospital-and-spa'); accents are dropped; a name with no Latin letter or digit gives 'facility'. The
 * server makes it unique by adding '-2', '-3', …
 */
export function slugOf(name: string, max = 80): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '');
  return slug || 'facility';
}
