import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers (CSP, HSTS, nosniff, referrer policy…) on every answer, from one middleware built
 * at start. @fastify/helmet, the usual wrapper, calls `helmet(options)` again on every request, re-validating
 * the options and re-parsing the CSP directives each time: about 5% of the server's CPU on the busiest list
 * (measured with `perf` under the bookings bench). The portal uses no per-route helmet options and no CSP
 * nonces, which are what that wrapper's per-request build is for, so the headers are the same for every request.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: HelmetOptions) => {
    // Validates the options now (a bad directive stops the start); the middleware then only sets headers.
    const applyHeaders = helmet(options);
    app.addHook('onRequest', (request, reply, done) => {
      applyHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
    });
  },
  { name: 'security-headers' },
);
