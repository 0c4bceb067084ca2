import { useEffect } from 'react';
import { useMantineColorScheme } from '@mantine/core';
import { isLocale } from '@portal/contracts/preferences';
import { chooseLocale, colorSchemeOf, SIGNED_OUT_CHOICE_KEY } from '../components/preferences/use-preferences';
import { changeLocale, currentLocale } from '../i18n/i18n';
import { useAuthStore } from '../stores/auth-store';
import type { User } from '@portal/contracts/session';

/**
 * Applies the signed-in user's saved language and theme (GET /api/user and every sign-in answer carry them), so a
 * choice made on one device shows on the next, and survives sign-out and sign-in. One exception: a language chosen
 * on the sign-in pages just before signing in is the newer choice, and is saved to the account instead.
 */
export function usePreferencesSync(): void {
  const { setColorScheme } = useMantineColorScheme();

  useEffect(() => {
    let applied: { id: number; locale: string; theme: string } | null = null;
    const apply = (user: User | null) => {
      if (!user) {
        applied = null;
        return;
      }
      if (applied && applied.id === user.id && applied.locale === user.locale && applied.theme === user.theme) return;
      const signingIn = applied?.id !== user.id;
      applied = { id: user.id, locale: user.locale, theme: user.theme };

      const chosenSignedOut = window.localStorage.getItem(SIGNED_OUT_CHOICE_KEY);
      window.localStorage.removeItem(SIGNED_OUT_CHOICE_KEY);
      if (signingIn && isLocale(chosenSignedOut) && chosenSignedOut !== user.locale) {
        void chooseLocale(chosenSignedOut);
      } else if (user.locale !== currentLocale()) {
        void changeLocale(user.locale).catch((error: unknown) => console.error('Loading the language failed', error));
      }
      setColorScheme(colorSchemeOf(user.theme));
    };
    apply(useAuthStore.getState().user);
    return useAuthStore.subscribe((state) => apply(state.user));
  }, [setColorScheme]);
}
