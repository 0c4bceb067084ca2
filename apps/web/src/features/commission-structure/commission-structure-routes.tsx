import { IconPercentage } from '@tabler/icons-react';
import { page, type AreaRoutes } from '../../lib/area-routes';
import { ROUTES } from '../../lib/paths';
import { commissionStructureMessages } from './commission-structure-messages';

/**
 * /commission-structure (spec §2; issue 15): the partner's own commission rates and the changes coming. The route
 * guard sends the affiliates group to the root path (app/route-guard.tsx) and the server answers them 403.
 */
export const areaRoutes: AreaRoutes = {
  messages: commissionStructureMessages,
  signedIn: [
    {
      path: ROUTES['commission-structure'].slice(1),
      handle: { title: 'title', permission: 'terms.read' },
      lazy: page(() => import('./routes/commission-structure-page'), 'CommissionStructurePage'),
    },
  ],
  navigation: [{ group: 'Programme', label: 'title', to: ROUTES['commission-structure'], icon: IconPercentage, permission: 'terms.read', order: 10 }],
};
