import { z } from 'zod';
import { rateValueSchema } from './commission-rates.ts';
import { isCountryCode } from './countries.ts';
import { idStringField } from './fields.ts';
import { enumQueryField, idQueryField, listEndpoint, listQuerySchema, queryField, textQueryField } from './list-query.ts';

/**
 * The facility network (issue 36): products, the public network list, facility profiles, health packages and the
 * refund policy. The server validates with these and the SPA parses with them. docs/network.md has the decisions.
 */

export const NETWORK_SEARCH_MAX_LENGTH = 100;
/** A product's slug: `/{slug}-network` is its public page. */
export const PRODUCT_SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** How many packages the comparison holds side by side. */
export const PACKAGE_COMPARE_MAX = 3;

/** The categories of health packages, in the order the filter offers them (a category segment outside it is a 404). */
export const PACKAGE_CATEGORIES = [
  'cardiac',
  'orthopaedic',
  'dental',
  'eye',
  'fertility',
  'cosmetic',
  'weight-loss',
  'oncology',
  'check-up',
  'wellness',
] as const;
export type PackageCategory = (typeof PACKAGE_CATEGORIES)[number];
export function isPackageCategory(value: unknown): value is PackageCategory {
  return typeof value === 'string' && (PACKAGE_CATEGORIES as readonly string[]).includes(value);
}

export const PRICE_KINDS = ['fixed', 'from', 'range'] as const;
export type PriceKind = (typeof PRICE_KINDS)[number];
export const ADDON_UNITS = ['once', 'night', 'day'] as const;
export const CHANGES_PAID_BY = ['patient', 'facility', 'shared'] as const;

/** The published order of the network list (the page states it; docs/network.md). */
export const NETWORK_SORT_RULE = ['promoted', 'completed_treatments_12_months', 'published_packages', 'name'] as const;

const moneySchema = z.object({ amount_minor: z.number().int(), currency: z.string().length(3) });
export type NetworkMoney = z.infer<typeof moneySchema>;

export const productParamsSchema = z.object({ product: z.string().max(40) });

export const networkProductSchema = z.object({
  slug: z.string(),
  name: z.string(),
  name_ar: z.string(),
  description: z.string(),
  description_ar: z.string(),
  specialties: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type NetworkProduct = z.infer<typeof networkProductSchema>;

/** A language spoken with patients: ISO 639-1. */
const languageQueryField = queryField(
  z
    .string({ error: 'The language field must be a language code.' })
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{2}$/, 'The language field must be a language code.'),
);
/** An ISO 3166-1 alpha-2 country, any case. */
const countryQueryField = queryField(
  z
    .string({ error: 'The country field must be a country code.' })
    .trim()
    .toUpperCase()
    .refine(isCountryCode, 'The country field must be a country code.'),
);

export const networkListQuerySchema = listQuerySchema({
  filters: {
    search: textQueryField('search', NETWORK_SEARCH_MAX_LENGTH),
    country: countryQueryField,
    city: textQueryField('city', 100),
    specialty: idQueryField('specialty'),
    service: idQueryField('service'),
    language: languageQueryField,
    accreditation: textQueryField('accreditation', 100),
  },
  defaultPageSize: 25,
});
export type NetworkListQuery = z.output<typeof networkListQuerySchema>;

export const networkFacilityCardSchema = z.object({
  slug: z.string(),
  name: z.string(),
  city: z.string(),
  /** ISO 3166-1 alpha-2 */
  country: z.string(),
  photo_url: z.string().nullable(),
  accreditations: z.array(z.string()),
  specialties: z.array(z.string()),
  /** ISO 639-1 */
  languages: z.array(z.string()),
  /** the lowest price in force of its services and published packages, in the facility's currency */
  from_price: moneySchema.nullable(),
  promoted: z.boolean(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type NetworkFacilityCard = z.infer<typeof networkFacilityCardSchema>;

/** GET /api/network/:product/facilities: the public list (no session), paged, in the published order. */
export const networkFacilitiesEndpoint = listEndpoint('/api/network/:product/facilities', networkListQuerySchema, networkFacilityCardSchema);
export function networkFacilitiesUrl(product: string): string {
  return `/api/network/${encodeURIComponent(product)}/facilities`;
}

/** What the filters offer, drawn from the published profiles of the product (public). */
export const networkFilterOptionsSchema = z.object({
  countries: z.array(z.string()),
  cities: z.array(z.object({ city: z.string(), country: z.string() })),
  specialties: z.array(z.object({ id: z.number().int(), name: z.string() })),
  services: z.array(z.object({ id: z.number().int(), name: z.string() })),
  languages: z.array(z.string()),
  accreditations: z.array(z.string()),
});
export type NetworkFilterOptions = z.infer<typeof networkFilterOptionsSchema>;

export const networkProductPageSchema = z.object({ product: networkProductSchema, filters: networkFilterOptionsSchema });
export type NetworkProductPage = z.infer<typeof networkProductPageSchema>;

// ——— Facility profiles (signed in) ———

export const facilityProfileParamsSchema = z.object({ product: z.string().max(40), slug: z.string().max(120) });

export const openingHoursSchema = z.array(
  z.object({
    /** 1 Monday … 7 Sunday */
    day: z.number().int().min(1).max(7),
    opens: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
    closes: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
  }),
);

export const commissionPreviewSchema = z.object({
  rate: rateValueSchema,
  /** what the rate pays on the price shown: a percentage of it, or the flat amount */
  amount: moneySchema,
});
export type CommissionPreview = z.infer<typeof commissionPreviewSchema>;

export const packagePriceSchema = z.object({
  kind: z.enum(PRICE_KINDS),
  amount_minor: z.number().int(),
  max_amount_minor: z.number().int().nullable(),
  currency: z.string().length(3),
  valid_from: z.string(),
  valid_to: z.string(),
});
export type PackagePrice = z.infer<typeof packagePriceSchema>;

export const packageCardSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  category: z.enum(PACKAGE_CATEGORIES),
  facility: z.object({ slug: z.string(), name: z.string(), city: z.string(), country: z.string() }),
  price: packagePriceSchema,
  hospital_days: z.number().int(),
  country_days: z.number().int(),
  inclusions: z.array(z.string()),
  exclusions: z.array(z.string()),
});
export type PackageCard = z.infer<typeof packageCardSchema>;

export const facilityProfileSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  city: z.string(),
  country: z.string(),
  description: z.string(),
  /** the language the facility's own texts are written in (BCP 47) */
  content_language: z.string(),
  languages: z.array(z.string()),
  promoted: z.boolean(),
  photos: z.array(z.object({ id: z.number().int(), url: z.string(), caption: z.string() })),
  specialties: z.array(z.string()),
  services: z.array(
    z.object({
      service_id: z.number().int(),
      name: z.string(),
      specialty: z.string().nullable(),
      price: moneySchema,
      valid_to: z.string().nullable(),
      /** null: no rate applies, or rates are hidden from the partner (the affiliates group) */
      commission: commissionPreviewSchema.nullable(),
    }),
  ),
  doctors: z.array(
    z.object({ id: z.number().int(), name: z.string(), specialty: z.string().nullable(), qualifications: z.string(), languages: z.array(z.string()), photo_url: z.string().nullable() }),
  ),
  accreditations: z.array(z.object({ body: z.string(), number: z.string(), valid_until: z.string() })),
  locations: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      address: z.string().nullable(),
      city: z.string(),
      country: z.string(),
      latitude: z.number().nullable(),
      longitude: z.number().nullable(),
      time_zone: z.string().nullable(),
      phone: z.string(),
      opening_hours: openingHoursSchema,
    }),
  ),
  travel: z.object({ nearest_airport: z.string(), transfer: z.string(), accommodation: z.string() }),
  packages: z.array(packageCardSchema),
  /** the signed-in partner's own history with the facility (their referral scope) */
  history: z.object({ bookings: z.number().int(), completed: z.number().int(), last_referral_at: z.string().nullable() }),
  /** true when the partner may not see rates (the commission previews are then null) */
  commission_hidden: z.boolean(),
});
export type FacilityProfile = z.infer<typeof facilityProfileSchema>;

