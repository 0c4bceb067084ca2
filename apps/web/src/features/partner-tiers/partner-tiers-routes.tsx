import { IconTrophy } from '@tabler/icons-react';
import { page, type AreaRoutes } from '../../lib/area-routes';
import { ROUTES } from '../../lib/paths';
import { partnerTiersMessages } from './partner-tiers-messages';

/** /partner-tiers (spec §2; issue 15): the partner's tier, its progress toward the next one, and its history. */
export const areaRoutes: AreaRoutes = {
  messages: partnerTiersMessages,
  signedIn: [
    {
      path: ROUTES['partner-tiers'].slice(1),
      handle: { title: 'title', permission: 'terms.read' },
      lazy: page(() => import('./routes/partner-tiers-page'), 'PartnerTiersPage'),
    },
  ],
  navigation: [{ group: 'Programme', label: 'title', to: ROUTES['partner-tiers'], icon: IconTrophy, permission: 'terms.read', order: 20 }],
};
