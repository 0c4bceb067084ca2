import { z } from 'zod';
import { CONSOLE_API_PREFIX } from './console-session.ts';
import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_SEARCH_MAX_LENGTH,
  FEEDBACK_STATUSES,
  feedbackMessageField,
  feedbackMessageSchema,
  feedbackPersonSchema,
  feedbackRowSchema,
} from './feedback.ts';
import { idField } from './fields.ts';
import { defaultedSortQueryField, enumQueryField, idQueryField, listEndpoint, listQuerySchema, textQueryField } from './list-query.ts';

/**
 * The console's half of feedback (issue 17): the support inbox. Kept apart from feedback.ts so the partners' bundle,
 * which imports that file, carries no console path or operator schema (console.spec checks the built chunks).
 */

export const CONSOLE_FEEDBACK_URL = `${CONSOLE_API_PREFIX}/feedback`;

// ---- the console's support inbox ----

export const CONSOLE_FEEDBACK_SORTS = ['last_message_at', 'created_at'] as const;

export const consoleFeedbackListQuerySchema = listQuerySchema({
  filters: {
    /** the message text, the author's name or e-mail, or the agent's name */
    search: textQueryField('search', FEEDBACK_SEARCH_MAX_LENGTH),
    status: enumQueryField('status', FEEDBACK_STATUSES),
    category: enumQueryField('filter', FEEDBACK_CATEGORIES),
    agent_id: idQueryField('agent'),
    assignee_id: idQueryField('assignee'),
    sort: defaultedSortQueryField(CONSOLE_FEEDBACK_SORTS, '-last_message_at'),
  },
  defaultPageSize: 20,
});
export type ConsoleFeedbackListQuery = z.output<typeof consoleFeedbackListQuerySchema>;

export const consoleFeedbackRowSchema = feedbackRowSchema.extend({
  referral_agent: feedbackPersonSchema,
  assignee: feedbackPersonSchema.nullable(),
});
export type ConsoleFeedbackRow = z.infer<typeof consoleFeedbackRowSchema>;

export const consoleFeedbackEndpoint = listEndpoint(CONSOLE_FEEDBACK_URL, consoleFeedbackListQuerySchema, consoleFeedbackRowSchema);

export const consoleFeedbackMessageSchema = feedbackMessageSchema.extend({
  /** an operator's note for the team: never shown to the partner */
  internal: z.boolean(),
});
export type ConsoleFeedbackMessage = z.infer<typeof consoleFeedbackMessageSchema>;

export const consoleFeedbackThreadSchema = consoleFeedbackRowSchema.extend({
  author_email: z.string(),
  page_url: z.string().nullable(),
  app_version: z.string().nullable(),
  language: z.string().nullable(),
  messages: z.array(consoleFeedbackMessageSchema),
});
export type ConsoleFeedbackThread = z.infer<typeof consoleFeedbackThreadSchema>;

export const consoleFeedbackOptionsSchema = z.object({ agents: z.array(feedbackPersonSchema), operators: z.array(feedbackPersonSchema) });
export type ConsoleFeedbackOptions = z.infer<typeof consoleFeedbackOptionsSchema>;

export const consoleFeedbackReplyRequestSchema = z.object({
  message: feedbackMessageField,
  /** true: an internal note for operators (no notification, never shown to the partner) */
  internal: z.boolean().default(false),
});
export type ConsoleFeedbackReplyRequest = z.input<typeof consoleFeedbackReplyRequestSchema>;

export const feedbackStatusRequestSchema = z.object({ status: z.enum(FEEDBACK_STATUSES, { error: 'The selected status is invalid.' }) });
export const feedbackAssigneeRequestSchema = z.object({ assignee_id: idField('assignee').nullable() });
