/**
 * THE route tree: the app's shell (root, guard, base layout) around the routes each area declares in its
 * `features/<area>/<area>-routes.tsx` (collected in areas.ts; lib/area-routes.ts says how to write one). Adding a
 * page or a sidebar entry is an edit to the area's own file, not to this one. Every page is loaded on demand
 * (`lazy`), so the sign-in page's JavaScript stays small.
 */
import { Navigate, type RouteObject } from 'react-router';
import { LoadingOverlay } from '../components/loading-overlay/loading-overlay';
import { page, withMessages, type AreaRoutes } from '../lib/area-routes';
import { ROUTES } from '../lib/paths';
import { AppRoot } from './app-root';
import { AREAS } from './areas';
import { RouteError } from './route-error';
import { APP_LAYOUT_ROUTE_ID, RouteGuard } from './route-guard';

function RouteFallback() {
  return <LoadingOverlay />;
}

/**
 * The areas' routes of one kind, in the areas' order. Each route's title is a key of its area's catalogue: the
 * route carries the catalogue's namespace, so the shell can read the title (page-announcer.tsx).
 */
function collected(kind: Exclude<keyof AreaRoutes, 'navigation' | 'messages' | 'notices' | 'dashboardCards'>, areas: readonly AreaRoutes[] = AREAS): RouteObject[] {
  return areas.flatMap((area) =>
    (area[kind] ?? []).map((route) => ({
      ...route,
      // The page's chunk and its area's English catalogue (when kept out of the bundle) arrive together.
      ...(typeof route.lazy === 'function' && area.messages ? { lazy: withMessages(route.lazy, area.messages) } : {}),
      handle: { ...route.handle, namespace: area.messages?.namespace ?? 'shared' },
    })),
  );
}

/** Login-required pages inside the base layout (sidebar, header). */
export const areaRoutes: RouteObject[] = [...collected('signedIn')];

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    element: <AppRoot />,
    HydrateFallback: RouteFallback,
    errorElement: <RouteError />,
    children: [
      // Public (spec §2).
      ...collected('public'),
      { path: 'broken-page', handle: { title: 'errors.pageNotFound', namespace: 'shared' }, lazy: page(() => import('./broken-page'), 'BrokenPage') },

      // Login-required: the guard restores the session and applies the access rules.
      {
        element: <RouteGuard />,
        children: [
          ...collected('signedInWithoutLayout'),
          { id: APP_LAYOUT_ROUTE_ID, lazy: page(() => import('./layout/app-layout'), 'AppLayout'), children: areaRoutes },
        ],
      },

      // Spec §2: any unknown path redirects to /broken-page.
      { path: '*', element: <Navigate to={ROUTES['broken-page']} replace /> },
    ],
  },
];
