import { z } from 'zod';
import { rateScopeSchema, rateValueSchema } from './commission-rates.ts';
import { idStringField, textField } from './fields.ts';

/**
 * Agreements (issue 15, docs/agreements.md): templates operators publish in versions, and an agent's individual
 * contract. An owner signs with a simple electronic signature (ESIGN, eIDAS): the full text read to its end, a consent
 * to electronic records, the typed full name. The server keeps who, for which agent, when, the IP and user agent and
 * the SHA-256 of the exact text shown, and a signed PDF whose own SHA-256 is kept too.
 */

export const AGREEMENT_STATUSES = ['action_needed', 'active', 'superseded', 'expired'] as const;
export type AgreementStatus = (typeof AGREEMENT_STATUSES)[number];

/**
 * template: the programme's agreement (the Partner Programme Agreement), the terms commissions are earned under;
 * individual: one agent's negotiated contract, above the template; addendum: signed like a template, to the same
 * audience, but never what a commission is earned under (a Data Processing Addendum). Issue 31: a commission line
 * records the individual contract or the template in force, chosen by this kind, never an addendum.
 */
export const AGREEMENT_KINDS = ['template', 'individual', 'addendum'] as const;
export type AgreementKind = (typeof AGREEMENT_KINDS)[number];

/** The sentence a signer confirms, word for word (kept with the signature). */
export const ELECTRONIC_RECORDS_CONSENT =
  'I agree to sign this agreement electronically and to receive it and related records in electronic form. My typed name is my signature and has the same effect as a handwritten one.';

export const acceptanceSchema = z.object({
  signer_name: z.string(),
  signed_at: z.string(),
  /** SHA-256 (hex) of the exact text shown */
  text_sha256: z.string(),
  /** SHA-256 (hex) of the signed PDF as stored */
  pdf_sha256: z.string().nullable(),
});
export type Acceptance = z.infer<typeof acceptanceSchema>;

export const agreementSummarySchema = z.object({
  id: z.number().int(),
  kind: z.enum(AGREEMENT_KINDS),
  key: z.string(),
  version: z.number().int(),
  title: z.string(),
  mandatory: z.boolean(),
  effective_at: z.string(),
  expires_at: z.string().nullable(),
  status: z.enum(AGREEMENT_STATUSES),
  acceptance: acceptanceSchema.nullable(),
});
export type AgreementSummary = z.infer<typeof agreementSummarySchema>;

/** GET /api/agreements (terms.read): the agent's agreements, newest first, and whether a mandatory one awaits. */
export const AGREEMENTS_URL = '/api/agreements';
export const agreementListSchema = z.object({
  agreements: z.array(agreementSummarySchema),
  /** a mandatory agreement is published and unsigned: new commissions are held until an owner signs */
  pending_mandatory: z.boolean(),
});
export type AgreementList = z.infer<typeof agreementListSchema>;

export const scheduleRowSchema = z.object({ scope: rateScopeSchema, rate: rateValueSchema, refund_window_days: z.number().int() });

/** GET /api/agreements/:id: the agreement as the signer reads it. */
export const agreementDetailSchema = agreementSummarySchema.extend({
  /** The words shown, as plain text: the title, then each heading, paragraph and list item of the body, blank lines between (what is hashed and signed). */
  text: z.string(),
  text_sha256: z.string(),
  /** The Markdown body rendered to sanitised HTML. */
  body_html: z.string(),
  /** The rates attached (the schedule snapshot, or an individual contract's negotiated rows); never for affiliates. */
  rate_schedule: z.array(scheduleRowSchema).optional(),
  consent_text: z.string(),
});
export type AgreementDetail = z.infer<typeof agreementDetailSchema>;
export const agreementParamsSchema = z.object({ id: idStringField('id') });

/** POST /api/agreements/:id/sign (agreements.sign: owners). */
export const signAgreementRequestSchema = z.object({
  signer_name: textField('full name', { max: 120, min: 3 }),
  consent: z.literal(true, { error: 'Confirm that you agree to sign electronically.' }),
  read_to_end: z.literal(true, { error: 'Read the agreement to its end before signing.' }),
  /** the hash of the text the signer was shown: refused if the agreement changed meanwhile */
  text_sha256: z.string().regex(/^[0-9a-f]{64}$/, 'The text fingerprint is not valid.'),
});
export type SignAgreementRequest = z.output<typeof signAgreementRequestSchema>;

/** GET /api/agreements/:id/signed-pdf: the signed PDF (terms.read). */
export const signedPdfUrl = (id: number) => `${AGREEMENTS_URL}/${id}/signed-pdf`;

/** GET /api/individual-contract (terms.read): the agent's individual contract, or null. */
export const INDIVIDUAL_CONTRACT_URL = '/api/individual-contract';
export const individualContractSchema = z.object({ contract: agreementDetailSchema.nullable() });
