import { useEffect, useRef } from 'react';
import { useMantineColorScheme } from '@mantine/core';
import { isLocale } from '@portal/contracts/preferences';
import type { User } from '@portal/contracts/session';
import { chooseLocale, colorSchemeOf, SIGNED_OUT_CHOICE_KEY } from '../stores/preferences';
import { changeLocale, currentLocale } from '../i18n/i18n';
import { useAuthStore, type AuthState } from '../stores/auth-store';

/**
 * Applies the signed-in user's saved language and theme, so a choice made on one device shows on the next and
 * survives sign-out and sign-in: at sign-in (the answer carries them), and once more when this page load's first
 * GET /api/user answers (a session restored from localStorage may hold older ones). Not after that: later answers can
 * cross this tab's own saves (a GET sent before a PATCH and answered after it would switch the page back), and this
 * tab's choices are applied where they are made. One exception at sign-in: a language chosen on the sign-in pages just
 * before is the newer choice, and is saved to the account instead.
 */
export function usePreferencesSync(): void {
  // Mantine's setter is a new function on each render: the subscription below must outlive renders (re-subscribing
  // would take the restored user for new and apply it again), so it reads the latest setter through a ref.
  const { setColorScheme } = useMantineColorScheme();
  const setScheme = useRef(setColorScheme);
  setScheme.current = setColorScheme;

  useEffect(() => {
    let appliedFor: number | null = null;
    let checkedApplied = false;
    const apply = (user: User, signingIn: boolean) => {
      const chosenSignedOut = window.localStorage.getItem(SIGNED_OUT_CHOICE_KEY);
      window.localStorage.removeItem(SIGNED_OUT_CHOICE_KEY);
      if (signingIn && isLocale(chosenSignedOut) && chosenSignedOut !== user.locale) {
        void chooseLocale(chosenSignedOut);
      } else if (user.locale !== currentLocale()) {
        void changeLocale(user.locale).catch((error: unknown) => console.error('Loading the language failed', error));
      }
      setScheme.current(colorSchemeOf(user.theme));
    };
    const follow = (state: Pick<AuthState, 'user' | 'user_checked_at'>, restored = false) => {
      const { user } = state;
      if (!user) {
        appliedFor = null;
        return;
      }
      if (appliedFor !== user.id) {
        appliedFor = user.id;
        apply(user, !restored);
        // A sign-in's answer is fresh; a user restored from localStorage waits for the server's.
        checkedApplied = !restored;
      } else if (!checkedApplied && state.user_checked_at !== null) {
        apply(user, false);
      }
      if (state.user_checked_at !== null) checkedApplied = true;
    };
    follow(useAuthStore.getState(), true);
    return useAuthStore.subscribe((state) => follow(state));
  }, []);
}
