import type { PartnerRole } from '@portal/contracts/partner-roles';
import type { Locale } from '@portal/contracts/preferences';
import type { TeamLogAction, TeamLogEntry, TeamMember, TeamMemberListQuery, TeamMemberStatus } from '@portal/contracts/team';
import { containsPattern, queryPage, type Queryable } from '../../db/queryable.ts';

/**
 * The team's SQL. Every query names the referral agent in its WHERE clause: a member of another agent is not found
 * (404), never changed. Writes run on a transaction's client, after the rows they check are locked (lockMembers).
 */

/** users.status → what the team page calls it. */
const STATUS_OF: Record<string, TeamMemberStatus> = { approved: 'active', invited: 'invited', deactivated: 'deactivated', suspended: 'suspended' };
/** The statuses of a member of an agent (pending and rejected are registrations, which found their own agent). */
const MEMBER_STATUSES = ['approved', 'invited', 'deactivated', 'suspended'];
/** Who holds a seat: every member who is not deactivated. */
const SEAT_STATUSES = ['approved', 'invited', 'suspended'];

interface MemberRecord {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  role: PartnerRole;
  status: string;
  last_active_at: Date | null;
  invitation_expires_at: Date | null;
}

const MEMBER_COLUMNS = `u.id, u.first_name, u.last_name, u.email, p.role, u.status,
  COALESCE(
    (SELECT max(s.last_activity_at) FROM sessions s WHERE s.user_id = u.id),
    (SELECT max(a.created_at) FROM audit_events a WHERE a.target_type = 'user' AND a.target_id = u.id::text AND a.action = 'auth.sign_in')
  ) AS last_active_at,
  CASE WHEN u.status = 'invited' THEN i.expires_at END AS invitation_expires_at`;
const MEMBER_FROM = `users u JOIN partner_profiles p ON p.user_id = u.id LEFT JOIN team_invitations i ON i.user_id = u.id`;

function toMember(record: MemberRecord, selfId: number): TeamMember {
  return {
    id: record.id,
    first_name: record.first_name,
    last_name: record.last_name,
    email: record.email,
    role: record.role,
    status: STATUS_OF[record.status] ?? 'suspended',
    last_active_at: record.last_active_at?.toISOString() ?? null,
    invitation_expires_at: record.invitation_expires_at?.toISOString() ?? null,
    is_self: record.id === selfId,
  };
}

const ORDER_BY: Record<TeamMemberListQuery['sort'], string> = {
  name: 'lower(u.first_name) ASC, lower(u.last_name) ASC, u.id ASC',
  '-name': 'lower(u.first_name) DESC, lower(u.last_name) DESC, u.id DESC',
  // owner first, as PARTNER_ROLES ranks them
  role: `array_position(ARRAY['owner','manager','agent','finance'], p.role) ASC, lower(u.first_name) ASC, u.id ASC`,
  '-role': `array_position(ARRAY['owner','manager','agent','finance'], p.role) DESC, lower(u.first_name) ASC, u.id ASC`,
  last_active_at: 'last_active_at ASC NULLS FIRST, u.id ASC',
  '-last_active_at': 'last_active_at DESC NULLS LAST, u.id DESC',
};

const STATUS_FILTER: Record<TeamMemberStatus, string> = { active: 'approved', invited: 'invited', deactivated: 'deactivated', suspended: 'suspended' };

export async function findMembersPage(
  db: Queryable,
  agentId: number,
  selfId: number,
  query: TeamMemberListQuery,
): Promise<{ rows: TeamMember[]; total: number }> {
  const values: unknown[] = [agentId, MEMBER_STATUSES];
  let where = 'p.referral_agent_id = $1 AND u.status = ANY($2::text[])';
  if (query.search) {
    values.push(containsPattern(query.search));
    where += ` AND (u.first_name || ' ' || u.last_name ILIKE $${values.length} OR u.email ILIKE $${values.length})`;
  }
  if (query.role) {
    values.push(query.role);
    where += ` AND p.role = $${values.length}`;
  }
  if (query.status) {
    values.push(STATUS_FILTER[query.status]);
    where += ` AND u.status = $${values.length}`;
  }
  const { rows, total } = await queryPage<MemberRecord>(db, {
    select: MEMBER_COLUMNS,
    from: MEMBER_FROM,
    where,
    values,
    orderBy: ORDER_BY[query.sort],
    page: query.page,
    perPage: query.per_page,
  });
  return { rows: rows.map((row) => toMember(row, selfId)), total };
}

