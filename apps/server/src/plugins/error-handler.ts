import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailableError } from '../lib/database-unavailable.ts';
import { AppError, ServiceUnavailableError, type FieldErrors } from '../lib/errors.ts';
import { SERVER_MESSAGES } from '../lib/messages.ts';

/**
 * (Unknown routes are answered by the SPA plugin: JSON 404 for API paths, index.html for pages.)
 * One place that turns every failure into a clear JSON answer: domain errors keep their status,
 * schema failures become 422 with field messages, malformed bodies 400, a database that cannot be reached 503
 * with Retry-After (whichever route, hook or plugin met it), and anything unexpected is logged and answered 500
 * without internals. The message and the field messages are in the request's language (request.locale): thrown in
 * English, translated here by `app.translate` (plugins/messages.ts), so no service needs to know the language.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler(async (thrown: FastifyError, request, reply) => {
    let error: FastifyError | AppError = thrown;
    if (!(error instanceof AppError) && isDatabaseUnavailableError(error)) {
      request.log.warn({ err: error }, 'database unavailable: answered 503');
      error = new ServiceUnavailableError(DATABASE_RETRY_AFTER_SECONDS);
    }

    const send = async (status: number, body: { message: string; errors?: FieldErrors } & Record<string, unknown>) => {
      // A route that reads its session late may fail before it has: read it now for a person's own mistake (a 4xx),
      // so the answer is in their saved language. Not for a 5xx, which may be the database failing.
      if (status < 500 && request.sessionPending) await app.sessions.load(request, reply).catch(() => {});
      const locale = request.locale;
      if (locale === 'en') return reply.code(status).send(body);
      const errors = body.errors && Object.fromEntries(Object.entries(body.errors).map(([field, messages]) => [field, messages.map((message) => app.translate(message, locale))]));
      return reply.code(status).send({ ...body, message: app.translate(body.message, locale), ...(errors ? { errors } : {}) });
    };

    if (error instanceof AppError) {
      void reply.headers(error.headers);
      return send(error.statusCode, { message: error.message, ...error.body });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldErrors = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || fieldFromParams(issue.params) || 'input';
        // An unknown key of a strict body is reported under its own name (what the client must drop), not 'input'.
        const fields = issue.keyword === 'unrecognized_keys' ? unrecognizedKeys(issue.params, field) : [field];
        for (const name of fields) (errors[name] ??= []).push(issue.message ?? SERVER_MESSAGES.invalidValue);
      }
      const first = Object.values(errors)[0]?.[0] ?? SERVER_MESSAGES.invalidData;
      return send(422, { message: first, errors });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: bad JSON, too large, unsupported media type.
      return send(status, { message: clientMessage(error) });
    }
    request.log.error({ err: error }, 'request failed');
    return send(500, { message: SERVER_MESSAGES.serverError });
  });
});

function fieldFromParams(params: unknown): string | undefined {
  if (params && typeof params === 'object' && 'missingProperty' in params) {
    return String((params as { missingProperty: unknown }).missingProperty);
  }
  return undefined;
}

function unrecognizedKeys(params: unknown, parent: string): string[] {
  const keys = params && typeof params === 'object' && 'keys' in params ? (params as { keys: unknown }).keys : undefined;
  if (!Array.isArray(keys) || keys.length === 0) return [parent];
  const prefix = parent === 'input' ? '' : `${parent}.`;
  return keys.map((key) => `${prefix}${String(key)}`);
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return SERVER_MESSAGES.invalidJson;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return SERVER_MESSAGES.bodyTooLarge;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return SERVER_MESSAGES.unsupportedMediaType;
    default:
      return error.message;
  }
}
