import { RouteErrorPage } from '../../components/route-error/route-error-page';

/** A console page that threw, or whose code could not be loaded (a new release): a reload usually helps. */
export function ConsoleRouteError() {
  return <RouteErrorPage />;
}
