import { useEffect, useRef, type ReactNode } from 'react';
import { matchPath, Navigate, Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import type { PartnerPermission } from '@portal/contracts/partner-roles';
import type { User } from '@portal/contracts/session';
import { LoadingOverlay } from '../components/loading-overlay/loading-overlay';
import { isAffiliate, useAuthStore, userCan } from '../stores/auth-store';
import { routeHandle } from '../lib/area-routes';
import { ROUTES } from '../lib/paths';
import { MissingPermissionContext, RoleForbiddenPage } from './role-forbidden-page';

/**
 * Who may not open a login-required path, and where they go instead. Later areas add their rules here.
 * Spec §2: a user of the `affiliates` referral group opening /commission-structure is sent to the root path.
 */
export const ACCESS_RULES: ReadonlyArray<{ path: string; denied: (user: User) => boolean; redirectTo: string }> = [
  { path: ROUTES['commission-structure'], denied: isAffiliate, redirectTo: ROUTES.Dashboard },
];

/**
 * Where a signed-in user opening `pathname` must go instead, or null when they may stay (the forced password change,
 * then ACCESS_RULES). A page their role may not open is not a redirect: see missingPermission.
 */
export function accessRedirect(user: User, pathname: string): string | null {
  // The forced password change comes first: nothing else is usable until it is done.
  if (user.password_updated_check === false && pathname !== ROUTES['update-password']) return ROUTES['update-password'];
  for (const rule of ACCESS_RULES) {
    if (matchPath({ path: rule.path, end: false }, pathname) && rule.denied(user)) return rule.redirectTo;
  }
  return null;
}

/**
 * The first of `needs` (the permissions the matched routes declare, RouteHandle.permission) that the member's role
 * lacks, or null. The page then says it is not available for their role, and why (issue 34), rather than sending
 * them to the dashboard without a word.
 */
export function missingPermission(user: User, needs: readonly PartnerPermission[]): PartnerPermission | null {
  return needs.find((permission) => !userCan(user, permission)) ?? null;
}

/** The id of the route of the app's frame (routes.tsx): a page inside it gets the frame around "not available". */
export const APP_LAYOUT_ROUTE_ID = 'app-layout';

/**
 * The route guard of spec §2, around every login-required route. With no user loaded it fetches the current one
 * (showing the loading overlay meanwhile): still none → /login; the fetch failed → sign out and /login. With a user
 * it applies the access rules above, and a page the member's role may not open shows why (RoleForbiddenPage).
 */
export function RouteGuard({ children }: { children?: ReactNode }) {
  const user = useAuthStore((state) => state.user);
  const loggingOut = useAuthStore((state) => state.logout_in_progress);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const matches = useMatches();
  const needs = matches.flatMap((match) => routeHandle(match.handle)?.permission ?? []);

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
  const redirect = accessRedirect(user, pathname);
  if (redirect && redirect !== pathname) return <Navigate to={redirect} replace />;
  const missing = missingPermission(user, needs);
  // Inside the frame, the layout shows the page in its place; a page without the frame gets it alone.
  if (missing && !matches.some((match) => match.id === APP_LAYOUT_ROUTE_ID)) return <RoleForbiddenPage permission={missing} />;
  return <MissingPermissionContext value={missing}>{children ?? <Outlet />}</MissingPermissionContext>;
}
