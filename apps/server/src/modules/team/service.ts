import type pg from 'pg';
import { mayGrantRole, partnerRoleCan, type PartnerRole } from '@portal/contracts/partner-roles';
import { TEAM_INVITATION_EXPIRE_DAYS, type InviteMemberRequest, type TeamAssignableRole, type TeamLogAction, type TeamMember } from '@portal/contracts/team';
import { inTransaction, type Queryable } from '../../db/queryable.ts';
import { recordAudit, type AuditActor } from '../../lib/audit/audit-log.ts';
import { LOGIN_DECAY_SECONDS, LOGIN_MAX_ATTEMPTS } from '@portal/contracts/constants';
import { ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError, ValidationError } from '../../lib/errors.ts';
import { RateLimiter } from '../../lib/rate-limiter.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import type { NoticeContent, NotificationService } from '../notifications/public.ts';
import { ACCEPTED_NOTICE, invitationMail, noticeMail, OWNERSHIP_NOTICE, ROLE_CHANGED_NOTICE, TEAM_TEXTS } from './mails.ts';
import { TEAM_MESSAGES } from './messages.ts';
import * as repository from './repository.ts';
import type { LockedMember } from './repository.ts';

/** The signed-in member who acts (the auth guard's user): only their id and agent are trusted; the role is re-read locked. */
export interface TeamActor {
  id: number;
  referralAgentId: number;
}

export interface TeamDependencies {
  pool: pg.Pool;
  mailer: Mailer;
  notifications: Pick<NotificationService, 'notify'>;
  /** Closes the user's realtime sockets (broadcaster.terminateUserConnections), after the commit that ended their sessions. */
  closeSockets(userId: number): Promise<void>;
  appUrl: string;
}

/** Where the request came from, for the audit row. */
export type Origin = Pick<AuditActor, 'ip' | 'userAgent'>;

export const TEAM_NOTIFICATION_TYPE = 'team';

function fullName(member: Pick<LockedMember, 'first_name' | 'last_name'>): string {
  return `${member.first_name} ${member.last_name}`;
}

/** What a write does after its commit: notices to send, sockets to close. */
interface AfterCommit {
  notices: Array<{ userId: number; content: NoticeContent }>;
  closeSocketsOf?: number;
}

/**
 * The team's rules. Each write is one transaction that first locks the agent and its members (repository.lockMembers),
 * re-reads the actor's role there, checks the invariants (never zero owners, nobody changes their own role, nobody
 * grants a role above their own, a seat for every member who is not deactivated), then writes the change, its log row
 * and its audit row together. E-mails are queued in the same transaction; notifications and socket closing follow the
 * commit.
 */
