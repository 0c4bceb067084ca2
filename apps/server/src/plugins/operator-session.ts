import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type {} from '@fastify/cookie';
import type pg from 'pg';
import { CSRF_MISMATCH_MESSAGE } from '@portal/contracts/errors';
import {
  CONSOLE_API_PREFIX,
  CONSOLE_BASE_PATH,
  CONSOLE_CSRF_COOKIE,
  OPERATOR_SESSION_ABSOLUTE_HOURS,
  OPERATOR_SESSION_IDLE_MINUTES,
} from '@portal/contracts/console-session';
import { isOperatorPermission, isOperatorRole, operatorCan, type OperatorPermission, type OperatorRole } from '@portal/contracts/operator-permissions';
import type { Config } from '../config.ts';
import { AppError, ForbiddenError, UnauthenticatedError } from '../lib/errors.ts';
import { randomToken, safeEqual, sha256 } from '../lib/tokens.ts';

/**
 * The operators' sessions and the one guard of every console endpoint (issue 14).
 *
 * Operators are not partners: their sessions live in `operator_sessions`, behind a cookie of their own that the
 * browser sends to /api/console only, and the partner session plugin does not even read its own cookie on a console
 * route. So a partner's session is nobody on a console endpoint (401), and an operator's session is nobody on a
 * partner endpoint (the partner guard never sees its cookie).
 *
 * Every route under /api/console declares who may call it, in its route config (`config.console`, which
 * kit/operator-routes.ts writes): public (the sign-in steps) or an operator holding one permission of the role map
 * (packages/contracts/src/operator-permissions.ts). A console route without that declaration is refused when it is
 * registered, so the server does not start with one. The hook below applies the declaration before anything else
 * of the route runs (body validation included): no operator 401, then the CSRF check 419, then the permission 403.
 */

/** The console's session cookie: httpOnly, sent to the console's API only. */
export const CONSOLE_SESSION_COOKIE = 'console_session';

/** Who may call a console route. */
export type ConsoleRouteAccess = { kind: 'public' } | { kind: 'operator'; permission: OperatorPermission };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on every route under /api/console (kit/operator-routes.ts): who may call it. */
    console?: ConsoleRouteAccess;
  }
}

export interface OperatorSessionRecord {
  id: string;
  operatorId: number | null;
  csrfToken: string;
  data: Record<string, unknown>;
  createdAt: Date;
}

/** The signed-in operator of a console request. */
export interface AuthenticatedOperator {
  id: number;
  email: string;
  name: string;
  role: OperatorRole;
}

/** A console route as the route table lists it (the access matrix test walks it). */
export interface ConsoleRouteEntry {
  method: string;
  url: string;
  access: ConsoleRouteAccess;
}

