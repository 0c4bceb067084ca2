import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CSRF_MISMATCH_MESSAGE } from '@portal/contracts/errors';
import { AppError } from '../lib/errors.ts';
import { safeEqual } from '../lib/tokens.ts';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false exempts a route from the CSRF check (requests signed another way, e.g. the Pusher HTTP API). */
    csrf?: boolean;
  }
}

/**
 * Sanctum's CSRF rule: every state-changing request carries X-XSRF-TOKEN equal to the session's token
 * (the value of the XSRF-TOKEN cookie, URL-decoded). Otherwise 419 `{message: 'CSRF token mismatch.'}`.
 */
export const csrfPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      if (!UNSAFE_METHODS.has(request.method)) return;
      if (request.routeOptions.config?.csrf === false) return;
      // The console checks its own session's token (plugins/operator-session.ts).
      if (request.routeOptions.config?.console) return;
      const header = request.headers['x-xsrf-token'];
      const expected = request.session?.csrfToken;
      let sent = typeof header === 'string' ? header : '';
      try {
        sent = decodeURIComponent(sent);
      } catch {
        sent = '';
      }
      if (!expected || !sent || !safeEqual(sent, expected)) {
        throw new AppError(419, CSRF_MISMATCH_MESSAGE, 'csrf_mismatch');
      }
    });
  },
  { name: 'csrf', dependencies: ['session'] },
);
