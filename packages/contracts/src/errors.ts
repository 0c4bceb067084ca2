import { z } from 'zod';

export const messageSchema = z.object({ message: z.string() });
export const validationErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ValidationErrorBody = z.infer<typeof validationErrorSchema>;

export const UNAUTHENTICATED_MESSAGE = 'Unauthenticated.';
export const CSRF_MISMATCH_MESSAGE = 'CSRF token mismatch.';
