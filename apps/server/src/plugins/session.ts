import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
// (request.cookies and reply.setCookie come from @fastify/cookie's type augmentation)
import type {} from '@fastify/cookie';
import type pg from 'pg';
import {
  SESSION_ABSOLUTE_HOURS,
  SESSION_IDLE_MINUTES,
  SESSION_REMEMBER_DAYS,
} from '@portal/contracts/constants';
import type { Config } from '../config.ts';
import type { ReadQueryable } from '../db/pipelined-reader.ts';
import { randomToken, sha256 } from '../lib/tokens.ts';
import { sessionWithUserSql, type SessionWithUserRow } from '../lib/session-sql.ts';
import { isPartnerRole, type PartnerRole } from '@portal/contracts/partner-roles';

/**
 * Server-side sessions in the database, so several processes behind a load balancer share them.
 * The cookie holds a random token; the table holds only its sha256. Lifetimes: 2 hours idle
 * (30 days with "remember"), and an absolute cap from sign-in (12 hours, or 30 days with "remember").
 */
export interface SessionRecord {
  id: string;
  userId: number | null;
  csrfToken: string;
  data: Record<string, unknown>;
  remember: boolean;
  createdAt: Date;
}

export const XSRF_COOKIE = 'XSRF-TOKEN';
const TOUCH_INTERVAL_MS = 60_000;
const MINUTE = 60_000;

function idleMs(remember: boolean): number {
  return remember ? SESSION_REMEMBER_DAYS * 24 * 60 * MINUTE : SESSION_IDLE_MINUTES * MINUTE;
}
function absoluteMs(remember: boolean): number {
  return remember ? SESSION_REMEMBER_DAYS * 24 * 60 * MINUTE : SESSION_ABSOLUTE_HOURS * 60 * MINUTE;
}
function expiryFor(createdAt: Date, remember: boolean, now = Date.now()): Date {
  return new Date(Math.min(createdAt.getTime() + absoluteMs(remember), now + idleMs(remember)));
}

