import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { isApiPath } from '../lib/api-paths.ts';

/**
 * Helmet's security headers (CSP, HSTS, nosniff, referrer policy…) on every answer, from one middleware built
 * at start. @fastify/helmet, the usual wrapper, calls `helmet(options)` again on every request, re-validating
 * the options and re-parsing the CSP directives each time: about 5% of the server's CPU on the busiest list
 * (measured with `perf` under the bookings bench). The portal uses no per-route helmet options and no CSP
 * nonces, which are what that wrapper's per-request build is for, so the headers are the same for every request.
 *
 * Answers on the API's paths (lib/api-paths.ts) also get `Cache-Control: no-store`: they carry a partner's patients,
 * money and tokens, which no browser or shared cache may keep (ASVS 8.2.1). A route may set its own (the exports
 * send `private, no-store`); the SPA's files keep theirs from the SPA plugin.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: HelmetOptions) => {
    // Validates the options now (a bad directive stops the start); the middleware then only sets headers.
    const applyHeaders = helmet(options);
    app.addHook('onRequest', (request, reply, done) => {
      if (isApiPath(request.url)) reply.raw.setHeader('cache-control', 'no-store');
      applyHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
    });
  },
  { name: 'security-headers' },
);
