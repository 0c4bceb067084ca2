/**
 * The language and theme a person chooses, applied at once and kept: on this device (localStorage: the language in
 * `locale`, the theme in Mantine's color scheme manager) and, when someone is signed in, in their account
 * (PATCH /api/user/preferences), so the choice follows them to other devices and into what the server writes for
 * them (e-mails, notifications, PDFs). A choice made while signed out is carried into the account at the next
 * sign-in (app/use-preferences-sync.ts).
 */
import { useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import type { Locale, Theme, UpdatePreferencesRequest } from '@portal/contracts/preferences';
import { changeLocale, sharedText, useLocale } from '../i18n/i18n';
import { notifyError } from '../lib/notify';
import { savePreferences } from '../lib/preferences-api';
import { useAuthStore } from './auth-store';

/** Where a language chosen while signed out is remembered until the next sign-in takes it into the account. */
export const SIGNED_OUT_CHOICE_KEY = 'locale-chosen-signed-out';

/** Mantine's name for the scheme of each theme ('system' follows prefers-color-scheme: 'auto'). */
export function colorSchemeOf(theme: Theme): MantineColorScheme {
  return theme === 'system' ? 'auto' : theme;
}

export function themeOf(scheme: MantineColorScheme): Theme {
  return scheme === 'auto' ? 'system' : scheme;
}

/** Saves to the signed-in user's account; says so (without undoing the choice here) when the server refuses. */
async function saveToAccount(change: UpdatePreferencesRequest): Promise<void> {
  const user = useAuthStore.getState().user;
  if (!user) return;
  try {
    const saved = await savePreferences(change);
    const current = useAuthStore.getState().user;
    // Only the two fields: the rest of the user (and what the store derives from it) stays as it is.
    if (current?.id === user.id) useAuthStore.setState({ user: { ...current, ...saved } });
  } catch (error) {
    console.error('Saving the preferences failed', error);
    notifyError(sharedText('errors.requestFailed'), sharedText('shell.preferenceNotSaved'));
  }
}

/** Switches the whole app to `locale` and keeps the choice (device; account when signed in). */
export async function chooseLocale(locale: Locale): Promise<void> {
  await changeLocale(locale);
  const user = useAuthStore.getState().user;
  if (!user) {
    window.localStorage.setItem(SIGNED_OUT_CHOICE_KEY, locale);
    return;
  }
  window.localStorage.removeItem(SIGNED_OUT_CHOICE_KEY);
  if (user.locale !== locale) await saveToAccount({ locale });
}

export function useLanguageChoice(): { locale: Locale; choose: (locale: Locale) => Promise<void> } {
  return { locale: useLocale(), choose: chooseLocale };
}

export function useThemeChoice(): { theme: Theme; choose: (theme: Theme) => Promise<void> } {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const choose = async (theme: Theme) => {
    setColorScheme(colorSchemeOf(theme));
    if (useAuthStore.getState().user?.theme !== theme) await saveToAccount({ theme });
  };
  return { theme: themeOf(colorScheme), choose };
}
