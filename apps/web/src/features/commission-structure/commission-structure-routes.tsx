import { IconPercentage } from '@tabler/icons-react';
import { page, type AreaRoutes } from '../../lib/area-routes';
import { ROUTES } from '../../lib/paths';
import { defineMessages } from '../../i18n/i18n';

/** The area's texts: its sidebar labels and page titles in the bundle, the rest loaded with its pages (i18n.ts, `LazyEnglish`). */
const commissionStructureMessages = defineMessages(
  'commission-structure',
  { frame: { title: 'Commission structure' }, load: () => import('./commission-structure-messages').then((module) => module.commissionStructureEn) },
  () => import('./commission-structure-messages-ar').then((module) => module.commissionStructureAr),
);

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
