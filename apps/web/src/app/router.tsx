import { createBrowserRouter } from 'react-router';
import { routes } from './routes';

export { ROUTES } from '../lib/paths';
export { routes } from './routes';

/** The app's router (data router) over the one route table. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
