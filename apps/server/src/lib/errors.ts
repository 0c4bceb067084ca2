import { SERVICE_UNAVAILABLE_MESSAGE } from '@portal/contracts/errors';
import { SERVER_MESSAGES } from './messages.ts';

/**
 * Typed domain errors. Services throw these; the central error handler maps them to HTTP with
 * Laravel's wire shapes (ARCHITECTURE "wire conventions"), so routes stay thin.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code: string,
    readonly body: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export type FieldErrors = Record<string, string[]>;

/** 422 `{message, errors: {field: [messages]}}`; the message is the first field's first message. */
export class ValidationError extends AppError {
  constructor(readonly errors: FieldErrors, message?: string) {
    const first = Object.values(errors)[0]?.[0] ?? SERVER_MESSAGES.invalidData;
    super(422, message ?? first, 'validation_failed', { errors });
  }

  static field(field: string, message: string): ValidationError {
    return new ValidationError({ [field]: [message] });
  }
}

export class UnauthenticatedError extends AppError {
  constructor() {
    super(401, 'Unauthenticated.', 'unauthenticated');
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string = SERVER_MESSAGES.forbidden, code = 'forbidden', body: Record<string, unknown> = {}) {
    super(403, message, code, body);
  }
}

export class NotFoundError extends AppError {
  constructor(message: string = SERVER_MESSAGES.notFound) {
    super(404, message, 'not_found');
  }
}

/** 409: the request is fine, but the record is no longer in a state that allows it (an application already decided). */
export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message, 'conflict');
  }
}

export class TooManyRequestsError extends AppError {
  constructor(message: string, retryAfterSeconds: number, body: Record<string, unknown> = {}) {
    super(429, message, 'too_many_requests', body, { 'retry-after': String(Math.max(1, retryAfterSeconds)) });
  }
}

export { SERVICE_UNAVAILABLE_MESSAGE };

/**
 * 503 with Retry-After: something the request needs (the database) cannot be reached right now. The error handler
 * answers it for every database connection failure (lib/database-unavailable.ts), so no route has to.
 */
export class ServiceUnavailableError extends AppError {
  constructor(retryAfterSeconds: number, message = SERVICE_UNAVAILABLE_MESSAGE) {
    super(503, message, 'service_unavailable', {}, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}
