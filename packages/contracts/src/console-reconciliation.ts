import { z } from 'zod';
import { idField, idStringField, textField } from './fields.ts';
import { defaultedSortQueryField, enumQueryField, idQueryField, listEndpoint, listQuerySchema, queryField } from './list-query.ts';
import { defineOperatorPermission } from './operator-permissions.ts';
import { DISPUTE_STATUSES, PERIOD_STATUSES, RECONCILIATION_NOTE_MAX, disputeSchema, periodRowSchema } from './reconciliation.ts';

/**
 * Reconciliation in the operations console (issue 35, docs/reconciliation.md): operators stand for the facilities. They
 * open periods, import the facility's statement (mapping, preview, confirm), keep the partners' account numbers and
 * the facilities' API tokens, and answer and resolve disputes.
 */

declare module './operator-permissions.ts' {
  interface AreaOperatorPermissions {
    'reconciliation.manage': true;
  }
}

/** Periods, statements, tokens and disputes: admin (every permission) and finance. */
export const reconciliationPermission = defineOperatorPermission('reconciliation.manage', ['finance']);

const monthField = z.string({ error: 'The month field is required.' }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'The month field must be a month (YYYY-MM).');

export const consolePeriodRowSchema = periodRowSchema.extend({ agent: z.object({ id: z.number().int(), name: z.string() }) });
export type ConsolePeriodRow = z.infer<typeof consolePeriodRowSchema>;

export const consolePeriodQuerySchema = listQuerySchema({
  filters: {
    facility: idQueryField('facility'),
    agent: idQueryField('agent'),
    status: enumQueryField('status', PERIOD_STATUSES),
    month: queryField(monthField.optional()),
    sort: defaultedSortQueryField(['month'], '-month'),
  },
  defaultPageSize: 25,
});
export type ConsolePeriodQuery = z.output<typeof consolePeriodQuerySchema>;

/** GET /api/console/reconciliation/periods: every agent's periods. */
export const consolePeriodEndpoint = listEndpoint('/api/console/reconciliation/periods', consolePeriodQuerySchema, consolePeriodRowSchema);

/** POST /api/console/reconciliation/periods: opens a month for an agent at a facility (the facility's billing currency). */
export const openPeriodRequestSchema = z.object({
  referral_agent_id: idField('agent'),
  facility_id: idField('facility'),
  month: monthField,
  /** 'YYYY-MM-DD'; by default the 10th of the following month */
  lock_on: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'The lock date must be a date (YYYY-MM-DD).')
    .optional(),
});
export type OpenPeriodRequest = z.output<typeof openPeriodRequestSchema>;

export const consolePeriodParamsSchema = z.object({ id: idStringField('id') });

/** The statement's columns the import knows; the first five are required. */
export const STATEMENT_FIELDS = ['facility_ref', 'treatment_date', 'service', 'amount', 'currency', 'booking_ref', 'referral_code', 'patient_initials', 'birth_year'] as const;
export type StatementField = (typeof STATEMENT_FIELDS)[number];
export const REQUIRED_STATEMENT_FIELDS: readonly StatementField[] = ['facility_ref', 'treatment_date', 'service', 'amount'];

/** Which column of the file holds each field (the header's text); remembered per facility once confirmed. */
export const columnMappingSchema = z.partialRecord(z.enum(STATEMENT_FIELDS), z.string().max(100));
export type ColumnMapping = z.infer<typeof columnMappingSchema>;

/** A statement file: the body itself (CSV, UTF-8), `Content-Type: application/octet-stream`. */
export const STATEMENT_CONTENT_TYPE = 'application/octet-stream';
/** A larger file is refused before it is read. */
export const STATEMENT_MAX_BYTES = 20 * 1024 * 1024;
export const STATEMENT_PREVIEW_ROWS = 10;

export const statementImportQuerySchema = z.object({
  /** JSON of a ColumnMapping; the facility's remembered mapping, else one guessed from the header, when absent */
  mapping: z
    .string()
    .max(2000)
    .optional()
    .transform((value, context) => {
      if (value === undefined || value === '') return undefined;
      try {
        return columnMappingSchema.parse(JSON.parse(value));
      } catch {
        context.addIssue({ code: 'custom', message: 'The mapping is not a valid column mapping.' });
        return z.NEVER;
      }
    }),
  confirm: z.enum(['true', 'false']).optional(),
  filename: z.string().max(200).optional(),
});

