import { RequirePermission } from '../session/require-operator';
import { ApplicationsPage } from './applications-page';

/** The page for the roles that review applications (applications.review: admin, support). */
export function ApplicationsRoute() {
  return (
    <RequirePermission permission="applications.review">
      <ApplicationsPage />
    </RequirePermission>
  );
}
