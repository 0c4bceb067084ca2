import { z } from 'zod';
import { AGREEMENT_KINDS, scheduleRowSchema } from './agreements.ts';
import { idField, idStringField, textField } from './fields.ts';
import { defaultedSortQueryField, enumQueryField, listEndpoint, listQuerySchema, textQueryField } from './list-query.ts';

/**
 * The console's agreements (issue 15, docs/agreements.md): templates in versions (a family shares a key), individual
 * contracts per agent, drafts edited and previewed, then published (the rate card's schedule snapshotted), and who
 * has and has not signed, with each signed PDF.
 */
export const CONSOLE_AGREEMENT_STATUSES = ['draft', 'published', 'withdrawn'] as const;

export const consoleAgreementRowSchema = z.object({
  id: z.number().int(),
  kind: z.enum(AGREEMENT_KINDS),
  key: z.string(),
  version: z.number().int(),
  title: z.string(),
  status: z.enum(CONSOLE_AGREEMENT_STATUSES),
  mandatory: z.boolean(),
  effective_at: z.string(),
  expires_at: z.string().nullable(),
  agent: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  published_at: z.string().nullable(),
  /** agents it applies to, and how many of them signed */
  applicable: z.number().int(),
  signed: z.number().int(),
});
export type ConsoleAgreementRow = z.infer<typeof consoleAgreementRowSchema>;

export const consoleAgreementsQuerySchema = listQuerySchema({
  filters: {
    search: textQueryField('search', 100),
    kind: enumQueryField('kind', AGREEMENT_KINDS),
    status: enumQueryField('status', CONSOLE_AGREEMENT_STATUSES),
    sort: defaultedSortQueryField(['effective_at', 'title'] as const, '-effective_at'),
  },
  defaultPageSize: 25,
});
export type ConsoleAgreementsQuery = z.output<typeof consoleAgreementsQuerySchema>;
export const consoleAgreementsEndpoint = listEndpoint('/api/console/agreements', consoleAgreementsQuerySchema, consoleAgreementRowSchema);

export const consoleAgreementDetailSchema = consoleAgreementRowSchema.extend({
  body_markdown: z.string(),
  body_html: z.string(),
  referral_group_ids: z.array(z.number().int()),
  partner_type_ids: z.array(z.number().int()),
  rate_schedule: z.array(scheduleRowSchema),
});
export type ConsoleAgreementDetail = z.infer<typeof consoleAgreementDetailSchema>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayField = (label: string) =>
  z
    .string({ error: `The ${label} field is required.` })
    .regex(DAY, `The ${label} field must be a date (YYYY-MM-DD).`)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), `The ${label} field must be a real date.`);

/** POST /api/console/agreements (a new draft: the next version of `key`) and PUT …/:id (a draft's change). */
export const agreementDraftSchema = z
  .object({
    kind: z.enum(AGREEMENT_KINDS, { error: 'The kind must be template, individual or addendum.' }),
    key: z.string().trim().regex(/^[a-z0-9-]{1,60}$/, 'The key must be lower-case letters, digits and hyphens.'),
    title: textField('title', { max: 200, min: 3 }),
    body_markdown: textField('text', { max: 100_000, min: 20, multiline: true }),
    mandatory: z.boolean().default(false),
    effective_on: dayField('effective date'),
    expires_on: dayField('expiry date').nullable().default(null),
    referral_group_ids: z.array(idField('referral group id')).max(50).default([]),
    partner_type_ids: z.array(idField('partner type id')).max(50).default([]),
    referral_agent_id: idField('referral agent id').nullable().default(null),
  })
  .superRefine((draft, context) => {
    if (draft.kind === 'individual' && draft.referral_agent_id === null) context.addIssue({ code: 'custom', path: ['referral_agent_id'], message: 'An individual contract needs its referral agent.' });
    if (draft.kind !== 'individual' && draft.referral_agent_id !== null) context.addIssue({ code: 'custom', path: ['referral_agent_id'], message: 'A template is for every agent it applies to, not one.' });
    if (draft.expires_on !== null && draft.expires_on <= draft.effective_on) context.addIssue({ code: 'custom', path: ['expires_on'], message: 'The expiry must be after the effective date.' });
  });
export type AgreementDraft = z.output<typeof agreementDraftSchema>;
export const consoleAgreementParamsSchema = z.object({ id: idStringField('id') });

/** POST /api/console/agreements/preview: Markdown as partners will read it (sanitised HTML). */
export const CONSOLE_AGREEMENT_PREVIEW_URL = '/api/console/agreements/preview';
export const agreementPreviewRequestSchema = z.object({ body_markdown: textField('text', { max: 100_000, min: 0, multiline: true }) });
export const agreementPreviewSchema = z.object({ html: z.string() });

/** GET /api/console/agreements/:id/signatures: every agent it applies to, signed or not. */
export const agreementSignatureSchema = z.object({
  agent: z.object({ id: z.number().int(), name: z.string() }),
  signed: z.object({ signer_name: z.string(), signer_email: z.string(), signed_at: z.string(), ip: z.string(), text_sha256: z.string(), pdf_sha256: z.string().nullable() }).nullable(),
});
export const agreementSignaturesSchema = z.object({ signatures: z.array(agreementSignatureSchema) });
export type AgreementSignature = z.infer<typeof agreementSignatureSchema>;
export const signatureParamsSchema = z.object({ id: idStringField('id'), agentId: idStringField('agent id') });

/** GET /api/console/agreements/options: whom an agreement can be for (agents, referral groups, partner types). */
export const CONSOLE_AGREEMENT_OPTIONS_URL = '/api/console/agreements/options';
const option = z.object({ id: z.number().int(), name: z.string() });
export const agreementOptionsSchema = z.object({ agents: z.array(option), groups: z.array(option), partner_types: z.array(option) });
export type AgreementOptions = z.infer<typeof agreementOptionsSchema>;
