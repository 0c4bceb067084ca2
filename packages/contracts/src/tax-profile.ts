import { z } from 'zod';
import { isCountryCode } from './countries.ts';
import { idStringField, textField } from './fields.ts';

/**
 * The partner's tax profile (issue 31, docs/payment-details.md "Tax details"): the legal identity its self-billing
 * statements print (legal name, address, tax ID, VAT status and number). Owners and finance members read and change
 * it (`tax_profile.manage`), every change audited; the console shows it to operators with earnings.read. A
 * VAT-registered partner in another country than the business gets the reverse-charge note on its statements.
 */

export const VAT_STATUSES = ['registered', 'not_registered', 'exempt'] as const;
export type VatStatus = (typeof VAT_STATUSES)[number];

/** The columns' lengths (migration 0030_finance_controls.sql). */
export const TAX_PROFILE_LIMITS = { legal_name: 200, address_line1: 200, address_line2: 200, city: 100, postal_code: 20, tax_id: 40, vat_number: 40 } as const;

/**
 * VAT numbers of the EU member states (as VIES checks them) and the United Kingdom: the country's prefix and the
 * shape of the digits after it. Greece's prefix is EL, not its ISO code. Only the shape is checked (no checksum, no
 * lookup): a typo of a digit passes, a number of another country or a wrong length does not.
 */
const VAT_NUMBER_SHAPES: Record<string, { prefix: string; body: RegExp }> = {
  AT: { prefix: 'AT', body: /^U\d{8}$/ },
  BE: { prefix: 'BE', body: /^[01]\d{9}$/ },
  BG: { prefix: 'BG', body: /^\d{9,10}$/ },
  CY: { prefix: 'CY', body: /^\d{8}[A-Z]$/ },
  CZ: { prefix: 'CZ', body: /^\d{8,10}$/ },
  DE: { prefix: 'DE', body: /^\d{9}$/ },
  DK: { prefix: 'DK', body: /^\d{8}$/ },
  EE: { prefix: 'EE', body: /^\d{9}$/ },
  GR: { prefix: 'EL', body: /^\d{9}$/ },
  ES: { prefix: 'ES', body: /^[A-Z0-9]\d{7}[A-Z0-9]$/ },
  FI: { prefix: 'FI', body: /^\d{8}$/ },
  FR: { prefix: 'FR', body: /^[A-HJ-NP-Z0-9]{2}\d{9}$/ },
  HR: { prefix: 'HR', body: /^\d{11}$/ },
  HU: { prefix: 'HU', body: /^\d{8}$/ },
  IE: { prefix: 'IE', body: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/ },
  IT: { prefix: 'IT', body: /^\d{11}$/ },
  LT: { prefix: 'LT', body: /^(\d{9}|\d{12})$/ },
  LU: { prefix: 'LU', body: /^\d{8}$/ },
  LV: { prefix: 'LV', body: /^\d{11}$/ },
  MT: { prefix: 'MT', body: /^\d{8}$/ },
  NL: { prefix: 'NL', body: /^\d{9}B\d{2}$/ },
  PL: { prefix: 'PL', body: /^\d{10}$/ },
  PT: { prefix: 'PT', body: /^\d{9}$/ },
  RO: { prefix: 'RO', body: /^\d{2,10}$/ },
  SE: { prefix: 'SE', body: /^\d{10}01$/ },
  SI: { prefix: 'SI', body: /^\d{8}$/ },
  SK: { prefix: 'SK', body: /^\d{10}$/ },
  GB: { prefix: 'GB', body: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/ },
};

/** Spaces, dots and dashes out, upper case: how a VAT number is compared and stored ('GB 284 6195 30' → 'GB284619530'). */
export function compactVatNumber(value: string): string {
  return value.replace(/[\s.-]+/g, '').toUpperCase();
}

/**
 * Why `vatNumber` (compacted) cannot be a VAT number of `country`, or null when it can. A country of the table
 * (the EU and the UK) needs its prefix and its shape; elsewhere (the Emirates' TRN, Saudi Arabia's VAT number…) 5 to
 * 20 letters and digits.
 */
