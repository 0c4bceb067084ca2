import { z } from 'zod';
import { CONSOLE_API_PREFIX } from './console-session.ts';
import { idField, textField } from './fields.ts';
import { enumQueryField, idQueryField, listEndpoint, listQuerySchema, textQueryField } from './list-query.ts';
import { NOTIFICATION_BODY_MAX, NOTIFICATION_LINK_MAX, NOTIFICATION_TITLE_MAX } from './notifications.ts';

/**
 * The console's Notifications page (issue 14): an operator sends one notification to a partner, to every approved
 * partner of a referral agent, or to every approved partner, in English and optionally in Arabic too (partners whose
 * language is Arabic then read the Arabic); and the history of what operators (and the admin command) sent, with
 * each send's recipients and its state. docs/console-notifications.md says why it works this way.
 */

/** Who a notification goes to: one partner, the approved partners of one referral agent, or every approved partner. */
export const NOTIFICATION_AUDIENCES = ['partner', 'agent', 'all'] as const;
export type NotificationAudience = (typeof NOTIFICATION_AUDIENCES)[number];

/**
 * A send's state: `queued` (waiting for the job queue), `sending` (the fan-out is under way: `sent_count` of
 * `recipient_count` done), `sent`, or `failed` (the job's attempts ran out; an operator can retry it from the jobs page,
 * and it resumes where it stopped).
 */
export const BROADCAST_STATES = ['queued', 'sending', 'sent', 'failed'] as const;
export type BroadcastState = (typeof BROADCAST_STATES)[number];

/** A send to more approved partners than this goes through the job queue; fewer are stored at once. "All" always queues. */
export const IMMEDIATE_RECIPIENTS_MAX = 200;

/** The validation messages of this contract (translated in message-translations.ts). */
export const CONSOLE_NOTIFICATION_MESSAGES = {
  audience: 'Choose who receives the notification.',
  partner: 'Choose a partner.',
  agent: 'Choose a referral agent.',
  arabicTitle: 'Give the Arabic title too, or leave the Arabic version empty.',
  arabicBody: 'Give the Arabic message too, or leave the Arabic version empty.',
  linkPath: 'The link must be a page of the portal, starting with a single "/" (for example /bookings).',
  linkArea: 'The link must be a page of the partner portal, not of the console or the API.',
} as const;

const M = CONSOLE_NOTIFICATION_MESSAGES;