/** One member of the agent as the list shows them, or undefined (another agent's, or no such user). */
export async function findMember(db: Queryable, agentId: number, userId: number, selfId: number): Promise<TeamMember | undefined> {
  const { rows } = await db.query<MemberRecord>(
    `SELECT ${MEMBER_COLUMNS} FROM ${MEMBER_FROM} WHERE p.referral_agent_id = $1 AND u.id = $2 AND u.status = ANY($3::text[])`,
    [agentId, userId, MEMBER_STATUSES],
  );
  return rows[0] ? toMember(rows[0], selfId) : undefined;
}

/** What a write checks on a member, locked. */
export interface LockedMember {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  status: string;
  role: PartnerRole;
  locale: Locale;
  password_hash: string;
}

/**
 * Locks the agent's row, then every member row of the agent (users and profiles), and answers them. Every team write
 * starts here, so two writes of one agent run one after the other and each sees the other's result: two owners
 * demoting each other at once cannot leave zero owners, and two invitations cannot both take the last seat.
 */
export async function lockMembers(db: Queryable, agentId: number): Promise<{ seatLimit: number; agentName: string; members: Map<number, LockedMember> } | undefined> {
  // NO KEY UPDATE: it serialises team writes all the same, but does not hold up the foreign-key checks of the
  // agent's new bookings, patients and feedback (FOR UPDATE would, for as long as a team write lasts).
  const agent = await db.query<{ seat_limit: number; name: string }>('SELECT seat_limit, name FROM referral_agents WHERE id = $1 FOR NO KEY UPDATE', [agentId]);
  if (!agent.rows[0]) return undefined;
  const { rows } = await db.query<LockedMember>(
    `SELECT u.id, u.first_name, u.last_name, u.email, u.status, p.role, u.locale, u.password_hash
       FROM users u JOIN partner_profiles p ON p.user_id = u.id
      WHERE p.referral_agent_id = $1
      ORDER BY u.id
        FOR UPDATE OF u, p`,
    [agentId],
  );
  return { seatLimit: agent.rows[0].seat_limit, agentName: agent.rows[0].name, members: new Map(rows.map((row) => [row.id, row])) };
}

/** The member's password hash, read without a lock (checked before a team write takes its locks). */
export async function passwordHashOf(db: Queryable, userId: number): Promise<string | undefined> {
  const { rows } = await db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [userId]);
  return rows[0]?.password_hash;
}

export function holdsSeat(member: Pick<LockedMember, 'status'>): boolean {
  return SEAT_STATUSES.includes(member.status);
}

export function isMember(member: Pick<LockedMember, 'status'>): boolean {
  return MEMBER_STATUSES.includes(member.status);
}

export async function countSeats(db: Queryable, agentId: number): Promise<{ seat_limit: number; seats_used: number }> {
  const { rows } = await db.query<{ seat_limit: number; seats_used: number }>(
    `SELECT a.seat_limit,
            (SELECT count(*)::int FROM users u JOIN partner_profiles p ON p.user_id = u.id
              WHERE p.referral_agent_id = a.id AND u.status = ANY($2::text[])) AS seats_used
       FROM referral_agents a WHERE a.id = $1`,
    [agentId, SEAT_STATUSES],
  );
  return rows[0] ?? { seat_limit: 0, seats_used: 0 };
}

export async function emailTaken(db: Queryable, email: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM users WHERE lower(email) = lower($1)', [email]);
  return rows.length > 0;
}

/**
 * An invited member: a user with status 'invited', a password nobody knows and `password_updated_check` false (the
 * first sign-in asks for a password, spec §2), a profile in the inviter's agent with the inviter's type, industry
 * and organisation, and the invitation's row.
 */