export function vatNumberProblem(vatNumber: string, country: string): string | null {
  const shape = VAT_NUMBER_SHAPES[country];
  if (!shape) return /^[A-Z0-9]{5,20}$/.test(vatNumber) ? null : 'The VAT number must be 5 to 20 letters and digits.';
  if (!vatNumber.startsWith(shape.prefix)) return `A VAT number of this country starts with ${shape.prefix}.`;
  return shape.body.test(vatNumber.slice(shape.prefix.length)) ? null : `This is not the format of a VAT number with the prefix ${shape.prefix}.`;
}

const optionalText = (label: string, max: number) =>
  textField(label, { max, min: 0 })
    .nullish()
    .transform((value) => (value ? value : null));

/** PUT /api/tax-profile: the whole profile. A VAT number is given exactly when the partner is VAT-registered. */
export const taxProfileRequestSchema = z
  .object({
    legal_name: textField('legal name', { max: TAX_PROFILE_LIMITS.legal_name }),
    address_line1: textField('address', { max: TAX_PROFILE_LIMITS.address_line1 }),
    address_line2: optionalText('address line 2', TAX_PROFILE_LIMITS.address_line2),
    city: textField('city', { max: TAX_PROFILE_LIMITS.city }),
    postal_code: optionalText('postal code', TAX_PROFILE_LIMITS.postal_code),
    country: z
      .string({ error: 'Choose the country where the partner is established.' })
      .trim()
      .toUpperCase()
      .refine(isCountryCode, 'Choose the country where the partner is established.'),
    tax_id: optionalText('tax ID', TAX_PROFILE_LIMITS.tax_id),
    vat_status: z.enum(VAT_STATUSES, { error: 'Choose the VAT status.' }),
    vat_number: optionalText('VAT number', TAX_PROFILE_LIMITS.vat_number).transform((value) => (value === null ? null : compactVatNumber(value))),
  })
  .superRefine((profile, context) => {
    if (profile.vat_status === 'registered') {
      if (profile.vat_number === null) context.addIssue({ code: 'custom', path: ['vat_number'], message: 'The VAT number field is required when the partner is VAT-registered.' });
      else {
        const problem = vatNumberProblem(profile.vat_number, profile.country);
        if (problem) context.addIssue({ code: 'custom', path: ['vat_number'], message: problem });
      }
    } else if (profile.vat_number !== null) {
      context.addIssue({ code: 'custom', path: ['vat_number'], message: 'A VAT number is given only when the partner is VAT-registered.' });
    }
  });
export type TaxProfileRequest = z.output<typeof taxProfileRequestSchema>;
export type TaxProfileInput = z.input<typeof taxProfileRequestSchema>;

/** The profile as it is kept, with who changed it last. */
export const taxProfileSchema = z.object({
  legal_name: z.string(),
  address_line1: z.string(),
  address_line2: z.string().nullable(),
  city: z.string(),
  postal_code: z.string().nullable(),
  country: z.string(),
  tax_id: z.string().nullable(),
  vat_status: z.enum(VAT_STATUSES),
  vat_number: z.string().nullable(),
  updated_at: z.string(),
  /** the member's name; null when they are gone or an operator's seed wrote it */
  updated_by: z.string().nullable(),
});
export type TaxProfile = z.infer<typeof taxProfileSchema>;

/** The business's side of the rule: where it is established, and whether this profile gets the reverse-charge note. */
export const taxProfileResponseSchema = z.object({
  profile: taxProfileSchema.nullable(),
  /** the country of the business that issues the statements (config's ISSUER_COUNTRY) */
  issuer_country: z.string(),
  /** true when the statements carry the reverse-charge note: VAT-registered, in another country than the business */
  reverse_charge: z.boolean(),
});
export type TaxProfileResponse = z.infer<typeof taxProfileResponseSchema>;

export const TAX_PROFILE_URL = '/api/tax-profile';

/** The console's read of an agent's profile (operators with earnings.read). */
export const CONSOLE_TAX_PROFILE_URL = '/api/console/referral-agents/:id/tax-profile';
export const consoleTaxProfileUrl = (agentId: number) => CONSOLE_TAX_PROFILE_URL.replace(':id', String(agentId));
export const consoleTaxProfileParamsSchema = z.object({ id: idStringField('agent') });

/** The reverse-charge rule, one place for the statement, the partner's page and the console. */
export function reverseChargeApplies(profile: { vat_status: VatStatus; country: string } | null, issuerCountry: string): boolean {
  return profile !== null && profile.vat_status === 'registered' && profile.country !== issuerCountry;
}
