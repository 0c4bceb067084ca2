import { z } from 'zod';

/**
 * A person's display preferences, saved on the server so they follow the person across devices and reach what the
 * server writes for them (e-mails, notifications, PDF exports, 422 messages).
 */

/** The portal's languages. English is the source language and the default. */
export const LOCALES = ['en', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Languages written right to left. */
export const RTL_LOCALES: readonly Locale[] = ['ar'];

/** 'system' follows the device's prefers-color-scheme. */
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'system';

export const localeSchema = z.enum(LOCALES, { error: 'The selected language is invalid.' });
export const themeSchema = z.enum(THEMES, { error: 'The selected theme is invalid.' });

export const preferencesSchema = z.object({ locale: localeSchema, theme: themeSchema });
export type Preferences = z.infer<typeof preferencesSchema>;

/** PATCH /api/user/preferences: either or both; the answer is the saved Preferences. */
export const updatePreferencesRequestSchema = z
  .strictObject({ locale: localeSchema.optional(), theme: themeSchema.optional() })
  .refine((value) => value.locale !== undefined || value.theme !== undefined, {
    message: 'Choose a language or a theme.',
    path: ['locale'],
  });
export type UpdatePreferencesRequest = z.infer<typeof updatePreferencesRequestSchema>;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
