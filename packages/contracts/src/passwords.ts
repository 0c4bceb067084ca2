import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.ts';

/**
 * A new password's rules (partners' and operators'), apart from auth.ts so what needs only them (the console's
 * operators area, declared on the console's first load) does not bring auth.ts's phone validation (libphonenumber-js's
 * metadata, about 40 KB compressed).
 */

/** Strength rules, shown to the user as they type (update-password, reset, registration). */
export const PASSWORD_RULES = [
  { id: 'length', label: `At least ${PASSWORD_MIN_LENGTH} characters`, test: (value: string) => value.length >= PASSWORD_MIN_LENGTH },
  { id: 'lower', label: 'A lowercase letter', test: (value: string) => /[a-z]/.test(value) },
  { id: 'upper', label: 'An uppercase letter', test: (value: string) => /[A-Z]/.test(value) },
  { id: 'number', label: 'A number', test: (value: string) => /\d/.test(value) },
] as const;

export const newPasswordSchema = z
  .string()
  .max(PASSWORD_MAX_LENGTH, `The password may not be greater than ${PASSWORD_MAX_LENGTH} characters.`)
  .superRefine((value, context) => {
    const failed = PASSWORD_RULES.filter((rule) => !rule.test(value));
    if (failed.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `The password needs: ${failed.map((rule) => rule.label.toLowerCase()).join(', ')}.`,
      });
    }
  });
