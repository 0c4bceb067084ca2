import { z } from 'zod';
import { idField, idStringField, textField } from './fields.ts';
import { defaultedSortQueryField, enumQueryField, listEndpoint, listQuerySchema, textQueryField } from './list-query.ts';
import type { PartnerRole } from './partner-roles.ts';

/**
 * Feedback (issue 17): a partner's submission is a thread (category, optional 1–5 rating, message, up to 3
 * attachments, the page, app version and language it was sent from) that operators answer in the console's support
 * inbox. Statuses run new → in_review → answered → closed; a closed thread takes no more replies. Operators' internal
 * notes never appear in a partner's answer: the partner schemas below have no field that could carry one.
 */

export const FEEDBACK_CATEGORIES = ['booking', 'payout', 'portal_problem', 'content', 'other'] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];
export const FEEDBACK_STATUSES = ['new', 'in_review', 'answered', 'closed'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

/**
 * Whose threads a member sees: owners and managers every thread of their agent (they run the agent's relationship
 * with the portal); agents and finance only their own. Every member sees their own.
 */
export function seesAgentFeedback(role: PartnerRole): boolean {
  return role === 'owner' || role === 'manager';
}

/** The notification type of an operator's answer: the partner's pages refresh the thread when one arrives. */
export const FEEDBACK_ANSWERED_NOTIFICATION = 'feedback.answered';

export const FEEDBACK_URL = '/api/feedback';
export const FEEDBACK_ATTACHMENTS_URL = `${FEEDBACK_URL}/attachments`;

export const FEEDBACK_MESSAGE_MAX = 5000;
export const FEEDBACK_SEARCH_MAX_LENGTH = 100;
export const FEEDBACK_MAX_ATTACHMENTS = 3;
export const FEEDBACK_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const FEEDBACK_ATTACHMENT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'] as const;
/** The upload's body is the file itself. */
export const FEEDBACK_UPLOAD_CONTENT_TYPE = 'application/octet-stream';

// ---- the partner's list ----

export const FEEDBACK_SORT_COLUMNS = ['last_message_at', 'created_at'] as const;

export const feedbackListQuerySchema = listQuerySchema({
  filters: {
    search: textQueryField('search', FEEDBACK_SEARCH_MAX_LENGTH),
    status: enumQueryField('status', FEEDBACK_STATUSES),
    sort: defaultedSortQueryField(FEEDBACK_SORT_COLUMNS, '-last_message_at'),
  },
  defaultPageSize: 10,
});
export type FeedbackListQuery = z.output<typeof feedbackListQuerySchema>;

export const feedbackPersonSchema = z.object({ id: z.number().int(), name: z.string() });

export const feedbackRowSchema = z.object({
  id: z.number().int(),
  category: z.enum(FEEDBACK_CATEGORIES),
  status: z.enum(FEEDBACK_STATUSES),
  rating: z.number().int().nullable(),
  /** the first message, cut to 160 characters */
  excerpt: z.string(),
  /** who sent it (owners and managers see their colleagues' threads too) */
  author: feedbackPersonSchema,
  /** messages a partner sees (the operators' internal notes are not counted) */
  message_count: z.number().int(),
  /** ISO 8601, UTC */
  created_at: z.string(),
  last_message_at: z.string(),
});
export type FeedbackRow = z.infer<typeof feedbackRowSchema>;

/** GET /api/feedback: the threads the member may see, paged. */
export const feedbackListEndpoint = listEndpoint(FEEDBACK_URL, feedbackListQuerySchema, feedbackRowSchema);

// ---- a thread, as a partner sees it ----

export const feedbackAttachmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
});
export type FeedbackAttachment = z.infer<typeof feedbackAttachmentSchema>;

export const feedbackMessageSchema = z.object({
  id: z.number().int(),
  /** 'partner' or 'operator' (the support team: partners see no operator's name) */
  author_type: z.enum(['partner', 'operator']),
  /** the partner's name; for an operator, the operator's first name in the console, 'Support' for partners */
  author_name: z.string(),
  body: z.string(),
  attachments: z.array(feedbackAttachmentSchema),
  created_at: z.string(),
});
export type FeedbackMessage = z.infer<typeof feedbackMessageSchema>;

export const feedbackThreadSchema = feedbackRowSchema.extend({
  page_url: z.string().nullable(),
  app_version: z.string().nullable(),
  language: z.string().nullable(),
  /** oldest first; never an internal note */
  messages: z.array(feedbackMessageSchema),
  /** whether the member may still reply (not closed) */
  can_reply: z.boolean(),
});
export type FeedbackThread = z.infer<typeof feedbackThreadSchema>;

export const feedbackParamsSchema = z.object({ id: idStringField('id') });
export const feedbackAttachmentParamsSchema = z.object({ id: idStringField('id'), attachmentId: idStringField('id') });

// ---- writes ----

export const feedbackAttachmentIds = z.array(idField('id')).max(FEEDBACK_MAX_ATTACHMENTS, 'At most 3 files may be attached.').default([]);
export const feedbackMessageField = textField('message', { max: FEEDBACK_MESSAGE_MAX, multiline: true });

export const submitFeedbackRequestSchema = z.object({
  category: z.enum(FEEDBACK_CATEGORIES, { error: 'The selected category is invalid.' }),
  rating: z.number({ error: 'The rating must be a whole number from 1 to 5.' }).int('The rating must be a whole number from 1 to 5.').min(1, 'The rating must be a whole number from 1 to 5.').max(5, 'The rating must be a whole number from 1 to 5.').nullish(),
  message: feedbackMessageField,
  /** the uploads (POST /api/feedback/attachments) this message carries */
  attachment_ids: feedbackAttachmentIds,
  /** attached by the page: where the partner was, the SPA's build, the language it was shown in */
  page_url: textField('page address', { max: 2000 }).nullish(),
  app_version: textField('app version', { max: 100 }).nullish(),
  language: textField('language', { max: 20 }).nullish(),
});
export type SubmitFeedbackRequest = z.input<typeof submitFeedbackRequestSchema>;

export const feedbackReplyRequestSchema = z.object({ message: feedbackMessageField, attachment_ids: feedbackAttachmentIds });
export type FeedbackReplyRequest = z.input<typeof feedbackReplyRequestSchema>;

export const feedbackUploadQuerySchema = z.object({ filename: textField('filename', { max: 255 }).optional() });