/** Paths a partner cannot open: the console's pages and the API. */
const NOT_PARTNER_PAGES = /^\/(console|api|broadcasting|sanctum)(\/|\?|#|$)/i;

/**
 * A page of the partner portal, written by an operator: one leading '/', no host ('//'), no backslash, no space, no
 * scheme (so never `javascript:` or another site), and not the console or the API. Empty means no link.
 */
export const consoleNotificationLinkSchema = textField('link', { max: NOTIFICATION_LINK_MAX, min: 0 })
  .refine((value) => value === '' || /^\/(?![/\\])[^\s\\]*$/.test(value), M.linkPath)
  .refine((value) => !NOT_PARTNER_PAGES.test(value), M.linkArea);

const audienceField = z.enum(NOTIFICATION_AUDIENCES, { error: M.audience });

/** The audience's own fields, checked against the audience chosen (each message on the field it concerns). */
function checkAudience(value: { audience: NotificationAudience; partner_id?: number | null | undefined; agent_id?: number | null | undefined }, context: z.RefinementCtx) {
  if (value.audience === 'partner' && !value.partner_id) context.addIssue({ code: 'custom', path: ['partner_id'], message: M.partner });
  if (value.audience === 'agent' && !value.agent_id) context.addIssue({ code: 'custom', path: ['agent_id'], message: M.agent });
}

/** POST /api/console/notifications: send one. */
export const sendNotificationRequestSchema = z
  .object({
    audience: audienceField,
    /** With audience 'partner': an approved partner's user id. */
    partner_id: idField('partner').nullish(),
    /** With audience 'agent': a referral agent's id. */
    agent_id: idField('referral agent').nullish(),
    title: textField('title', { max: NOTIFICATION_TITLE_MAX }),
    body: textField('message', { max: NOTIFICATION_BODY_MAX, min: 0, multiline: true }).default(''),
    /** The Arabic version, for partners whose language is Arabic; both empty: everyone reads the English. */
    title_ar: textField('Arabic title', { max: NOTIFICATION_TITLE_MAX, min: 0 }).default(''),
    body_ar: textField('Arabic message', { max: NOTIFICATION_BODY_MAX, min: 0, multiline: true }).default(''),
    link: consoleNotificationLinkSchema.nullish().transform((value) => value || null),
  })
  .superRefine((value, context) => {
    checkAudience(value, context);
    if (value.body_ar && !value.title_ar) context.addIssue({ code: 'custom', path: ['title_ar'], message: M.arabicTitle });
    if (value.title_ar && value.body && !value.body_ar) context.addIssue({ code: 'custom', path: ['body_ar'], message: M.arabicBody });
  });
export type SendNotificationRequest = z.input<typeof sendNotificationRequestSchema>;
export type SendNotificationInput = z.output<typeof sendNotificationRequestSchema>;

/** GET /api/console/notifications/audience?audience=agent&agent_id=3: how many a send would reach, before sending. */
export const audienceQuerySchema = z
  .object({
    audience: z.preprocess((value) => (Array.isArray(value) ? value.at(-1) : value), audienceField),
    partner_id: idQueryField('partner'),
    agent_id: idQueryField('referral agent'),
  })
  .superRefine(checkAudience);
export type AudienceQuery = z.input<typeof audienceQuerySchema>;

export const audienceSizeSchema = z.object({
  /** Approved partners the send would reach now. */
  recipients: z.number().int().min(0),
  /** Whether it would go through the job queue (`queued` first) rather than be stored at once. */
  queued: z.boolean(),
  /** The audience in words: the partner's or the agent's name; null for all partners. */
  label: z.string().nullable(),
});
export type AudienceSize = z.infer<typeof audienceSizeSchema>;

/** GET …/notifications/partners?search=: approved partners to choose from (name, e-mail, organisation). */
export const recipientSearchQuerySchema = z.object({ search: textQueryField('search', 100) });

export const partnerChoiceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  organisation: z.string().nullable(),
  referral_agent: z.string(),
});
export type PartnerChoice = z.infer<typeof partnerChoiceSchema>;
export const partnerChoicesSchema = z.object({ data: z.array(partnerChoiceSchema) });

/** GET …/notifications/agents?search=: referral agents, with how many approved partners each has. */
export const agentChoiceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  partners: z.number().int(),
});
export type AgentChoice = z.infer<typeof agentChoiceSchema>;
export const agentChoicesSchema = z.object({ data: z.array(agentChoiceSchema) });
/** How many choices a search answers (the best matches; typing more narrows them). */
export const RECIPIENT_CHOICES_MAX = 10;

/** One send of the history. */
export const notificationBroadcastSchema = z.object({
  id: z.number().int(),
  audience: z.enum(NOTIFICATION_AUDIENCES),
  /** The partner's or the agent's name when it was sent; null for all partners. */
  audience_label: z.string().nullable(),
  title: z.string(),
  body: z.string(),
  title_ar: z.string().nullable(),
  body_ar: z.string().nullable(),
  link: z.string().nullable(),
  /** 'operator' (the console) or 'cli' (npm run admin). */
  sender_type: z.enum(['operator', 'cli']),
  /** The operator's name, or the command line's operating-system user. */
  sender_name: z.string(),
  recipient_count: z.number().int(),
  sent_count: z.number().int(),
  state: z.enum(BROADCAST_STATES),
  /** Why the last attempt failed (state 'failed'). */
  error: z.string().nullable(),
  /** ISO 8601 (UTC) */
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type NotificationBroadcast = z.infer<typeof notificationBroadcastSchema>;

export const notificationBroadcastListQuerySchema = listQuerySchema({
  filters: {
    /** title or audience */
    search: textQueryField('search', 100),
    audience: enumQueryField('audience', NOTIFICATION_AUDIENCES),
  },
  defaultPageSize: 10,
});

/** GET /api/console/notifications: what was sent, newest first. */
export const notificationBroadcastsEndpoint = listEndpoint(
  `${CONSOLE_API_PREFIX}/notifications`,
  notificationBroadcastListQuerySchema,
  notificationBroadcastSchema,
);
