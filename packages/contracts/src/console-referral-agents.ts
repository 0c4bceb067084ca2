import { z } from 'zod';
import { CONSOLE_API_PREFIX } from './console-session.ts';
import { idField, idStringField, textField } from './fields.ts';
import { defaultedSortQueryField, idQueryField, listEndpoint, listQuerySchema, textQueryField } from './list-query.ts';

/**
 * The console's Referral agents and Referral groups pages (issue 14): the organisations partners belong to and the
 * groups those belong to (a group's slug decides what its partners see, e.g. 'affiliates'), created and edited by
 * operators who hold referral_agents.manage, with the agent's logo uploaded here and shown to its partners.
 */

export const REFERRAL_AGENTS_URL = `${CONSOLE_API_PREFIX}/referral-agents`;
export const REFERRAL_GROUPS_URL = `${CONSOLE_API_PREFIX}/referral-groups`;

export const REFERRAL_AGENT_NAME_MAX = 150;
export const REFERRAL_GROUP_NAME_MAX = 100;
export const REFERRAL_GROUP_SLUG_MAX = 50;

/** A logo as uploaded: at most this many bytes, one of these types (sniffed from the bytes by the server). */
export const AGENT_LOGO_MAX_BYTES = 512 * 1024;
export const AGENT_LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

// ---- referral groups ----

export const REFERRAL_GROUP_SORTS = ['name', 'slug', 'agents'] as const;

export const referralGroupListQuerySchema = listQuerySchema({
  filters: {
    /** name or slug */
    search: textQueryField('search', 100),
    sort: defaultedSortQueryField(REFERRAL_GROUP_SORTS, 'name'),
  },
  defaultPageSize: 10,
});

export const referralGroupRowSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  /** its referral agents */
  agent_count: z.number().int(),
  /** the partners of those agents */
  partner_count: z.number().int(),
});
export type ReferralGroupRow = z.infer<typeof referralGroupRowSchema>;

export const referralGroupsEndpoint = listEndpoint(REFERRAL_GROUPS_URL, referralGroupListQuerySchema, referralGroupRowSchema);

/** Every group, by name: what the agent form's select and the agents list's filter offer. */
export const referralGroupOptionSchema = z.object({ id: z.number().int(), slug: z.string(), name: z.string() });
export type ReferralGroupOption = z.infer<typeof referralGroupOptionSchema>;
export const referralGroupOptionsSchema = z.array(referralGroupOptionSchema);
export const REFERRAL_GROUP_OPTIONS_URL = `${REFERRAL_GROUPS_URL}/options`;

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const groupName = textField('name', { max: REFERRAL_GROUP_NAME_MAX });

/**
 * A new group. The slug is its key in the portal's code (the 'affiliates' group's partners see no commission
 * structure; registrations join 'partners'), so it is set once, here, and never edited.
 */
export const createReferralGroupRequestSchema = z.object({
  slug: textField('slug', { max: REFERRAL_GROUP_SLUG_MAX }).regex(SLUG_PATTERN, 'The slug may contain only lowercase letters, digits and single hyphens.'),
  name: groupName,
});
export type CreateReferralGroupRequest = z.infer<typeof createReferralGroupRequestSchema>;

/** A group's edit: its name (its slug stays). */
export const updateReferralGroupRequestSchema = z.object({ name: groupName });
export type UpdateReferralGroupRequest = z.infer<typeof updateReferralGroupRequestSchema>;

export const referralGroupParamsSchema = z.object({ id: idStringField('id') });

// ---- referral agents ----

export const REFERRAL_AGENT_SORTS = ['name', 'group', 'partners', 'created_at'] as const;

export const referralAgentListQuerySchema = listQuerySchema({
  filters: {
    search: textQueryField('search', 100),
    /** a referral group's id */
    group: idQueryField('referral group'),
    sort: defaultedSortQueryField(REFERRAL_AGENT_SORTS, 'name'),
  },
  defaultPageSize: 10,
});

export const referralAgentRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  group: referralGroupOptionSchema,
  /**
   * Where the console shows the logo from: the uploaded file through the console's own route, or the portal's
   * built-in image (/build/logos/…) an agent may still have; null when it has none.
   */
  logo_url: z.string().nullable(),
  partner_count: z.number().int(),
  booking_count: z.number().int(),
  /** ISO 8601 (UTC) */
  created_at: z.string(),
});
export type ReferralAgentRow = z.infer<typeof referralAgentRowSchema>;

export const referralAgentsEndpoint = listEndpoint(REFERRAL_AGENTS_URL, referralAgentListQuerySchema, referralAgentRowSchema);

export const referralAgentDetailSchema = referralAgentRowSchema.extend({
  /** Whether the logo is a file uploaded here (it can be removed), rather than a built-in image or none. */
  logo_uploaded: z.boolean(),
  /** The uploaded logo's size in bytes and type; null otherwise. */
  logo_size: z.number().int().nullable(),
  logo_type: z.string().nullable(),
  /** ISO 8601 (UTC) */
  updated_at: z.string(),
});
export type ReferralAgentDetail = z.infer<typeof referralAgentDetailSchema>;

/** A new agent, or an agent's edit: its name and group (the logo has its own upload). */
export const referralAgentRequestSchema = z.object({
  name: textField('name', { max: REFERRAL_AGENT_NAME_MAX }),
  referral_group_id: idField('referral group', { required: 'Choose a referral group.' }),
});
export type ReferralAgentRequest = z.infer<typeof referralAgentRequestSchema>;

export const referralAgentParamsSchema = z.object({ id: idStringField('id') });

/**
 * PUT …/referral-agents/:id/logo: the image's bytes as the body (Content-Type application/octet-stream), the
 * chosen file's name in the query (kept for downloads, never a path).
 */
export const agentLogoUploadQuerySchema = z.object({ filename: textQueryField('filename', 255) });
export const AGENT_LOGO_UPLOAD_CONTENT_TYPE = 'application/octet-stream';

/** Where a logo is checked before it is sent: the same limits the server applies (which sniffs the bytes too). */
export function agentLogoProblem(file: { size: number; type: string }): 'too_large' | 'type_not_allowed' | 'empty' | null {
  if (file.size === 0) return 'empty';
  if (file.size > AGENT_LOGO_MAX_BYTES) return 'too_large';
  if (!(AGENT_LOGO_TYPES as readonly string[]).includes(file.type)) return 'type_not_allowed';
  return null;
}
