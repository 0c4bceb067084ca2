/**
 * The console's route table (its own entry, console.html, served at /console/*: the router's basename). Pages are
 * lazy chunks of the console's bundle; each names its title in the console's catalogue and, where it needs one, the
 * permission of the role map its endpoints declare.
 */
import type { RouteObject } from 'react-router';
import { LoadingOverlay } from '../components/loading-overlay/loading-overlay';
import { page } from '../lib/area-routes';
import { ConsoleRoot } from './console-root';
import { ConsoleRouteError } from './pages/console-route-error';
import { NotFoundPage } from './pages/not-found-page';
import { RequireOperator } from './session/require-operator';

const handle = (title: string) => ({ title, namespace: 'console' });

export const consoleRoutes: RouteObject[] = [
  {
    id: 'console-root',
    element: <ConsoleRoot />,
    HydrateFallback: () => <LoadingOverlay />,
    errorElement: <ConsoleRouteError />,
    children: [
      { path: 'login', handle: handle('signIn.title'), lazy: page(() => import('./sign-in/sign-in-page'), 'SignInPage') },
      {
        element: <RequireOperator />,
        children: [
          {
            lazy: page(() => import('./layout/console-layout'), 'ConsoleLayout'),
            children: [
              { index: true, handle: handle('home.title'), lazy: page(() => import('./pages/home-page'), 'HomePage') },
              {
                path: 'partner-applications',
                handle: handle('applications.title'),
                lazy: page(() => import('./applications/applications-route'), 'ApplicationsRoute'),
              },
              { path: 'partners', handle: handle('partners.title'), lazy: page(() => import('./partners/partners-route'), 'PartnersRoute') },
              { path: 'partners/:id', handle: handle('partners.title'), lazy: page(() => import('./partners/partners-route'), 'PartnerDetailRoute') },
              { path: '*', handle: handle('notFound.title'), element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
];
