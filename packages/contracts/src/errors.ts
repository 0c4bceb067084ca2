import { z } from 'zod';

export const messageSchema = z.object({ message: z.string() });
/**
 * A 403: the message, and a `code` when the client must act on it (the auth guard's `password_update_required`
 * sends the SPA to /update-password). A route that can answer the guard's 403 declares this, not messageSchema,
 * whose serialiser would drop the code.
 */
export const forbiddenSchema = z.object({ message: z.string(), code: z.string().optional() });
export const validationErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ValidationErrorBody = z.infer<typeof validationErrorSchema>;

export const UNAUTHENTICATED_MESSAGE = 'Unauthenticated.';
export const CSRF_MISMATCH_MESSAGE = 'CSRF token mismatch.';
/**
 * A 503 (with Retry-After): the portal cannot serve the request right now (its database is unreachable). The server
 * answers it, and the SPA shows it for any 503 or a proxy's 502/504.
 */
export const SERVICE_UNAVAILABLE_MESSAGE = 'The portal is unavailable right now. Please try again in a minute.';
