/**
 * The console's route table (its own entry, console.html, served at /console/*: the router's basename). Pages are
 * lazy chunks of the console's bundle. The areas' pages come from their declarations (console-areas.ts): each is
 * wrapped in RequirePermission with the permission it declares and carries its catalogue's namespace for its title.
 */
import { Outlet, type RouteObject } from 'react-router';
import { LoadingOverlay } from '../components/loading-overlay/loading-overlay';
import { page, withMessages } from '../lib/area-routes';
import { ConsoleRoot } from './console-root';
import { ConsoleRouteError } from './pages/console-route-error';
import { NotFoundPage } from './pages/not-found-page';
import { CONSOLE_AREAS, type ConsoleArea } from './console-areas';
import { RequireOperator, RequirePermission } from './session/require-operator';

const handle = (title: string) => ({ title, namespace: 'console' });

/** Each area's pages, below a guard of the permission each declares. */
export function consoleAreaRoutes(areas: readonly ConsoleArea[] = CONSOLE_AREAS): RouteObject[] {
  return areas.flatMap((area) =>
    area.routes.map(({ path, title, permission, lazy }) => ({
      element: (
        <RequirePermission permission={permission}>
          <Outlet />
        </RequirePermission>
      ),
      children: [{ path, handle: { title, namespace: area.messages.namespace }, lazy: withMessages(lazy, area.messages) }],
    })),
  );
}

/** Each area's pages for someone not signed in (an invitation's link), beside the sign-in page. */
export function consoleAreaPublicRoutes(areas: readonly ConsoleArea[] = CONSOLE_AREAS): RouteObject[] {
  return areas.flatMap((area) => (area.publicRoutes ?? []).map(({ path, title, lazy }) => ({ path, handle: { title, namespace: area.messages.namespace }, lazy: withMessages(lazy, area.messages) })));
}

export const consoleRoutes: RouteObject[] = [
  {
    id: 'console-root',
    element: <ConsoleRoot />,
    HydrateFallback: () => <LoadingOverlay />,
    errorElement: <ConsoleRouteError />,
    children: [
      { path: 'login', handle: handle('signIn.title'), lazy: page(() => import('./sign-in/sign-in-page'), 'SignInPage') },
      ...consoleAreaPublicRoutes(),
      {
        element: <RequireOperator />,
        children: [
          {
            lazy: page(() => import('./layout/console-layout'), 'ConsoleLayout'),
            children: [
              { index: true, handle: handle('home.title'), lazy: page(() => import('./pages/home-page'), 'HomePage') },
              ...consoleAreaRoutes(),
              { path: '*', handle: handle('notFound.title'), element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
];
