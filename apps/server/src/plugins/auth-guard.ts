import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { isPartnerRole, partnerRoleCan, type PartnerPermission, type PartnerRole } from '@portal/contracts/partner-roles';
import { AppError, ForbiddenError, UnauthenticatedError } from '../lib/errors.ts';
import { SERVER_MESSAGES } from '../lib/messages.ts';
import { partnerAccess } from '../lib/session-sql.ts';

/** The signed-in partner as every scoped query needs it. */
export interface AuthenticatedUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  referralAgentId: number;
  /** The member's role inside the agent: what they may reach (partnerRoleCan) and whose referrals (referralScope). */
  role: PartnerRole;
  passwordUpdatedCheck: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: a signed-in, approved partner who has no pending forced password change. */
    requireUser: preHandlerAsyncHookHandler;
    /** preHandler: like requireUser, but lets through a user who must still update their password. */
    requireUserAllowingPasswordUpdate: preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    user: AuthenticatedUser | null;
  }
  interface FastifyContextConfig {
    /** Set on every partner endpoint by kit/partner-routes.ts: the permission its caller's role must hold. */
    partner?: { permission: PartnerPermission };
  }
}

/**
 * Throws 403 unless the member's role holds `permission` (packages/contracts/src/partner-roles.ts). partnerRoute
 * calls it for the permission a route declares; a service calls it for a rule finer than a route.
 */
export function assertPartnerCan(user: AuthenticatedUser, permission: PartnerPermission): void {
  if (!partnerRoleCan(user.role, permission)) throw new ForbiddenError();
}

/** The user of a request that passed requireUser; throws if a route forgot the guard. */
export function currentUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw new UnauthenticatedError();
  return request.user;
}

interface UserRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  status: string;
  password_updated_check: boolean;
  referral_agent_id: number;
  role: string;
}

export const authGuardPlugin = fp(
  async (app: FastifyInstance, options: { pool: pg.Pool }) => {
    const { pool } = options;
    app.decorateRequest('user', null);

    async function loadUser(
      request: FastifyRequest,
      reply: FastifyReply,
    ): Promise<{ user: AuthenticatedUser; access: ReturnType<typeof partnerAccess> }> {
      // A route that deferred the session lookup and has not read it yet gets it read here.
      await app.sessions.load(request, reply);
      const userId = request.session?.userId;
      if (!userId) throw new UnauthenticatedError();
      // Usually read by the session plugin in the same statement as the session; queried otherwise.
      const snapshot = request.sessionUser;
      const row: UserRow | undefined =
        snapshot && snapshot.id === userId
          ? {
              id: snapshot.id,
              email: snapshot.email,
              first_name: snapshot.firstName,
              last_name: snapshot.lastName,
              status: snapshot.status,
              password_updated_check: snapshot.passwordUpdatedCheck,
              referral_agent_id: snapshot.referralAgentId,
              role: snapshot.role,
            }
          : (
              await pool.query<UserRow>({
                // Named: prepared once per connection.
                name: 'auth_guard_user',
                text: `SELECT u.id, u.email, u.first_name, u.last_name, u.status, u.password_updated_check, p.referral_agent_id, p.role
                         FROM users u JOIN partner_profiles p ON p.user_id = u.id
                        WHERE u.id = $1`,
                values: [userId],
              })
            ).rows[0];
      // A rejected or deleted account loses its sessions' access at once.
      if (!row) throw new UnauthenticatedError();
      const access = partnerAccess({ status: row.status, passwordUpdatedCheck: row.password_updated_check });
      if (access === 'not_approved') throw new UnauthenticatedError();
      const user: AuthenticatedUser = {
        id: row.id,
        email: row.email,
        firstName: row.first_name,
        lastName: row.last_name,
        referralAgentId: row.referral_agent_id,
        role: isPartnerRole(row.role) ? row.role : 'agent',
        passwordUpdatedCheck: row.password_updated_check,
      };
      request.user = user;
      return { user, access };
    }

    app.decorate('requireUserAllowingPasswordUpdate', async function (request: FastifyRequest, reply: FastifyReply) {
      await loadUser(request, reply);
    });
    app.decorate('requireUser', async function (request: FastifyRequest, reply: FastifyReply) {
      const { access } = await loadUser(request, reply);
      if (access === 'password_update_required') {
        // The code goes in the body too: the SPA routes on it (the error handler sends only message + body).
        throw new AppError(403, SERVER_MESSAGES.passwordUpdateRequired, 'password_update_required', {
          code: 'password_update_required',
        });
      }
    });
  },
  { name: 'auth-guard', dependencies: ['session'] },
);
