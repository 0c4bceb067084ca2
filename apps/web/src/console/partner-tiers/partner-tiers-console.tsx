import { IconTrophy } from '@tabler/icons-react';
import { page } from '../../lib/area-routes';
import type { ConsoleArea } from '../console-areas';
import { defineMessages } from '../../i18n/i18n';

export const TIERS_PATH = '/partner-tiers';

/** The area's texts: its sidebar labels and page titles in the bundle, the rest loaded with its pages (i18n.ts, `LazyEnglish`). */
const partnerTiersConsoleMessages = defineMessages(
  'console-partner-tiers',
  { frame: { title: 'Partner tiers' }, load: () => import('./partner-tiers-messages').then((module) => module.partnerTiersConsoleEn) },
  () => import('./partner-tiers-messages-ar').then((module) => module.partnerTiersConsoleAr),
);

/** Partner tiers (issue 15): read by terms.read (admin, finance, support), changed by terms.manage (admin, finance). */
export const consoleArea: ConsoleArea = {
  messages: partnerTiersConsoleMessages,
  routes: [{ path: 'partner-tiers', title: 'title', permission: 'terms.read', lazy: page(() => import('./tiers-page'), 'TiersPage') }],
  navigation: [{ label: 'title', to: TIERS_PATH, icon: IconTrophy, permission: 'terms.read', order: 46 }],
};
