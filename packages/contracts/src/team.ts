import { z } from 'zod';
import { textField } from './fields.ts';
import { defaultedSortQueryField, enumQueryField, listEndpoint, listQuerySchema, textQueryField } from './list-query.ts';
import { PARTNER_ROLES } from './partner-roles.ts';
import { emailSchema } from './session.ts';

/**
 * The team of a referral agent (issue 17, `/manage-user` and `/add-user`): its members, invitations, the seat limit
 * and the team log. Only owners manage the team (`team.manage`); managers read the members and the log (`team.read`).
 */

export const TEAM_URL = '/api/team';
export const TEAM_MEMBERS_URL = `${TEAM_URL}/members`;
export const TEAM_LOG_URL = `${TEAM_URL}/log`;
export const TEAM_SUMMARY_URL = `${TEAM_URL}/summary`;
export const TEAM_INVITATIONS_URL = `${TEAM_URL}/invitations`;

/** An invitation's link works once and for this many days; a resent one gets a new link and new days. */
export const TEAM_INVITATION_EXPIRE_DAYS = 7;

/**
 * The job the auth area sends when an invitation link is spent on /authenticate (the invitee is active from that
 * moment); the team area handles it: the inviter is told, the log says so.
 */
export const TEAM_INVITATION_ACCEPTED_JOB = 'team.invitation-accepted';

/**
 * A member's status as the team page shows it: `active` (an approved account), `invited` (the link not spent yet),
 * `deactivated` (an owner turned them off) and `suspended` (an operator did, in the console).
 */
export const TEAM_MEMBER_STATUSES = ['active', 'invited', 'deactivated', 'suspended'] as const;
export type TeamMemberStatus = (typeof TEAM_MEMBER_STATUSES)[number];

/** The roles an invitation or a role change may give: ownership moves only by a transfer. */
export const TEAM_ASSIGNABLE_ROLES = ['manager', 'agent', 'finance'] as const;
export type TeamAssignableRole = (typeof TEAM_ASSIGNABLE_ROLES)[number];

export const TEAM_MEMBER_SORTS = ['name', 'role', 'last_active_at'] as const;
export const TEAM_SEARCH_MAX_LENGTH = 100;

export const teamMemberListQuerySchema = listQuerySchema({
  filters: {
    /** name or e-mail */
    search: textQueryField('search', TEAM_SEARCH_MAX_LENGTH),
    role: enumQueryField('role', PARTNER_ROLES),
    status: enumQueryField('status', TEAM_MEMBER_STATUSES),
    sort: defaultedSortQueryField(TEAM_MEMBER_SORTS, 'name'),
  },
  defaultPageSize: 25,
});
export type TeamMemberListQuery = z.output<typeof teamMemberListQuerySchema>;

export const teamMemberSchema = z.object({
  /** the member's user id */
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.enum(PARTNER_ROLES),
  status: z.enum(TEAM_MEMBER_STATUSES),
  /** ISO 8601, UTC: the latest activity of any of their sessions, or their latest sign-in; null if never */
  last_active_at: z.string().nullable(),
  /** ISO 8601, UTC: when the pending invitation's link stops working (invited members only) */
  invitation_expires_at: z.string().nullable(),
  /** true for the signed-in member's own row */
  is_self: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** GET /api/team/members: the agent's members, paged (team.read). */
export const teamMembersEndpoint = listEndpoint(TEAM_MEMBERS_URL, teamMemberListQuerySchema, teamMemberSchema);

/** GET /api/team/summary: the seats, and whether the caller may manage the team. */
export const teamSummarySchema = z.object({
  seat_limit: z.number().int(),
  /** members who are not deactivated, invited ones included */
  seats_used: z.number().int(),
  can_manage: z.boolean(),
});
export type TeamSummary = z.infer<typeof teamSummarySchema>;

export const TEAM_LOG_ACTIONS = [
  'invited',
  'invitation_resent',
  'invitation_revoked',
  'invitation_accepted',
  'role_changed',
  'deactivated',
  'reactivated',
  'ownership_transferred',
] as const;
export type TeamLogAction = (typeof TEAM_LOG_ACTIONS)[number];

export const teamLogQuerySchema = listQuerySchema({ filters: {}, defaultPageSize: 10 });
export const teamLogEntrySchema = z.object({
  id: z.number().int(),
  action: z.enum(TEAM_LOG_ACTIONS),
  /** who did it; null when the system did (an accepted invitation is the invitee's own act) */
  actor_name: z.string().nullable(),
  target_name: z.string(),
  role_before: z.enum(PARTNER_ROLES).nullable(),
  role_after: z.enum(PARTNER_ROLES).nullable(),
  /** ISO 8601, UTC */
  created_at: z.string(),
});
export type TeamLogEntry = z.infer<typeof teamLogEntrySchema>;

/** GET /api/team/log: who invited, changed or deactivated whom, newest first (team.read). */
export const teamLogEndpoint = listEndpoint(TEAM_LOG_URL, teamLogQuerySchema, teamLogEntrySchema);

const roleField = z.enum(TEAM_ASSIGNABLE_ROLES, { error: 'The selected role is invalid.' });

/** POST /api/team/invitations (team.manage). */
export const inviteMemberRequestSchema = z.object({
  first_name: textField('first name', { max: 100 }),
  last_name: textField('last name', { max: 100 }),
  email: emailSchema,
  role: roleField,
});
export type InviteMemberRequest = z.infer<typeof inviteMemberRequestSchema>;

/** PATCH /api/team/members/:id/role (team.manage). */
export const changeRoleRequestSchema = z.object({ role: roleField });
export type ChangeRoleRequest = z.infer<typeof changeRoleRequestSchema>;

/** POST /api/team/members/:id/transfer-ownership (team.manage): the owner's current password, checked in the request. */
export const transferOwnershipRequestSchema = z.object({
  password: z.string({ error: 'The password field is required.' }).min(1, 'The password field is required.').max(1000),
});
export type TransferOwnershipRequest = z.infer<typeof transferOwnershipRequestSchema>;

/** What every write answers: the member as the list shows them now, and a sentence to announce. */
export const teamMemberResultSchema = z.object({ message: z.string(), member: teamMemberSchema });
export type TeamMemberResult = z.infer<typeof teamMemberResultSchema>;
export const teamMessageSchema = z.object({ message: z.string() });

/** The console's seat limit of a referral agent: PUT /api/console/referral-agents/:id/seat-limit. */
export const TEAM_SEAT_LIMIT_MAX = 1000;
export const seatLimitRequestSchema = z.object({
  seat_limit: z
    .number({ error: 'The seat limit field must be a number.' })
    .int('The seat limit field must be an integer.')
    .min(1, 'The seat limit field must be at least 1.')
    .max(TEAM_SEAT_LIMIT_MAX, `The seat limit field must not be greater than ${TEAM_SEAT_LIMIT_MAX}.`),
});
export type SeatLimitRequest = z.infer<typeof seatLimitRequestSchema>;
