import { IconTrophy } from '@tabler/icons-react';
import { page, type AreaRoutes } from '../../lib/area-routes';
import { ROUTES } from '../../lib/paths';
import { defineMessages } from '../../i18n/i18n';

/** The area's texts: its sidebar labels and page titles in the bundle, the rest loaded with its pages (i18n.ts, `LazyEnglish`). */
const partnerTiersMessages = defineMessages(
  'partner-tiers',
  { frame: { title: 'Partner tiers' }, load: () => import('./partner-tiers-messages').then((module) => module.partnerTiersEn) },
  () => import('./partner-tiers-messages-ar').then((module) => module.partnerTiersAr),
);

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