export function facilityProfileUrl(product: string, slug: string): string {
  return `/api/network/${encodeURIComponent(product)}/facilities/${encodeURIComponent(slug)}`;
}

// ——— Health packages (signed in) ———

export const packageListQuerySchema = listQuerySchema({
  filters: {
    country: countryQueryField,
    category: enumQueryField('category', PACKAGE_CATEGORIES),
    search: textQueryField('search', NETWORK_SEARCH_MAX_LENGTH),
    facility: textQueryField('facility', 120),
  },
  defaultPageSize: 25,
});
export type PackageListQuery = z.output<typeof packageListQuerySchema>;

/** GET /api/health-packages: published packages with a price in force. */
export const packagesEndpoint = listEndpoint('/api/health-packages', packageListQuerySchema, packageCardSchema);

export const packageParamsSchema = z.object({ id: idStringField('id') });

export const refundTermsSchema = z.object({
  deposit: moneySchema,
  refundable_until_days: z.number().int(),
  doctor_declines: z.string(),
  changes_paid_by: z.enum(CHANGES_PAID_BY),
  notes: z.string(),
  /** 'package': terms of this package; 'facility': the facility's; null terms: the general policy applies */
  scope: z.enum(['package', 'facility']),
});
export type RefundTerms = z.infer<typeof refundTermsSchema>;

export const packageAddonSchema = z.object({ name: z.string(), price_minor: z.number().int().positive(), per: z.enum(ADDON_UNITS) });

export const packageDetailSchema = packageCardSchema.extend({
  summary: z.string(),
  addons: z.array(packageAddonSchema),
  locations: z.array(z.object({ id: z.number().int(), name: z.string(), address: z.string().nullable(), city: z.string() })),
  doctors: z.array(z.object({ id: z.number().int(), name: z.string(), specialty: z.string().nullable(), qualifications: z.string() })),
  refund_terms: refundTermsSchema.nullable(),
  /** the policy version in force, which the terms complete */
  refund_policy_version: z.number().int().nullable(),
  commission: commissionPreviewSchema.nullable(),
  commission_hidden: z.boolean(),
});
export type PackageDetail = z.infer<typeof packageDetailSchema>;

export const packagePdfQuerySchema = z.object({ lang: z.enum(['en', 'ar']).default('en') });

// ——— Refund policy (signed in) ———

export const refundPolicyVersionSchema = z.object({
  version: z.number().int(),
  effective_on: z.string(),
  summary: z.string(),
  summary_ar: z.string(),
  full_text: z.string(),
  full_text_ar: z.string(),
  changes: z.array(z.string()),
  changes_ar: z.array(z.string()),
});
export type RefundPolicyVersion = z.infer<typeof refundPolicyVersionSchema>;

export const refundPolicySchema = z.object({
  /** the version in force today; null before any is effective */
  current: refundPolicyVersionSchema.nullable(),
  versions: z.array(z.object({ version: z.number().int(), effective_on: z.string(), in_force: z.boolean() })),
});
export type RefundPolicy = z.infer<typeof refundPolicySchema>;

export const refundPolicyVersionParamsSchema = z.object({ version: idStringField('version') });