export function createTeamService(deps: TeamDependencies) {
  async function inTeam<T>(
    actor: TeamActor,
    origin: Origin,
    work: (context: {
      client: Queryable;
      me: LockedMember;
      team: NonNullable<Awaited<ReturnType<typeof repository.lockMembers>>>;
      log: (action: TeamLogAction, target: { id: number | null; name: string }, roles?: { before?: PartnerRole | null; after?: PartnerRole | null }) => Promise<void>;
      after: AfterCommit;
    }) => Promise<T>,
  ): Promise<T> {
    const after: AfterCommit = { notices: [] };
    const result = await inTransaction(deps.pool, async (client) => {
      const team = await repository.lockMembers(client, actor.referralAgentId);
      const me = team?.members.get(actor.id);
      // The role as it is now, under the lock: a member demoted a moment ago has lost team.manage already.
      if (!team || !me || me.status !== 'approved' || !partnerRoleCan(me.role, 'team.manage')) throw new ForbiddenError();
      const log = async (action: TeamLogAction, target: { id: number | null; name: string }, roles: { before?: PartnerRole | null; after?: PartnerRole | null } = {}) => {
        await repository.insertTeamEvent(client, {
          agentId: actor.referralAgentId,
          action,
          actorId: me.id,
          actorName: fullName(me),
          targetId: target.id,
          targetName: target.name,
          roleBefore: roles.before ?? null,
          roleAfter: roles.after ?? null,
        });
        await recordAudit(client, { type: 'partner', id: me.id, role: me.role, ...origin }, {
          action: `team.${action}`,
          target: target.id === null ? null : { type: 'user', id: target.id },
          ...(roles.before ? { before: { role: roles.before } } : {}),
          ...(roles.after ? { after: { role: roles.after } } : {}),
        });
      };
      const value = await work({ client, me, team, log, after });
      // Never zero owners: whatever the change, an active owner remains.
      const owners = await client.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM users u JOIN partner_profiles p ON p.user_id = u.id
          WHERE p.referral_agent_id = $1 AND p.role = 'owner' AND u.status = 'approved'`,
        [actor.referralAgentId],
      );
      if (owners.rows[0]!.count < 1) throw new ConflictError(TEAM_MESSAGES.lastOwner);
      return value;
    });
    for (const notice of after.notices) {
      await deps.notifications.notify(notice.userId, notice.content);
    }
    if (after.closeSocketsOf !== undefined) await deps.closeSockets(after.closeSocketsOf);
    return result;
  }

  function targetOf(team: { members: Map<number, LockedMember> }, userId: number): LockedMember {
    const target = team.members.get(userId);
    if (!target || !repository.isMember(target)) throw new NotFoundError();
    return target;
  }

  function assertSeatFree(team: { seatLimit: number; members: Map<number, LockedMember> }): void {
    const used = [...team.members.values()].filter(repository.holdsSeat).length;
    if (used >= team.seatLimit) throw new ConflictError(TEAM_MESSAGES.seatLimitReached);
  }

  function assertMayGrant(me: LockedMember, role: PartnerRole): void {
    if (!mayGrantRole(me.role, role)) throw new ForbiddenError(TEAM_MESSAGES.roleAboveOwn);
  }

  async function sendInvitation(client: Queryable, me: LockedMember, agentName: string, invitee: { id: number; email: string; first_name: string; role: PartnerRole }, agentId: number) {
    const token = randomToken(32);
    await repository.issueInvitation(client, { userId: invitee.id, agentId, inviterId: me.id, tokenHash: sha256(token), days: TEAM_INVITATION_EXPIRE_DAYS });
    // `invitation=1` tells /authenticate to ask for the invitee's password before it spends the link.
    const link = `${deps.appUrl}/authenticate?token=${encodeURIComponent(token)}&invitation=1`;
    // The invitee has no language yet: the inviter's, who knows them and uses the portal in it.
    const mail = invitationMail({ to: invitee.email, firstName: invitee.first_name, inviter: fullName(me), agent: agentName, role: invitee.role, link, locale: me.locale });
    await deps.mailer.queue(mail, { db: client });
  }

  async function noticeByMail(client: Queryable, member: LockedMember, text: { title: string; body: string }) {
    await deps.mailer.queue(noticeMail({ to: member.email, firstName: member.first_name, locale: member.locale, ...text }), { db: client });
  }

  async function present(actor: TeamActor, userId: number): Promise<TeamMember> {
    const member = await repository.findMember(deps.pool, actor.referralAgentId, userId, actor.id);
    if (!member) throw new NotFoundError();
    return member;
  }

  return {
    /** POST /api/team/invitations: a new member with the role, invited by e-mail; takes a seat at once. */
    async invite(actor: TeamActor, input: InviteMemberRequest, origin: Origin = {}): Promise<TeamMember> {
      const passwordHash = await hashPassword(randomToken(32));
      const userId = await inTeam(actor, origin, async ({ client, me, team, log }) => {
        assertMayGrant(me, input.role);
        assertSeatFree(team);
        if (await repository.emailTaken(client, input.email)) throw ValidationError.field('email', TEAM_MESSAGES.emailTaken);
        const id = await repository.insertInvitedMember(client, {
          firstName: input.first_name,
          lastName: input.last_name,
          email: input.email,
          role: input.role,
          passwordHash,
          locale: me.locale,
          agentId: actor.referralAgentId,
          inviterId: me.id,
        });
        await sendInvitation(client, me, team.agentName, { id, email: input.email, first_name: input.first_name, role: input.role }, actor.referralAgentId);
        await log('invited', { id, name: `${input.first_name} ${input.last_name}` }, { after: input.role });
        return id;
      });
      return present(actor, userId);
    },

    /** A new link for an invited member: the old one stops working, the 7 days start again. */
    async resend(actor: TeamActor, userId: number, origin: Origin = {}): Promise<TeamMember> {
      await inTeam(actor, origin, async ({ client, me, team, log }) => {
        const target = targetOf(team, userId);
        if (target.status !== 'invited') throw new ConflictError(TEAM_MESSAGES.notInvited);
        await sendInvitation(client, me, team.agentName, target, actor.referralAgentId);
        await log('invitation_resent', { id: target.id, name: fullName(target) });
      });
      return present(actor, userId);
    },

    /** Withdraws an invitation: the invited account goes, its link with it, and the seat is free. */
    async revoke(actor: TeamActor, userId: number, origin: Origin = {}): Promise<void> {
      await inTeam(actor, origin, async ({ client, team, log }) => {
        const target = targetOf(team, userId);
        if (target.status !== 'invited') throw new ConflictError(TEAM_MESSAGES.notInvited);
        // The log row first: it names the user, whose row is deleted next (its id becomes null there).
        await log('invitation_revoked', { id: target.id, name: fullName(target) }, { before: target.role });
        await repository.deleteInvitedUser(client, target.id);
      });
    },

    async changeRole(actor: TeamActor, userId: number, role: TeamAssignableRole, origin: Origin = {}): Promise<TeamMember> {
      await inTeam(actor, origin, async ({ client, me, team, log, after }) => {
        if (userId === me.id) throw new ForbiddenError(TEAM_MESSAGES.ownRole);
        const target = targetOf(team, userId);
        assertMayGrant(me, role);
        // Nor may anyone take a role from someone above them.
        assertMayGrant(me, target.role);
        if (target.role === role) return;
        await repository.setRole(client, target.id, role);
        await log('role_changed', { id: target.id, name: fullName(target) }, { before: target.role, after: role });
        if (target.status === 'approved') {
          const content = { type: TEAM_NOTIFICATION_TYPE, notice: ROLE_CHANGED_NOTICE, values: { role, by: fullName(me) }, link: '/dashboard' };
          after.notices.push({ userId: target.id, content });
          await noticeByMail(client, target, ROLE_CHANGED_NOTICE.render(content.values, target.locale));
        }
      });
      return present(actor, userId);
    },

    /**
     * Turns a member off: no sign-in, every session ends (their open tabs go to the sign-in page), their links die; the
     * seat is free. Their referrals keep their attribution (bookings.referred_by_user_id is not touched).
     */
    async deactivate(actor: TeamActor, userId: number, origin: Origin = {}): Promise<TeamMember> {
      await inTeam(actor, origin, async ({ client, me, team, log, after }) => {
        if (userId === me.id) throw new ForbiddenError(TEAM_MESSAGES.ownAccount);
        const target = targetOf(team, userId);
        assertMayGrant(me, target.role);
        if (target.status !== 'approved') throw new ConflictError(TEAM_MESSAGES.notActive);
        await repository.setStatus(client, target.id, 'deactivated');
        await repository.endSessions(client, target.id);
        await log('deactivated', { id: target.id, name: fullName(target) }, { before: target.role });
        await noticeByMail(client, target, { title: TEAM_TEXTS[target.locale].deactivated.title, body: TEAM_TEXTS[target.locale].deactivated.body(team.agentName) });
        after.closeSocketsOf = target.id;
      });
      return present(actor, userId);
    },

    /** Turns a deactivated member back on, when a seat is free. */
    async reactivate(actor: TeamActor, userId: number, origin: Origin = {}): Promise<TeamMember> {
      await inTeam(actor, origin, async ({ client, me, team, log }) => {
        const target = targetOf(team, userId);
        assertMayGrant(me, target.role);
        if (target.status !== 'deactivated') throw new ConflictError(TEAM_MESSAGES.notDeactivated);
        assertSeatFree(team);
        await repository.setStatus(client, target.id, 'approved');
        await log('reactivated', { id: target.id, name: fullName(target) }, { after: target.role });
        await noticeByMail(client, target, { title: TEAM_TEXTS[target.locale].reactivated.title, body: TEAM_TEXTS[target.locale].reactivated.body(team.agentName) });
      });
      return present(actor, userId);
    },

    /**
     * The owner hands the team to an active member: the member becomes owner and the owner a manager, in one step,
     * after the owner's current password is checked within this request.
     */
    async transferOwnership(actor: TeamActor, userId: number, password: string, origin: Origin = {}): Promise<TeamMember> {
      // The password is checked before the team is locked (argon2 takes tens of milliseconds, and the lock holds up
      // the agent's other writes), and its guesses count against the member's re-authentication limit: a stolen
      // owner session must not try passwords here without end.
      // Another agent's member (or no one) is a 404 before any password is looked at, as on every team write.
      if (!(await repository.findMember(deps.pool, actor.referralAgentId, userId, actor.id))) throw new NotFoundError();
      const limiter = new RateLimiter(deps.pool);
      const key = `reauthenticate:${actor.id}`;
      if (await limiter.tooManyAttempts(key, LOGIN_MAX_ATTEMPTS)) {
        const seconds = Math.max(1, await limiter.availableIn(key));
        throw new TooManyRequestsError(TEAM_MESSAGES.tooManyAttempts, seconds, { errors: { password: [TEAM_MESSAGES.tooManyAttempts] } });
      }
      const hash = await repository.passwordHashOf(deps.pool, actor.id);
      if (!hash || !(await verifyPassword(hash, password))) {
        await limiter.hit(key, LOGIN_DECAY_SECONDS);
        throw ValidationError.field('password', TEAM_MESSAGES.wrongPassword);
      }
      await inTeam(actor, origin, async ({ client, me, team, log, after }) => {
        if (me.role !== 'owner') throw new ForbiddenError();
        if (userId === me.id) throw new ForbiddenError(TEAM_MESSAGES.ownRole);
        const target = targetOf(team, userId);
        if (target.status !== 'approved') throw new ConflictError(TEAM_MESSAGES.notActive);
        await repository.setRole(client, target.id, 'owner');
        await repository.setRole(client, me.id, 'manager');
        await log('ownership_transferred', { id: target.id, name: fullName(target) }, { before: target.role, after: 'owner' });
        const content = { type: TEAM_NOTIFICATION_TYPE, notice: OWNERSHIP_NOTICE, values: { by: fullName(me) }, link: '/dashboard' };
        after.notices.push({ userId: target.id, content });
        await noticeByMail(client, target, OWNERSHIP_NOTICE.render(content.values, target.locale));
      });
      return present(actor, userId);
    },

    /**
     * The job the auth area sends when an invitation's link was spent (TEAM_INVITATION_ACCEPTED_JOB): the invitation
     * is marked accepted once, the log says so and the inviter is told.
     */
    async invitationAccepted(userId: number): Promise<void> {
      const accepted = await inTransaction(deps.pool, async (client) => {
        const invitation = await repository.markInvitationAccepted(client, userId);
        if (!invitation) return undefined;
        const name = `${invitation.firstName} ${invitation.lastName}`;
        await repository.insertTeamEvent(client, { agentId: invitation.agentId, action: 'invitation_accepted', actorId: null, actorName: null, targetId: userId, targetName: name });
        return { ...invitation, name };
      });
      if (accepted?.inviterId) {
        await deps.notifications.notify(accepted.inviterId, { type: TEAM_NOTIFICATION_TYPE, notice: ACCEPTED_NOTICE, values: { name: accepted.name }, link: '/manage-user' });
      }
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