export interface OperatorSessionManager {
  /** A new session (new id and CSRF token) replacing the request's current one: rotation at every sign-in step. */
  start(request: FastifyRequest, reply: FastifyReply, options?: { operatorId?: number | null; data?: Record<string, unknown> }): Promise<OperatorSessionRecord>;
  /** The request's session, or a new guest one (before sign-in: it carries the CSRF token). */
  ensure(request: FastifyRequest, reply: FastifyReply): Promise<OperatorSessionRecord>;
  saveData(request: FastifyRequest): Promise<void>;
  destroy(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Ends every session of an operator (disabled, or a new two-factor enrolment). */
  destroyOperatorSessions(operatorId: number, exceptSessionId?: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    operatorSessions: OperatorSessionManager;
    /** Every route under /api/console with its declared access, in registration order. */
    consoleRoutes: ConsoleRouteEntry[];
  }
  interface FastifyRequest {
    /** The console session of a console request (null elsewhere, and without one). */
    operatorSession: OperatorSessionRecord | null;
    /** The signed-in, active operator of a console request; null otherwise. */
    operator: AuthenticatedOperator | null;
  }
}

/** The operator of a request that passed the console guard; throws if a route forgot it. */
export function currentOperator(request: FastifyRequest): AuthenticatedOperator {
  if (!request.operator) throw new UnauthenticatedError();
  return request.operator;
}

const MINUTE = 60_000;
const TOUCH_INTERVAL_MS = MINUTE;
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function expiryFor(createdAt: Date, now = Date.now()): Date {
  return new Date(Math.min(createdAt.getTime() + OPERATOR_SESSION_ABSOLUTE_HOURS * 60 * MINUTE, now + OPERATOR_SESSION_IDLE_MINUTES * MINUTE));
}

function isConsoleUrl(url: string): boolean {
  return url === CONSOLE_API_PREFIX || url.startsWith(`${CONSOLE_API_PREFIX}/`);
}

function isValidAccess(access: unknown): access is ConsoleRouteAccess {
  if (!access || typeof access !== 'object') return false;
  const value = access as { kind?: unknown; permission?: unknown };
  if (value.kind === 'public') return true;
  return value.kind === 'operator' && isOperatorPermission(value.permission);
}

/**
 * The registration rule: a route under /api/console declares its access, and only console routes do (the console's
 * cookie is not sent anywhere else). Throws, so the app does not start with an undeclared console endpoint.
 */
export function checkConsoleRoute(route: Pick<RouteOptions, 'url' | 'method' | 'config'>): ConsoleRouteAccess | null {
  const access = (route.config as { console?: unknown } | undefined)?.console;
  const methods = [route.method].flat().join(',');
  if (isConsoleUrl(route.url)) {
    if (!isValidAccess(access)) {
      throw new Error(
        `${methods} ${route.url} is a console route without a declared permission: declare it with operatorRoute(app, { permission, … }) ` +
          'or publicConsoleRoute(app, …) from kit/operator-routes.ts.',
      );
    }
    return access;
  }
  if (access !== undefined) throw new Error(`${methods} ${route.url} declares console access but is not under ${CONSOLE_API_PREFIX}.`);
  return null;
}

interface SessionRow {
  session_id: string;
  operator_id: number | null;
  csrf_token: string;
  data: Record<string, unknown> | null;
  created_ms: number;
  last_activity_ms: number;
  email: string | null;
  name: string | null;
  role: string | null;
  status: string | null;
}

const LOOKUP_SQL = `SELECT s.id AS session_id, s.operator_id, s.csrf_token, s.data,
                           (extract(epoch FROM s.created_at) * 1000)::float8 AS created_ms,
                           (extract(epoch FROM s.last_activity_at) * 1000)::float8 AS last_activity_ms,
                           o.email, o.name, o.role, o.status
                      FROM operator_sessions s
                      LEFT JOIN operators o ON o.id = s.operator_id
                     WHERE s.id = $1 AND s.expires_at > now()`;

export const operatorSessionPlugin = fp(
  async (app: FastifyInstance, options: { config: Config; pool: pg.Pool }) => {
    const { config, pool } = options;

    const routes: ConsoleRouteEntry[] = [];
    app.decorate('consoleRoutes', routes);
    app.addHook('onRoute', (route) => {
      const access = checkConsoleRoute(route);
      if (access) for (const method of [route.method].flat()) routes.push({ method, url: route.url, access });
    });

    function setCookies(reply: FastifyReply, token: string, session: OperatorSessionRecord): void {
      void reply.setCookie(CONSOLE_SESSION_COOKIE, token, {
        path: CONSOLE_API_PREFIX,
        httpOnly: true,
        // The console is only ever used from its own pages: no cross-site request needs the session.
        sameSite: 'strict',
        secure: config.secureCookies,
      });
      setCsrfCookie(reply, session.csrfToken);
    }

    function setCsrfCookie(reply: FastifyReply, csrfToken: string): void {
      // Readable by the console's pages on purpose (they echo it as X-XSRF-TOKEN); the partner pages never see it.
      void reply.setCookie(CONSOLE_CSRF_COOKIE, csrfToken, {
        path: CONSOLE_BASE_PATH,
        httpOnly: false,
        sameSite: 'strict',
        secure: config.secureCookies,
      });
    }

    const manager: OperatorSessionManager = {
      async start(request, reply, startOptions = {}) {
        if (request.operatorSession) await pool.query('DELETE FROM operator_sessions WHERE id = $1', [request.operatorSession.id]);
        const token = randomToken(32);
        const createdAt = new Date();
        const session: OperatorSessionRecord = {
          id: sha256(token),
          operatorId: startOptions.operatorId ?? null,
          csrfToken: randomToken(32),
          data: startOptions.data ?? {},
          createdAt,
        };
        await pool.query(
          `INSERT INTO operator_sessions (id, operator_id, csrf_token, data, ip, user_agent, created_at, last_activity_at, expires_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8)`,
          [
            session.id,
            session.operatorId,
            session.csrfToken,
            JSON.stringify(session.data),
            request.ip,
            (request.headers['user-agent'] ?? '').slice(0, 300),
            createdAt,
            expiryFor(createdAt),
          ],
        );
        request.operatorSession = session;
        request.operator = null;
        setCookies(reply, token, session);
        return session;
      },
      async ensure(request, reply) {
        if (request.operatorSession) {
          setCsrfCookie(reply, request.operatorSession.csrfToken);
          return request.operatorSession;
        }
        return manager.start(request, reply);
      },
      async saveData(request) {
        if (!request.operatorSession) return;
        await pool.query('UPDATE operator_sessions SET data = $2 WHERE id = $1', [request.operatorSession.id, JSON.stringify(request.operatorSession.data)]);
      },
      async destroy(request, reply) {
        if (request.operatorSession) await pool.query('DELETE FROM operator_sessions WHERE id = $1', [request.operatorSession.id]);
        request.operatorSession = null;
        request.operator = null;
        void reply.clearCookie(CONSOLE_SESSION_COOKIE, { path: CONSOLE_API_PREFIX });
      },
      async destroyOperatorSessions(operatorId, exceptSessionId) {
        await pool.query('DELETE FROM operator_sessions WHERE operator_id = $1 AND id <> $2', [operatorId, exceptSessionId ?? '']);
      },
    };

    app.decorate('operatorSessions', manager);
    app.decorateRequest('operatorSession', null);
    app.decorateRequest('operator', null);

    async function lookUp(request: FastifyRequest): Promise<void> {
      const token = request.cookies[CONSOLE_SESSION_COOKIE];
      if (!token || token.length > 100) return;
      const { rows } = await pool.query<SessionRow>({ name: 'operator_session_by_token', text: LOOKUP_SQL, values: [sha256(token)] });
      const row = rows[0];
      if (!row) return;
      const createdAt = new Date(row.created_ms);
      request.operatorSession = {
        id: row.session_id,
        operatorId: row.operator_id,
        csrfToken: row.csrf_token,
        data: row.data ?? {},
        createdAt,
      };
      // A disabled operator (or a role the map does not know) is nobody, whatever its sessions say.
      if (row.operator_id !== null && row.status === 'active' && isOperatorRole(row.role)) {
        request.operator = { id: row.operator_id, email: row.email ?? '', name: row.name ?? '', role: row.role };
      }
      if (Date.now() - row.last_activity_ms > TOUCH_INTERVAL_MS) {
        await pool.query('UPDATE operator_sessions SET last_activity_at = now(), expires_at = $2 WHERE id = $1', [row.session_id, expiryFor(createdAt)]);
      }
    }

    function csrfMatches(request: FastifyRequest): boolean {
      const expected = request.operatorSession?.csrfToken;
      const header = request.headers['x-xsrf-token'];
      let sent = typeof header === 'string' ? header : '';
      try {
        sent = decodeURIComponent(sent);
      } catch {
        sent = '';
      }
      return Boolean(expected && sent && safeEqual(sent, expected));
    }

    // The one console guard: every console route goes through it, before its body is even validated.
    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config?.console;
      if (!access) return;
      await lookUp(request);
      if (access.kind === 'operator' && !request.operator) throw new UnauthenticatedError();
      if (UNSAFE_METHODS.has(request.method) && !csrfMatches(request)) throw new AppError(419, CSRF_MISMATCH_MESSAGE, 'csrf_mismatch');
      if (access.kind === 'operator' && !operatorCan(request.operator!.role, access.permission)) throw new ForbiddenError();
    });

    const sweep = setInterval(() => {
      pool.query('DELETE FROM operator_sessions WHERE expires_at < now()').catch(() => {});
    }, 15 * MINUTE);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  },
  { name: 'operator-session', dependencies: ['@fastify/cookie'] },
);
