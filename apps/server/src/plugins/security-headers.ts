import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { isApiPath } from '../lib/api-paths.ts';

/** Sets the security headers on an answer; `done` follows at once (the headers are the same for every request). */
export type SecurityHeaders = (request: IncomingMessage, response: ServerResponse, done: (error?: Error) => void) => void;

/**
 * Helmet's security headers (CSP, HSTS, nosniff, referrer policy…), from one middleware built at start. @fastify/helmet,
 * the usual wrapper, calls `helmet(options)` again on every request, re-validating the options and re-parsing the CSP
 * directives each time: about 5% of the server's CPU on the busiest list (measured with `perf` under the bookings
 * bench). The portal uses no per-route helmet options and no CSP nonces, which are what that wrapper's per-request
 * build is for, so the headers are the same for every request.
 *
 * Answers on the API's paths (lib/api-paths.ts) also get `Cache-Control: no-store`: they carry a partner's patients,
 * money and tokens, which no browser or shared cache may keep (ASVS 8.2.1). A route may set its own (the exports
 * send `private, no-store`); the SPA's files keep theirs from the SPA plugin.
 */
export function buildSecurityHeaders(options: HelmetOptions): SecurityHeaders {
  // Validates the options now (a bad directive stops the start); the middleware then only sets headers.
  const applyHelmet = helmet(options);
  return (request, response, done) => {
    if (isApiPath(request.url ?? '')) response.setHeader('cache-control', 'no-store');
    applyHelmet(request, response, (error?: unknown) => done(error as Error | undefined));
  };
}

/** The security headers on every answer that goes through the routes' hooks. */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: { headers: SecurityHeaders }) => {
    app.addHook('onRequest', (request, reply, done) => options.headers(request.raw, reply.raw, done));
  },
  { name: 'security-headers' },
);

/**
 * Fastify's `frameworkErrors`: the answers it gives before any route or hook runs, to a URL it cannot decode
 * (FST_ERR_BAD_URL, 400) or whose path parameter is too long (FST_ERR_MAX_PARAM_LENGTH, 414). Fastify's own answers
 * skip the hooks, so they carried neither the security headers nor `no-store`, and had a body of another shape
 * than the portal's `{message}`.
 */
export function frameworkErrorAnswer(headers: SecurityHeaders) {
  return (error: Error & { code?: string; statusCode?: number }, request: FastifyRequest, reply: FastifyReply): void => {
    headers(request.raw, reply.raw, () => {});
    const message = FRAMEWORK_ERROR_MESSAGES[error.code ?? ''];
    if (message === undefined) {
      // FST_ERR_ASYNC_CONSTRAINT (a route constraint that failed; the portal has none): as any unexpected error.
      request.log.error({ err: error }, 'request failed');
      void reply.code(500).send({ message: 'Server Error' });
      return;
    }
    void reply.code(error.statusCode ?? 400).send({ message });
  };
}

const FRAMEWORK_ERROR_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'The URL is not valid.',
  FST_ERR_MAX_PARAM_LENGTH: 'The URL is too long.',
};