export async function insertInvitedMember(
  db: Queryable,
  input: { firstName: string; lastName: string; email: string; role: PartnerRole; passwordHash: string; locale: Locale; agentId: number; inviterId: number },
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO users (first_name, last_name, email, password_hash, status, password_updated_check, locale)
     VALUES ($1, $2, $3, $4, 'invited', false, $5) RETURNING id`,
    [input.firstName, input.lastName, input.email, input.passwordHash, input.locale],
  );
  const userId = rows[0]!.id;
  await db.query(
    `INSERT INTO partner_profiles (user_id, partner_type_id, partner_industry_id, referral_agent_id, organisation, role)
     SELECT $1, partner_type_id, partner_industry_id, referral_agent_id, organisation, $3 FROM partner_profiles WHERE user_id = $2`,
    [userId, input.inviterId, input.role],
  );
  return userId;
}

/**
 * A new invitation link for the member: every earlier one of theirs stops working (deleted), the new token's sha256
 * is stored in login_links (purpose 'invitation'), which /authenticate spends once, and the invitation row says when.
 */
export async function issueInvitation(
  db: Queryable,
  input: { userId: number; agentId: number; inviterId: number; tokenHash: string; days: number },
): Promise<Date> {
  await db.query(`DELETE FROM login_links WHERE user_id = $1 AND purpose = 'invitation'`, [input.userId]);
  const { rows } = await db.query<{ expires_at: Date }>(
    `INSERT INTO login_links (user_id, token_hash, purpose, expires_at)
     VALUES ($1, $2, 'invitation', now() + make_interval(days => $3::integer)) RETURNING expires_at`,
    [input.userId, input.tokenHash, input.days],
  );
  const expiresAt = rows[0]!.expires_at;
  await db.query(
    `INSERT INTO team_invitations (user_id, referral_agent_id, invited_by_user_id, sent_at, expires_at)
     VALUES ($1, $2, $3, now(), $4)
     ON CONFLICT (user_id) DO UPDATE SET invited_by_user_id = excluded.invited_by_user_id, sent_at = now(), expires_at = excluded.expires_at`,
    [input.userId, input.agentId, input.inviterId, expiresAt],
  );
  return expiresAt;
}

/** A revoked invitation: the invited user goes (their links, profile and invitation row with them). */
export async function deleteInvitedUser(db: Queryable, userId: number): Promise<void> {
  await db.query(`DELETE FROM users WHERE id = $1 AND status = 'invited'`, [userId]);
}

export async function setRole(db: Queryable, userId: number, role: PartnerRole): Promise<void> {
  await db.query('UPDATE partner_profiles SET role = $2 WHERE user_id = $1', [userId, role]);
}

export async function setStatus(db: Queryable, userId: number, status: 'approved' | 'deactivated'): Promise<void> {
  await db.query('UPDATE users SET status = $2, updated_at = now() WHERE id = $1', [userId, status]);
}

/** Ends every session of the user and spends their open sign-in links; answers how many sessions there were. */
export async function endSessions(db: Queryable, userId: number): Promise<number> {
  await db.query('UPDATE login_links SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [userId]);
  const { rowCount } = await db.query('DELETE FROM sessions WHERE user_id = $1', [userId]);
  return rowCount ?? 0;
}

/** The invitation of an invitee who spent their link: marked accepted once; answers the inviter, or undefined. */
export async function markInvitationAccepted(
  db: Queryable,
  userId: number,
): Promise<{ agentId: number; inviterId: number | null; firstName: string; lastName: string } | undefined> {
  const { rows } = await db.query<{ referral_agent_id: number; invited_by_user_id: number | null; first_name: string; last_name: string }>(
    `UPDATE team_invitations i SET accepted_at = now()
       FROM users u
      WHERE i.user_id = $1 AND u.id = i.user_id AND i.accepted_at IS NULL AND u.status = 'approved'
      RETURNING i.referral_agent_id, i.invited_by_user_id, u.first_name, u.last_name`,
    [userId],
  );
  const row = rows[0];
  return row && { agentId: row.referral_agent_id, inviterId: row.invited_by_user_id, firstName: row.first_name, lastName: row.last_name };
}

// ---- the team log ----

export async function insertTeamEvent(
  db: Queryable,
  event: {
    agentId: number;
    action: TeamLogAction;
    actorId: number | null;
    actorName: string | null;
    targetId: number | null;
    targetName: string;
    roleBefore?: PartnerRole | null;
    roleAfter?: PartnerRole | null;
    at?: Date;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO team_events (referral_agent_id, action, actor_user_id, actor_name, target_user_id, target_name, role_before, role_after, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, COALESCE($9, now()))`,
    [event.agentId, event.action, event.actorId, event.actorName, event.targetId, event.targetName, event.roleBefore ?? null, event.roleAfter ?? null, event.at ?? null],
  );
}

interface TeamEventRecord {
  id: number;
  action: TeamLogAction;
  actor_name: string | null;
  target_name: string;
  role_before: PartnerRole | null;
  role_after: PartnerRole | null;
  created_at: Date;
}

export async function findTeamLogPage(db: Queryable, agentId: number, query: { page: number; per_page: number }): Promise<{ rows: TeamLogEntry[]; total: number }> {
  const { rows, total } = await queryPage<TeamEventRecord>(db, {
    select: 'id, action, actor_name, target_name, role_before, role_after, created_at',
    from: 'team_events',
    where: 'referral_agent_id = $1',
    values: [agentId],
    orderBy: 'created_at DESC, id DESC',
    page: query.page,
    perPage: query.per_page,
  });
  return { rows: rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() })), total };
}
