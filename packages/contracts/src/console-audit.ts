import { z } from 'zod';
import { CONSOLE_API_PREFIX } from './console-session.ts';
import { textField } from './fields.ts';
import { dateQueryField, enumQueryField, listEndpoint, listQuerySchema, queryField, timeZoneQueryField } from './list-query.ts';
import { startAfterEndMessage } from './bookings.ts';

/**
 * The console's audit log viewer (issue 14, audit.read): every row of `audit_events`, newest first, filtered by who
 * acted (actor type and id), what was done (an exact action or an area's prefix such as 'partner.'), to which record
 * (target type and id) and when (a date range in the operator's time zone). Each row carries its before and after
 * values as stored (secrets were masked when the row was written) and the names of the actor and target where the
 * portal knows them. docs/console-audit-and-jobs.md says what the page shows and why.
 */

/** Who can act: the same four kinds as the table's CHECK (lib/audit/audit-log.ts AUDIT_ACTOR_TYPES). */
export const AUDIT_ACTOR_KINDS = ['operator', 'partner', 'cli', 'system'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

/** An exact action: dotted and lower case, area first ('partner.approved'). */
export const AUDIT_ACTION_PATTERN = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$/;
/** An area's prefix, ending in '.' ('auth.', 'partner.'): every action of that area. */
export const AUDIT_ACTION_PREFIX_PATTERN = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*\.$/;
/** A target type: lower case with underscores ('user', 'referral_agent'). */
export const AUDIT_TARGET_TYPE_PATTERN = /^[a-z][a-z0-9_]*$/;

export const AUDIT_PAGE_SIZE = 20;

function patternField(label: string, max: number, test: (value: string) => boolean, message: string) {
  return queryField(textField(label, { max }).refine(test, message));
}

const auditFilterShape = {
  actor_type: enumQueryField('actor type', AUDIT_ACTOR_KINDS),
  /** The operator's or partner's id, the CLI's operating-system user; needs actor_type (ids of two kinds overlap). */
  actor_id: queryField(textField('actor', { max: 100 })),
  /** 'partner.approved', or 'partner.' for every partner action. */
  action: patternField(
    'action',
    100,
    (value) => AUDIT_ACTION_PATTERN.test(value) || AUDIT_ACTION_PREFIX_PATTERN.test(value),
    "The action field must be an action such as 'partner.approved' or an area followed by a dot, such as 'partner.'.",
  ),
  target_type: patternField('target type', 50, (value) => AUDIT_TARGET_TYPE_PATTERN.test(value), 'The target type field must be lower case, such as user or referral_agent.'),
  /** Needs target_type: a booking's id and a user's may be the same text. */
  target_id: queryField(textField('target', { max: 100 })),
  /** YYYY-MM-DD, inclusive, in `timezone`. */
  from: dateQueryField('from'),
  /** YYYY-MM-DD, inclusive (the whole day), in `timezone`. */
  to: dateQueryField('to'),
  /** The IANA zone the dates are meant in (the operator's browser's); UTC when left out. */
  timezone: timeZoneQueryField(),
};

/** GET /api/console/audit-events query. */
export const auditEventListQuerySchema = listQuerySchema({ filters: auditFilterShape, defaultPageSize: AUDIT_PAGE_SIZE }).superRefine((value, context) => {
  if (value.actor_id && !value.actor_type) {
    context.addIssue({ code: 'custom', path: ['actor_id'], message: 'The actor type field is required when an actor is given.' });
  }
  if (value.target_id && !value.target_type) {
    context.addIssue({ code: 'custom', path: ['target_id'], message: 'The target type field is required when a target is given.' });
  }
  if (value.from && value.to && value.from > value.to) {
    context.addIssue({ code: 'custom', path: ['from'], message: startAfterEndMessage(value.from, value.to) });
  }
});
export type AuditEventListQuery = z.output<typeof auditEventListQuerySchema>;

export const auditEventSchema = z.object({
  id: z.number().int(),
  /** ISO 8601 (UTC) */
  at: z.string(),
  actor: z.object({
    type: z.enum(AUDIT_ACTOR_KINDS),
    id: z.string().nullable(),
    /** The operator's role when they acted. */
    role: z.string().nullable(),
    /** The operator's or partner's name today; null for the CLI, the system, or an account no longer there. */
    name: z.string().nullable(),
  }),
  action: z.string(),
  target: z
    .object({
      type: z.string(),
      id: z.string(),
      /** The record's name where the portal knows it (a partner, an operator, a referral agent); else null. */
      name: z.string().nullable(),
    })
    .nullable(),
  /** The values before and after the change, as stored: secret-looking keys hold '[masked]'. */
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditEventsEndpoint = listEndpoint(`${CONSOLE_API_PREFIX}/audit-events`, auditEventListQuerySchema, auditEventSchema);

/** The operators an actor filter offers (GET /api/console/audit-events/operators): every operator, by name. */
export const auditOperatorOptionSchema = z.object({ id: z.number().int(), name: z.string(), role: z.string() });
export type AuditOperatorOption = z.infer<typeof auditOperatorOptionSchema>;
export const auditOperatorOptionsSchema = z.array(auditOperatorOptionSchema);
export const AUDIT_OPERATORS_URL = `${CONSOLE_API_PREFIX}/audit-events/operators`;

/** The value the writer puts in place of a secret (lib/audit/audit-log.ts MASKED). */
export const AUDIT_MASKED_VALUE = '[masked]';
