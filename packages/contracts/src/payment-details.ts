import { electronicFormatIBAN, extractIBAN, getCountrySpecifications, isValidBIC, isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { isCountryCode } from './countries.ts';
import { textField } from './fields.ts';

/**
 * Payment details (issue 16, docs/payment-details.md): where the agent's payouts go. Owners and finance
 * (payment_details.manage) read and change them; a change needs the password (or a code) confirmed within the last 5
 * minutes, leaves the details unverified until an operator verifies them (payouts wait), e-mails the owners with an
 * "I didn't do this" link that freezes them, and is written to an append-only change log.
 *
 * Four ways to be paid, each checked for what it is:
 * - `iban`: an IBAN (its checksum and its country's length, by ibantools) and, optionally, the bank's BIC;
 * - `us_ach`: a US ABA routing number (nine digits and its 3-7-1 checksum) and an account number of 4 to 17 digits;
 * - `in_ifsc`: an Indian IFSC (four letters of the bank, a 0, six letters or digits of the branch, as the Reserve Bank
 *   of India defines it) and an account number of 9 to 18 digits;
 * - `swift_account`: elsewhere, the bank's BIC (by ibantools) and the account number as the bank writes it.
 */

export const PAYMENT_SCHEMES = ['iban', 'us_ach', 'in_ifsc', 'swift_account'] as const;
export type PaymentScheme = (typeof PAYMENT_SCHEMES)[number];

export const PAYMENT_DETAILS_STATUSES = ['unverified', 'verified', 'frozen'] as const;
export type PaymentDetailsStatus = (typeof PAYMENT_DETAILS_STATUSES)[number];

export const BANK_ACCOUNT_TYPES = ['checking', 'savings'] as const;

/** The ABA checksum: 3·d1 + 7·d2 + d3 + 3·d4 + … ≡ 0 (mod 10), nine digits. */
export function isValidRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const sum = [...value].reduce((total, digit, index) => total + Number(digit) * weights[index]!, 0);
  return sum % 10 === 0;
}

/** An IFSC: the bank's four letters, a zero (reserved), the branch's six letters or digits. */
export function isValidIfsc(value: string): boolean {
  return /^[A-Z]{4}0[A-Z0-9]{6}$/.test(value);
}

/** Spaces and dashes out, upper case: how an IBAN, a BIC or an IFSC is compared and stored. */
export function compactCode(value: string): string {
  return value.replace(/[\s-]+/g, '').toUpperCase();
}

/** A country whose banks number accounts by IBAN (the IBAN registry, by ibantools): Germany, the Emirates, Saudi Arabia… */
export function isIbanCountry(code: string): boolean {
  return getCountrySpecifications()[code]?.IBANRegistry === true;
}

const country = z
  .string({ error: 'Choose the country of the bank.' })
  .trim()
  .toUpperCase()
  .refine(isCountryCode, 'Choose the country of the bank.');

const optionalBic = z
  .string()
  .trim()
  .transform(compactCode)
  .refine((value) => value === '' || isValidBIC(value), 'The BIC must be 8 or 11 letters and digits, such as DEUTDEFF or DEUTDEFF500.')
  .optional()
  .transform((value) => value || null);

const requiredBic = z
  .string({ error: "The bank's BIC (SWIFT code) is required." })
  .trim()
  .transform(compactCode)
  .refine((value) => value !== '', "The bank's BIC (SWIFT code) is required.")
  .refine((value) => value === '' || isValidBIC(value), 'The BIC must be 8 or 11 letters and digits, such as DEUTDEFF or DEUTDEFF500.');

const holderName = textField('account holder', { max: 140, required: "The account holder's name is required." });

const digits = (message: string, min: number, max: number) =>
  z
    .string({ error: message })
    .trim()
    .transform((value) => value.replace(/[\s-]+/g, ''))
    .refine((value) => new RegExp(`^\\d{${min},${max}}$`).test(value), message);

