import { useCallback, useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { AUTH_MESSAGES } from '../lib/auth-messages';
import { notifyInfo } from '../lib/notify';
import { connectSessionToHttp, useAuthStore } from '../stores/auth-store';
import { PageAnnouncer } from './page-announcer';
import { useInactivityLogout } from './use-inactivity-logout';
import { usePreferencesSync } from './use-preferences-sync';
import { useSessionSync } from './use-session-sync';

/**
 * The root of every route: wires the session to the HTTP client (401 → sign-out, 403 password_update_required →
 * /update-password), signs out after an hour without activity, follows sign-outs of other tabs, and re-checks a
 * session restored from localStorage once per page load. Applies the signed-in user's saved language and theme.
 */
export function AppRoot() {
  const navigate = useNavigate();
  const authenticated = useAuthStore((state) => state.authenticated);

  useEffect(() => connectSessionToHttp(navigate), [navigate]);

  useEffect(() => {
    // A user restored from localStorage may be stale (logo, forced password change) or its server session gone:
    // ask once, in the background. A 401 signs out through the HTTP client; other failures are only logged.
    if (useAuthStore.getState().user) void useAuthStore.getState().fetchUser();
  }, []);

  const onInactive = useCallback(() => {
    notifyInfo(AUTH_MESSAGES.signedOutForInactivityTitle, AUTH_MESSAGES.signedOutForInactivityMessage);
    void useAuthStore.getState().logout(navigate);
  }, [navigate]);
  useInactivityLogout({ enabled: authenticated, onTimeout: onInactive });

  useSessionSync(navigate);
  usePreferencesSync();

  return (
    <>
      <PageAnnouncer />
      <Outlet />
    </>
  );
}
