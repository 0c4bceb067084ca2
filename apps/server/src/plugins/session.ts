import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import {
  SESSION_ABSOLUTE_HOURS,
  SESSION_IDLE_MINUTES,
  SESSION_REMEMBER_DAYS,
} from '@portal/contracts/constants';
import type { Config } from '../config.ts';
import { randomToken, sha256 } from '../lib/tokens.ts';

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
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionManager;
  }
  interface FastifyRequest {
    session: SessionRecord | null;
    /** Read with the session (see SessionUserSnapshot); the auth guard uses it when it is the session's user. */
    sessionUser: SessionUserSnapshot | null;
  }
}

interface SessionRow {
  id: string;
  user_id: number | null;
  csrf_token: string;
  data: Record<string, unknown>;
  remember: boolean;
  created_at: Date;
  last_activity_at: Date;
  // the signed-in user's guard fields, read in the same statement (null for a guest session)
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  status: string | null;
  password_updated_check: boolean | null;
  referral_agent_id: number | null;
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
}

export const sessionPlugin = fp(
  async (app: FastifyInstance, options: { config: Config; pool: pg.Pool }) => {
    const { config, pool } = options;
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
        setCookies(reply, token, session);
        return session;
      },
      async ensure(request, reply) {
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
        if (!request.session) return;
        await pool.query('UPDATE sessions SET data = $2 WHERE id = $1', [
          request.session.id,
          JSON.stringify(request.session.data),
        ]);
      },
      async destroy(request, reply) {
        if (request.session) await pool.query('DELETE FROM sessions WHERE id = $1', [request.session.id]);
        request.session = null;
        request.sessionUser = null;
        void reply.clearCookie(cookieName, { path: '/' });
      },
      async destroyUserSessions(userId, exceptSessionId) {
        await pool.query('DELETE FROM sessions WHERE user_id = $1 AND id <> $2', [userId, exceptSessionId ?? '']);
      },
    };

    app.decorate('sessions', manager);
    app.decorateRequest('session', null);
    app.decorateRequest('sessionUser', null);

    app.addHook('onRequest', async (request, reply) => {
      const token = request.cookies[cookieName];
      if (!token || token.length > 100) return;
      // Named: prepared once per connection. Every request runs it; planning it each time cost 5× the lookup.
      const { rows } = await pool.query<SessionRow>({
        name: 'session_by_token_with_user',
        text: `SELECT s.id, s.user_id, s.csrf_token, s.data, s.remember, s.created_at, s.last_activity_at,
                      u.email, u.first_name, u.last_name, u.status, u.password_updated_check, p.referral_agent_id
                 FROM sessions s
                 LEFT JOIN users u ON u.id = s.user_id
                 LEFT JOIN partner_profiles p ON p.user_id = u.id
                WHERE s.id = $1 AND s.expires_at > now()`,
        values: [sha256(token)],
      });
      const row = rows[0];
      if (!row) return;
      request.session = {
        id: row.id,
        userId: row.user_id,
        csrfToken: row.csrf_token,
        data: row.data ?? {},
        remember: row.remember,
        createdAt: row.created_at,
      };
      request.sessionUser =
        row.user_id !== null && row.email !== null && row.referral_agent_id !== null
          ? {
              id: row.user_id,
              email: row.email,
              firstName: row.first_name ?? '',
              lastName: row.last_name ?? '',
              status: row.status ?? '',
              passwordUpdatedCheck: row.password_updated_check ?? false,
              referralAgentId: row.referral_agent_id,
            }
          : null;
      // Slide the idle expiry, but write at most once a minute per session to keep reads cheap.
      if (Date.now() - row.last_activity_at.getTime() > TOUCH_INTERVAL_MS) {
        await pool.query('UPDATE sessions SET last_activity_at = now(), expires_at = $2 WHERE id = $1', [
          row.id,
          expiryFor(row.created_at, row.remember),
        ]);
        if (row.remember) setCookies(reply, token, request.session);
      }
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
