import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '@portal/contracts/errors';
import { idStringField } from '@portal/contracts/fields';
import {
  changeRoleRequestSchema,
  inviteMemberRequestSchema,
  seatLimitRequestSchema,
  TEAM_INVITATION_ACCEPTED_JOB,
  TEAM_INVITATIONS_URL,
  TEAM_MEMBERS_URL,
  TEAM_SUMMARY_URL,
  teamLogEndpoint,
  teamMemberResultSchema,
  teamMembersEndpoint,
  teamMessageSchema,
  teamSummarySchema,
  transferOwnershipRequestSchema,
} from '@portal/contracts/team';
import { partnerRoleCan } from '@portal/contracts/partner-roles';
import { REFERRAL_AGENTS_URL } from '@portal/contracts/console-referral-agents';
import { inTransaction } from '../../db/queryable.ts';
import { listRoute, partnerRoute } from '../../kit/partner-routes.ts';
import { operatorRoute } from '../../kit/operator-routes.ts';
import { defineModule } from '../../kit/portal-module.ts';
import { recordAudit, requestOrigin } from '../../lib/audit/audit-log.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { currentUser } from '../../plugins/auth-guard.ts';
import { seedDemoTeam } from './demo-seed.ts';
import { TEAM_MESSAGES, TEAM_TRANSLATIONS } from './messages.ts';
import { countSeats, findMembersPage, findTeamLogPage } from './repository.ts';
import { createTeamService } from './service.ts';

const memberParams = z.object({ id: idStringField('id') });
const agentParams = z.object({ id: idStringField('id') });
export const seatsSchema = z.object({ seat_limit: z.number().int(), seats_used: z.number().int() });

/**
 * The team of a referral agent (`/manage-user`, `/add-user`): members, invitations, roles, deactivation, ownership
 * and the log; and the console's seat limit of an agent. Rules live in service.ts; these routes move data.
 */
