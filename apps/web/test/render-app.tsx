import { render } from '@testing-library/react';
// RouterProvider from 'react-router', not 'react-router/dom': under Vitest, Node loads the /dom entry's own
// import of 'react-router' as the CommonJS build, a second copy whose contexts the app's hooks cannot see.
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders, createQueryClient } from '../src/app/providers';
import { routes as appRoutes } from '../src/app/routes';

/**
 * Renders the real route table (or `routes`) in a memory router at `path`, inside the app's providers. Returns the
 * router so tests can read `router.state.location`.
 */
export function renderApp(path: string, { routes = appRoutes }: { routes?: RouteObject[] } = {}) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 0 } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient, location: () => router.state.location };
}
