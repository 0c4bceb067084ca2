import { useEffect, useRef, type ReactNode } from 'react';
import { matchPath, Navigate, Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import type { PartnerPermission } from '@portal/contracts/partner-roles';
import type { User } from '@portal/contracts/session';
import { LoadingOverlay } from '../components/loading-overlay/loading-overlay';
import { isAffiliate, useAuthStore, userCan } from '../stores/auth-store';
import { routeHandle } from '../lib/area-routes';
import { ROUTES } from '../lib/paths';

/**
 * Who may not open a login-required path, and where they go instead. Later areas add their rules here.
 * Spec §2: a user of the `affiliates` referral group opening /commission-structure is sent to the root path.
 */
export const ACCESS_RULES: ReadonlyArray<{ path: string; denied: (user: User) => boolean; redirectTo: string }> = [
  { path: ROUTES['commission-structure'], denied: isAffiliate, redirectTo: ROUTES.Dashboard },
];

/**
 * Where a signed-in user opening `pathname` must go instead, or null when they may stay. `needs`: the permissions the
 * matched routes declare (RouteHandle.permission); a member whose role lacks one goes to the dashboard.
 */
export function accessRedirect(user: User, pathname: string, needs: readonly PartnerPermission[] = []): string | null {
  // The forced password change comes first: nothing else is usable until it is done.
  if (user.password_updated_check === false && pathname !== ROUTES['update-password']) return ROUTES['update-password'];
  if (needs.some((permission) => !userCan(user, permission))) return ROUTES.Dashboard;
  for (const rule of ACCESS_RULES) {
    if (matchPath({ path: rule.path, end: false }, pathname) && rule.denied(user)) return rule.redirectTo;
  }
  return null;
}

/**
 * The route guard of spec §2, around every login-required route. With no user loaded it fetches the current one
 * (showing the loading overlay meanwhile): still none → /login; the fetch failed → sign out and /login. With a user
 * it applies the access rules above.
 */
export function RouteGuard({ children }: { children?: ReactNode }) {
  const user = useAuthStore((state) => state.user);
  const loggingOut = useAuthStore((state) => state.logout_in_progress);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const needs = useMatches().flatMap((match) => routeHandle(match.handle)?.permission ?? []);

  // The check runs at most once per mount, and never once a user has been seen: a user who disappears is being
  // signed out, and sign-out goes to /login by itself. Checking again would race that navigation (the in-progress
  // flag clears before React has unmounted this guard) and loop fetch → 401 → sign-out.
  const mounted = useRef(false);
  const checked = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (user) checked.current = true;
    if (user || loggingOut || checked.current) return;
    checked.current = true;
    void (async () => {
      const result = await useAuthStore.getState().fetchUser();
      if (!mounted.current) return;
      if (!result.ok) {
        await useAuthStore.getState().logout(navigate);
      } else if (!result.user) {
        await navigate(ROUTES.login, { replace: true });
      }
    })();
  }, [user, loggingOut, navigate]);

  if (!user) return <LoadingOverlay />;
  const redirect = accessRedirect(user, pathname, needs);
  if (redirect && redirect !== pathname) return <Navigate to={redirect} replace />;
  return children ?? <Outlet />;
}