export default defineModule({
  name: 'team',
  // Invitations not accepted yet are an action on the dashboard.
  after: ['notifications', 'dashboard'],
  messages: TEAM_TRANSLATIONS,
  async register(fastify) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const pool = app.database.pool;
    const team = createTeamService({
      pool,
      mailer: app.mailer,
      notifications: app.notifications,
      closeSockets: async (userId) => {
        await app.broadcaster.terminateUserConnections(String(userId));
      },
      appUrl: app.config.appUrl,
    });

    app.dashboard.action({
      name: 'team',
      permission: 'team.manage',
      actions: async (user) => {
        // Expired ones too: they wait for the owner to resend or revoke them.
        const { rows } = await pool.query<{ count: number; since: string | null }>(
          `SELECT count(*)::int AS count, (max(sent_at) AT TIME ZONE 'UTC')::date::text AS since
             FROM team_invitations WHERE referral_agent_id = $1 AND accepted_at IS NULL`,
          [user.referralAgentId],
        );
        const { count, since } = rows[0]!;
        return count === 0 ? [] : [{ kind: 'invites_pending', count, link: '/manage-user', since, severity: 'normal' }];
      },
    });

    app.jobs.define<{ userId: number }>({
      name: TEAM_INVITATION_ACCEPTED_JOB,
      handle: (data) => team.invitationAccepted(data.userId),
      describe: (data) => ({ user: data.userId }),
    });

    const tags = ['team'];
    const actorOf = (request: FastifyRequest) => currentUser(request);
    const say = (request: FastifyRequest, message: string) => app.translate(message, request.locale);
    const writeResponses = { 200: teamMemberResultSchema, 404: messageSchema, 409: messageSchema };

    listRoute(app, {
      endpoint: teamMembersEndpoint,
      permission: 'team.read',
      tags,
      summary: "The agent's members: name, e-mail, role, status and last activity",
      list: (user, query) => findMembersPage(pool, user.referralAgentId, user.id, query),
    });

    listRoute(app, {
      endpoint: teamLogEndpoint,
      permission: 'team.read',
      tags,
      summary: 'The team log: who invited, changed or deactivated whom, newest first',
      list: (user, query) => findTeamLogPage(pool, user.referralAgentId, query),
    });

    app.get(
      TEAM_SUMMARY_URL,
      partnerRoute(app, { permission: 'team.read', tags, summary: 'The seats of the agent, and whether the caller manages the team', response: { 200: teamSummarySchema } }),
      async (request) => {
        const user = currentUser(request);
        const seats = await countSeats(pool, user.referralAgentId);
        return { ...seats, can_manage: partnerRoleCan(user.role, 'team.manage') };
      },
    );

    app.post(
      TEAM_INVITATIONS_URL,
      partnerRoute(app, {
        permission: 'team.manage',
        tags,
        summary: 'Invite a member by e-mail with a role: a single-use link valid for 7 days; the invitation takes a seat',
        body: inviteMemberRequestSchema,
        response: { 201: teamMemberResultSchema, 409: messageSchema },
      }),
      async (request, reply) => {
        const member = await team.invite(actorOf(request), request.body, requestOrigin(request));
        return reply.code(201).send({ message: say(request, TEAM_MESSAGES.invited), member });
      },
    );

    app.post(
      `${TEAM_MEMBERS_URL}/:id/resend-invitation`,
      partnerRoute(app, { permission: 'team.manage', tags, summary: 'A new invitation link; the old one stops working', params: memberParams, response: writeResponses }),
      async (request) => ({ message: say(request, TEAM_MESSAGES.resent), member: await team.resend(actorOf(request), request.params.id, requestOrigin(request)) }),
    );

    app.delete(
      `${TEAM_MEMBERS_URL}/:id/invitation`,
      partnerRoute(app, {
        permission: 'team.manage',
        tags,
        summary: 'Revoke an invitation: its link stops working and the seat is free',
        params: memberParams,
        response: { 200: teamMessageSchema, 404: messageSchema, 409: messageSchema },
      }),
      async (request) => {
        await team.revoke(actorOf(request), request.params.id, requestOrigin(request));
        return { message: say(request, TEAM_MESSAGES.revoked) };
      },
    );

    app.patch(
      `${TEAM_MEMBERS_URL}/:id/role`,
      partnerRoute(app, { permission: 'team.manage', tags, summary: "Change a member's role (not one's own, never above one's own)", params: memberParams, body: changeRoleRequestSchema, response: writeResponses }),
      async (request) => ({
        message: say(request, TEAM_MESSAGES.roleChanged),
        member: await team.changeRole(actorOf(request), request.params.id, request.body.role, requestOrigin(request)),
      }),
    );

    app.post(
      `${TEAM_MEMBERS_URL}/:id/deactivate`,
      partnerRoute(app, { permission: 'team.manage', tags, summary: 'Deactivate a member: no sign-in, sessions end, the seat is free', params: memberParams, response: writeResponses }),
      async (request) => ({ message: say(request, TEAM_MESSAGES.deactivated), member: await team.deactivate(actorOf(request), request.params.id, requestOrigin(request)) }),
    );

    app.post(
      `${TEAM_MEMBERS_URL}/:id/reactivate`,
      partnerRoute(app, { permission: 'team.manage', tags, summary: 'Reactivate a deactivated member, when a seat is free', params: memberParams, response: writeResponses }),
      async (request) => ({ message: say(request, TEAM_MESSAGES.reactivated), member: await team.reactivate(actorOf(request), request.params.id, requestOrigin(request)) }),
    );

    app.post(
      `${TEAM_MEMBERS_URL}/:id/transfer-ownership`,
      partnerRoute(app, {
        permission: 'team.manage',
        tags,
        summary: 'Make an active member the owner and oneself a manager, in one step; needs the current password',
        params: memberParams,
        body: transferOwnershipRequestSchema,
        response: writeResponses,
      }),
      async (request) => ({
        message: say(request, TEAM_MESSAGES.transferred),
        member: await team.transferOwnership(actorOf(request), request.params.id, request.body.password, requestOrigin(request)),
      }),
    );

    // ---- the console: an agent's seat limit (the referral agent's page) ----

    app.get(
      `${REFERRAL_AGENTS_URL}/:id/seats`,
      operatorRoute(app, {
        permission: 'referral_agents.manage',
        tags: ['referral-agents'],
        summary: "A referral agent's seat limit and the seats its members hold",
        params: agentParams,
        response: { 200: seatsSchema, 404: messageSchema },
      }),
      async (request) => {
        const { rows } = await pool.query('SELECT 1 FROM referral_agents WHERE id = $1', [request.params.id]);
        if (rows.length === 0) throw new NotFoundError();
        return countSeats(pool, request.params.id);
      },
    );

    app.put(
      `${REFERRAL_AGENTS_URL}/:id/seat-limit`,
      operatorRoute(app, {
        permission: 'referral_agents.manage',
        tags: ['referral-agents'],
        summary: "Set a referral agent's seat limit (audited); members already beyond it stay, new invitations wait",
        params: agentParams,
        body: seatLimitRequestSchema,
        response: { 200: seatsSchema, 404: messageSchema },
      }),
      async (request) => {
        return inTransaction(pool, async (client) => {
          const { rows } = await client.query<{ seat_limit: number }>('SELECT seat_limit FROM referral_agents WHERE id = $1 FOR UPDATE', [request.params.id]);
          if (!rows[0]) throw new NotFoundError();
          await client.query('UPDATE referral_agents SET seat_limit = $2 WHERE id = $1', [request.params.id, request.body.seat_limit]);
          await recordAudit(client, request.auditActor, {
            action: 'referral_agent.seat_limit_changed',
            target: { type: 'referral_agent', id: request.params.id },
            before: { seat_limit: rows[0].seat_limit },
            after: { seat_limit: request.body.seat_limit },
          });
          return countSeats(client, request.params.id);
        });
      },
    );
  },
  seedDemo: seedDemoTeam,
});