export const paymentDetailsRequestSchema = z
  .discriminatedUnion(
    'scheme',
    [
      z.object({
        scheme: z.literal('iban'),
        holder_name: holderName,
        bank_country: country,
        iban: z
          .string({ error: 'The IBAN is required.' })
          .trim()
          .transform((value) => electronicFormatIBAN(value) ?? '')
          .refine((value) => value !== '', 'The IBAN is required.')
          .refine((value) => value === '' || isValidIBAN(value), 'This IBAN is not valid: check its country code, length and digits.'),
        bic: optionalBic,
      }),
      z.object({
        scheme: z.literal('us_ach'),
        holder_name: holderName,
        bank_country: country,
        routing_number: z
          .string({ error: 'The routing number is required.' })
          .trim()
          .refine(isValidRoutingNumber, 'The routing number must be the nine digits of a US bank (ABA), with a valid check digit.'),
        account_number: digits('The account number must be 4 to 17 digits.', 4, 17),
        account_type: z.enum(BANK_ACCOUNT_TYPES, { error: 'Choose checking or savings.' }),
      }),
      z.object({
        scheme: z.literal('in_ifsc'),
        holder_name: holderName,
        bank_country: country,
        ifsc: z
          .string({ error: 'The IFSC is required.' })
          .trim()
          .transform(compactCode)
          .refine(isValidIfsc, 'The IFSC must be 11 characters: four letters, a zero, then six letters or digits (for example HDFC0000123).'),
        account_number: digits('The account number must be 9 to 18 digits.', 9, 18),
      }),
      z.object({
        scheme: z.literal('swift_account'),
        holder_name: holderName,
        bank_country: country,
        bic: requiredBic,
        account_number: z
          .string({ error: 'The account number is required.' })
          .trim()
          .transform((value) => value.replace(/\s+/g, '').toUpperCase())
          .refine((value) => /^[A-Z0-9]{4,34}$/.test(value), 'The account number must be 4 to 34 letters and digits.'),
        bank_name: textField('bank name', { max: 140, required: "The bank's name is required." }),
      }),
    ],
    { error: 'Choose how you are paid.' },
  )
  .superRefine((details, context) => {
    if (details.scheme === 'iban' && isValidIBAN(details.iban) && extractIBAN(details.iban).countryCode !== details.bank_country) {
      context.addIssue({ code: 'custom', path: ['iban'], message: 'This IBAN belongs to another country than the bank country chosen.' });
    }
    // A bank in an IBAN country is paid to an IBAN whatever the method chosen: an account number there that is not its
    // IBAN would bounce (issue 31), so the swift method checks it as the IBAN method does.
    if (details.scheme === 'swift_account' && isIbanCountry(details.bank_country)) {
      if (!isValidIBAN(details.account_number)) {
        context.addIssue({ code: 'custom', path: ['account_number'], message: 'Banks in this country use IBANs: enter the account as a valid IBAN (its country code, length and digits).' });
      } else if (extractIBAN(details.account_number).countryCode !== details.bank_country) {
        context.addIssue({ code: 'custom', path: ['account_number'], message: 'This IBAN belongs to another country than the bank country chosen.' });
      }
    }
    if (details.scheme === 'us_ach' && details.bank_country !== 'US') context.addIssue({ code: 'custom', path: ['bank_country'], message: 'A routing number is for a bank in the United States.' });
    if (details.scheme === 'in_ifsc' && details.bank_country !== 'IN') context.addIssue({ code: 'custom', path: ['bank_country'], message: 'An IFSC is for a bank in India.' });
  });
export type PaymentDetailsRequest = z.output<typeof paymentDetailsRequestSchema>;
export type PaymentDetailsInput = z.input<typeof paymentDetailsRequestSchema>;

/** The details as anyone reads them: the account masked to its last four characters. */
export const paymentDetailsSchema = z.object({
  scheme: z.enum(PAYMENT_SCHEMES),
  holder_name: z.string(),
  bank_country: z.string(),
  /** '•••• 1234': the last four characters of the IBAN or account (two of an account shorter than eight) */
  account_masked: z.string(),
  bic: z.string().nullable(),
  routing_number: z.string().nullable(),
  ifsc: z.string().nullable(),
  account_type: z.enum(BANK_ACCOUNT_TYPES).nullable(),
  bank_name: z.string().nullable(),
  status: z.enum(PAYMENT_DETAILS_STATUSES),
  verified_at: z.string().nullable(),
  frozen_at: z.string().nullable(),
  updated_at: z.string(),
  updated_by: z.string().nullable(),
});
export type PaymentDetails = z.infer<typeof paymentDetailsSchema>;

export const PAYMENT_DETAIL_EVENT_KINDS = ['changed', 'verified', 'frozen'] as const;
export const paymentDetailEventSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PAYMENT_DETAIL_EVENT_KINDS),
  at: z.string(),
  /** the member who changed or froze them; null for the operations team (a verification) */
  by: z.string().nullable(),
  old_masked: z.string().nullable(),
  new_masked: z.string().nullable(),
});
export type PaymentDetailEvent = z.infer<typeof paymentDetailEventSchema>;

/** GET /api/payment-details (payment_details.manage): the details (null when none yet) and the latest changes. */
export const PAYMENT_DETAILS_URL = '/api/payment-details';
export const paymentDetailsResponseSchema = z.object({
  details: paymentDetailsSchema.nullable(),
  events: z.array(paymentDetailEventSchema),
});
export type PaymentDetailsResponse = z.infer<typeof paymentDetailsResponseSchema>;

/**
 * PUT /api/payment-details (payment_details.manage, re-authenticated within 5 minutes, else 403 with the code
 * `reauthentication_required`): replaces the details; answers as GET does.
 */

/** POST /api/payment-details/freeze (public: the link's token is the proof): "I didn't do this". */
export const PAYMENT_DETAILS_FREEZE_URL = '/api/payment-details/freeze';
export const freezePaymentDetailsRequestSchema = z.object({
  token: z.string({ error: 'This link is incomplete: open it again from the e-mail.' }).trim().min(20, 'This link is incomplete: open it again from the e-mail.').max(200, 'This link is incomplete: open it again from the e-mail.'),
});
export const freezePaymentDetailsResultSchema = z.object({ agent_name: z.string(), frozen: z.boolean() });