export interface SessionManager {
  /** Starts a new session (new id and CSRF token) and drops the request's current one: rotation. */
  start(
    request: FastifyRequest,
    reply: FastifyReply,
    options?: { userId?: number | null; remember?: boolean; data?: Record<string, unknown> },
  ): Promise<SessionRecord>;
  /** Makes sure the request has a (guest) session, e.g. before handing out a CSRF token. */
  ensure(request: FastifyRequest, reply: FastifyReply): Promise<SessionRecord>;
  /** Persists changes to `request.session.data`. */
  saveData(request: FastifyRequest): Promise<void>;
  destroy(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Ends every session of a user except, optionally, one (after a password change). */
  destroyUserSessions(userId: number, exceptSessionId?: string): Promise<void>;
  /**
   * Reads the request's session now, if its route deferred the lookup (`config.sessionLookup: 'deferred'`) and
   * nothing has read it yet. The auth guard calls it, so a guarded route never sees an unread session.
   */
  load(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /**
   * The stored id (sha256 of the cookie's token) of the session a deferred route may read inside its own
   * statement with `sessionWithUserSql`; null without a usable cookie.
   */
  deferredSessionId(request: FastifyRequest): string | null;
  /**
   * Takes a session row a deferred route read in its own statement with `sessionWithUserSql` (null: no live
   * session), as `load` would. Only rows from that SQL: the guard trusts the user fields it carries.
   */
  adopt(request: FastifyRequest, reply: FastifyReply, row: SessionWithUserRow | null): Promise<void>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'deferred': the session is not read before the route (GET and HEAD only). The route reads it inside its own
     * SQL statement (sessionWithUserSql) and hands the row to `sessions.adopt`, or leaves it to the guard, which
     * reads it with `sessions.load`. One database round trip instead of two on a hot read.
     */
    sessionLookup?: 'deferred';
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionManager;
  }
  interface FastifyRequest {
    session: SessionRecord | null;
    /** Read with the session (see SessionUserSnapshot); the auth guard uses it when it is the session's user. */
    sessionUser: SessionUserSnapshot | null;
    /** True until the session is read: before the onRequest hook, and after it on a deferred route until `load`/`adopt`. */
    sessionPending: boolean;
    /** On a deferred route: the stored id (sha256) of the cookie's session token, null without a usable cookie. */
    cookieSessionId: string | null;
  }
}

/**
 * The session's user as the auth guard needs it, read with the session in one statement, so a signed-in
 * request costs one database round trip before its handler instead of two. Null for a guest session, or a
 * user without a partner profile.
 */
export interface SessionUserSnapshot {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  status: string;
  passwordUpdatedCheck: boolean;
  referralAgentId: number;
  role: PartnerRole;
  /** users.locale: the language the server speaks to this person in (plugins/locale.ts) */
  locale: string;
}

const SESSION_LOOKUP_SQL = `SELECT l.* FROM ${sessionWithUserSql('$1', 'l')}`;

export const sessionPlugin = fp(
  /** `reader`: Database.reader. Every signed-in request reads its session: a short read for the pipelined connection. */
  async (app: FastifyInstance, options: { config: Config; pool: pg.Pool; reader: ReadQueryable }) => {
    const { config, pool, reader } = options;
    const cookieName = config.sessionCookie;

    function setCookies(reply: FastifyReply, token: string, session: SessionRecord): void {
      const maxAge = session.remember ? Math.floor(absoluteMs(true) / 1000) : undefined;
      void reply.setCookie(cookieName, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: config.secureCookies,
        ...(maxAge ? { maxAge } : {}),
      });
      // Readable by scripts on purpose: the SPA echoes it back as X-XSRF-TOKEN (Sanctum's flow).
      void reply.setCookie(XSRF_COOKIE, session.csrfToken, {
        path: '/',
        httpOnly: false,
        sameSite: 'lax',
        secure: config.secureCookies,
        ...(maxAge ? { maxAge } : {}),
      });
    }

    const manager: SessionManager = {
      async start(request, reply, startOptions = {}) {
        // (On a deferred route, read the session first: the one being replaced must be deleted.)
        await manager.load(request, reply);
        if (request.session) await pool.query('DELETE FROM sessions WHERE id = $1', [request.session.id]);
        const token = randomToken(32);
        const remember = startOptions.remember ?? false;
        const createdAt = new Date();
        const session: SessionRecord = {
          id: sha256(token),
          userId: startOptions.userId ?? null,
          csrfToken: randomToken(32),
          data: startOptions.data ?? {},
          remember,
          createdAt,
        };
        await pool.query(
          `INSERT INTO sessions (id, user_id, csrf_token, data, remember, ip, user_agent, created_at, last_activity_at, expires_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9)`,
          [
            session.id,
            session.userId,
            session.csrfToken,
            JSON.stringify(session.data),
            remember,
            request.ip,
            (request.headers['user-agent'] ?? '').slice(0, 300),
            createdAt,
            expiryFor(createdAt, remember),
          ],
        );
        request.session = session;
        request.sessionUser = null;
        request.sessionPending = false;
        setCookies(reply, token, session);
        return session;
      },
      async ensure(request, reply) {
        await manager.load(request, reply);
        if (request.session) {
          // Hand the current token out again (GET /sanctum/csrf-cookie after a cleared cookie jar).
          void reply.setCookie(XSRF_COOKIE, request.session.csrfToken, {
            path: '/',
            httpOnly: false,
            sameSite: 'lax',
            secure: config.secureCookies,
          });
          return request.session;
        }
        return manager.start(request, reply);
      },
      async saveData(request) {
        if (request.sessionPending) throw new Error('sessions.saveData: the session of this request was never read');
        if (!request.session) return;
        await pool.query('UPDATE sessions SET data = $2 WHERE id = $1', [
          request.session.id,
          JSON.stringify(request.session.data),
        ]);
      },
      async destroy(request, reply) {
        await manager.load(request, reply);
        if (request.session) await pool.query('DELETE FROM sessions WHERE id = $1', [request.session.id]);
        request.session = null;
        request.sessionUser = null;
        request.sessionPending = false;
        void reply.clearCookie(cookieName, { path: '/' });
      },
      async destroyUserSessions(userId, exceptSessionId) {
        await pool.query('DELETE FROM sessions WHERE user_id = $1 AND id <> $2', [userId, exceptSessionId ?? '']);
      },
      async load(request, reply) {
        if (!request.sessionPending) return;
        await lookUp(request, reply);
      },
      deferredSessionId(request) {
        return request.sessionPending ? request.cookieSessionId : null;
      },
      async adopt(request, reply, row) {
        if (!request.sessionPending) throw new Error('sessions.adopt: this request has no deferred session lookup');
        // The row must be the session of this request's own cookie (a route cannot hand in another one).
        if (row && row.session_id !== request.cookieSessionId) throw new Error('sessions.adopt: the row is not the session of this request');
        await takeRow(request, reply, row);
      },
    };

    function usableToken(request: FastifyRequest): string | null {
      const token = request.cookies[cookieName];
      return token && token.length <= 100 ? token : null;
    }

    async function lookUp(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const token = usableToken(request);
      if (!token) {
        request.sessionPending = false;
        return;
      }
      // Named: prepared once per connection. Every request runs it; planning it each time cost 5× the lookup.
      const { rows } = await reader.query<SessionWithUserRow>({ name: 'session_by_token_with_user', text: SESSION_LOOKUP_SQL, values: [request.cookieSessionId ?? sha256(token)] });
      await takeRow(request, reply, rows[0] ?? null);
    }

    async function takeRow(request: FastifyRequest, reply: FastifyReply, row: SessionWithUserRow | null): Promise<void> {
      request.sessionPending = false;
      if (!row) return;
      const createdAt = new Date(row.session_created_ms);
      request.session = {
        id: row.session_id,
        userId: row.user_id,
        csrfToken: row.csrf_token,
        data: row.data ?? {},
        remember: row.remember,
        createdAt,
      };
      request.sessionUser =
        row.user_id !== null && row.email !== null && row.referral_agent_id !== null
          ? {
              id: row.user_id,
              email: row.email,
              firstName: row.first_name ?? '',
              lastName: row.last_name ?? '',
              status: row.user_status ?? '',
              passwordUpdatedCheck: row.password_updated_check ?? false,
              referralAgentId: row.referral_agent_id,
              role: isPartnerRole(row.partner_role) ? row.partner_role : 'agent',
              locale: row.locale ?? '',
            }
          : null;
      // Slide the idle expiry, but write at most once a minute per session to keep reads cheap.
      if (Date.now() - row.last_activity_ms > TOUCH_INTERVAL_MS) {
        await pool.query('UPDATE sessions SET last_activity_at = now(), expires_at = $2 WHERE id = $1', [
          row.session_id,
          expiryFor(createdAt, row.remember),
        ]);
        if (row.remember) setCookies(reply, usableToken(request)!, request.session);
      }
    }

    app.decorate('sessions', manager);
    app.decorateRequest('session', null);
    app.decorateRequest('sessionUser', null);
    app.decorateRequest('sessionPending', true);
    app.decorateRequest('cookieSessionId', null);

    app.addHook('onRequest', async (request, reply) => {
      // A console route is the operators' (plugins/operator-session.ts): a partner's session means nothing there, so it
      // is not even read, and nothing on that route can take the request for a partner's.
      if (request.routeOptions.config?.console) {
        request.sessionPending = false;
        return;
      }
      // A deferred route reads the session itself (safe methods only: the CSRF check needs it before the route).
      if (request.routeOptions.config?.sessionLookup === 'deferred' && (request.method === 'GET' || request.method === 'HEAD')) {
        // Hashed once here: the route reads the session by it and `adopt` checks the row against it.
        const token = usableToken(request);
        request.cookieSessionId = token ? sha256(token) : null;
        return;
      }
      await lookUp(request, reply);
    });

    // Expired rows are useless; sweep them now and then rather than on every request.
    const sweep = setInterval(() => {
      pool.query('DELETE FROM sessions WHERE expires_at < now()').catch(() => {});
      pool.query('DELETE FROM rate_limits WHERE reset_at < now()').catch(() => {});
    }, 15 * MINUTE);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  },
  { name: 'session', dependencies: ['@fastify/cookie'] },
);
