import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { requestOrigin, type AuditActor } from '../lib/audit/audit-log.ts';
import { UnauthenticatedError } from '../lib/errors.ts';

/**
 * Who an audit row of a request names, in one place for every route (docs/decisions.md, "The audit actor"):
 * `request.auditActor` is the console's operator (with their role) on a console request, else the partner the guard
 * signed in (with their role), and where the request came from (IP, user agent). Routes and the services they call
 * take it from the request; lint refuses an actor written by hand in a route file (eslint.config.js).
 *
 * A getter over what the guards set once per request (`request.operator` in the console session's onRequest hook,
 * `request.user` in the partner guard) rather than a value copied in a hook of its own: the partner is known only
 * once the route's own guard has run (a route-level preHandler, after any app-wide hook).
 */
declare module 'fastify' {
  interface FastifyRequest {
    /** The operator or partner acting, for the audit log; throws 401 on a request nobody is signed in to. */
    readonly auditActor: AuditActor;
  }
}

function actorOf(request: FastifyRequest): AuditActor {
  if (request.operator) return { type: 'operator', id: request.operator.id, role: request.operator.role, ...requestOrigin(request) };
  if (request.user) return { type: 'partner', id: request.user.id, role: request.user.role, ...requestOrigin(request) };
  throw new UnauthenticatedError();
}

/**
 * The partner a request acts for when no guard identified them: signing out (the session read in the handler) or a
 * link that names its account (an e-mail change's confirmation, whoever is signed in on that browser).
 */
export function partnerAuditActor(request: FastifyRequest, userId: number): AuditActor {
  return { type: 'partner', id: userId, ...requestOrigin(request) };
}

export const auditActorPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('auditActor', {
      getter(this: FastifyRequest): AuditActor {
        return actorOf(this);
      },
    });
  },
  { name: 'audit-actor', dependencies: ['auth-guard', 'operator-session'] },
);
