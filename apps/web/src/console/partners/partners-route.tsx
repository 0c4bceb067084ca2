import { RequirePermission } from '../session/require-operator';
import { PartnerDetailPage } from './partner-detail-page';
import { PartnersPage } from './partners-page';

/** The Partners pages, for the roles that may read partner accounts (partners.read). */
export function PartnersRoute() {
  return (
    <RequirePermission permission="partners.read">
      <PartnersPage />
    </RequirePermission>
  );
}

export function PartnerDetailRoute() {
  return (
    <RequirePermission permission="partners.read">
      <PartnerDetailPage />
    </RequirePermission>
  );
}