export const statementRowErrorSchema = z.object({ row: z.number().int(), errors: z.array(z.string()) });

export const statementImportResultSchema = z.object({
  confirmed: z.boolean(),
  headers: z.array(z.string()),
  mapping: columnMappingSchema,
  rows: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  /** the first rows as read */
  preview: z.array(z.record(z.string(), z.string())),
  /** every row that fails, with its reasons (the first 500) */
  errors: z.array(statementRowErrorSchema),
  /** after a confirmed import: the period's counts per state */
  counts: z.record(z.string(), z.number().int()).nullable(),
});
export type StatementImportResult = z.infer<typeof statementImportResultSchema>;

export const consoleItemQuerySchema = z.object({ period: idStringField('period') });

export const consoleDisputeRowSchema = z.object({
  id: z.number().int(),
  period_id: z.number().int(),
  agent: z.string(),
  facility: z.string(),
  month: z.string(),
  reason_code: disputeSchema.shape.reason_code,
  status: z.enum(DISPUTE_STATUSES),
  due_on: z.string(),
  created_at: z.string(),
});
export const consoleDisputeQuerySchema = listQuerySchema({
  filters: {
    status: enumQueryField('status', DISPUTE_STATUSES),
    sort: defaultedSortQueryField(['due_on'], 'due_on'),
  },
  defaultPageSize: 25,
});
/** GET /api/console/reconciliation/disputes: the queue, soonest due first. */
export const consoleDisputeEndpoint = listEndpoint('/api/console/reconciliation/disputes', consoleDisputeQuerySchema, consoleDisputeRowSchema);

export const operatorReplySchema = z.object({
  message: textField('message', { max: RECONCILIATION_NOTE_MAX, multiline: true }),
});

export const DISPUTE_OUTCOMES = ['accepted', 'rejected'] as const;
export const resolveDisputeSchema = z.object({
  outcome: z.enum(DISPUTE_OUTCOMES, { error: 'The selected outcome is invalid.' }),
  /** signed decimal in the period's currency ('-25.00', '40'); the ledger's adjustment line, when the outcome moves money */
  adjustment: z
    .string()
    .regex(/^[-+]?\d{1,12}(\.\d{1,3})?$/, 'The adjustment must be an amount such as 40.00 or -25.00.')
    .optional(),
  note: textField('note', { max: RECONCILIATION_NOTE_MAX, multiline: true }),
});
export type ResolveDisputeRequest = z.output<typeof resolveDisputeSchema>;

export const accountNumberRequestSchema = z.object({
  referral_agent_id: idField('agent'),
  facility_id: idField('facility'),
  account_number: textField('account number', { max: 32 }).regex(/^[A-Za-z0-9][A-Za-z0-9-]*$/, 'The account number may hold letters, digits and hyphens.'),
});

export const apiTokenSchema = z.object({
  id: z.number().int(),
  facility_id: z.number().int(),
  name: z.string(),
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export const apiTokensSchema = z.array(apiTokenSchema);
export const createTokenRequestSchema = z.object({ facility_id: idField('facility'), name: textField('name', { max: 80 }) });
/** The token itself is in this answer only: it is kept hashed. */
export const createdTokenSchema = apiTokenSchema.extend({ token: z.string() });
export const tokenParamsSchema = z.object({ id: idStringField('id') });
export const tokenQuerySchema = z.object({ facility: idStringField('facility') });

/** POST /api/reconciliation/facility-statements: a facility's system imports a statement with its token. */
export const FACILITY_API_URL = '/api/reconciliation/facility-statements';
export const facilityApiQuerySchema = statementImportQuerySchema.extend({
  account: z.string().max(32),
  month: monthField,
});

export const CONSOLE_RECONCILIATION_URLS = {
  periods: '/api/console/reconciliation/periods',
  statement: '/api/console/reconciliation/periods/:id/statement',
  lock: '/api/console/reconciliation/periods/:id/lock',
  items: '/api/console/reconciliation/items',
  disputes: '/api/console/reconciliation/disputes',
  dispute: '/api/console/reconciliation/disputes/:id',
  disputeReply: '/api/console/reconciliation/disputes/:id/messages',
  resolve: '/api/console/reconciliation/disputes/:id/resolve',
  accounts: '/api/console/reconciliation/accounts',
  tokens: '/api/console/reconciliation/tokens',
  revokeToken: '/api/console/reconciliation/tokens/:id/revoke',
} as const;
