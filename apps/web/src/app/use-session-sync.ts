import { useEffect } from 'react';
import { STORAGE_KEYS } from '@portal/contracts/constants';
import { userSchema } from '@portal/contracts/session';
import { useAuthStore, type Navigate } from '../stores/auth-store';

/**
 * Keeps tabs in step: when another tab signs out (the `auth` key disappears) this one signs out too, without
 * posting /api/logout again; when another tab signs in, this one picks the user up.
 */
export function useSessionSync(navigate: Navigate): void {
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea !== window.localStorage) return;
      if (event.key !== STORAGE_KEYS.auth && event.key !== null) return;
      const store = useAuthStore.getState();
      if (!event.newValue) {
        void store.signOutLocally(navigate);
        return;
      }
      try {
        const parsed = userSchema.safeParse((JSON.parse(event.newValue) as { state?: { user?: unknown } }).state?.user);
        if (parsed.success && JSON.stringify(parsed.data) !== JSON.stringify(store.user)) store.setUser(parsed.data);
      } catch {
        // Not ours to read: ignore.
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [navigate]);
}
