import { IconTrophy } from '@tabler/icons-react';
import { page } from '../../lib/area-routes';
import type { ConsoleArea } from '../console-areas';
import { partnerTiersConsoleMessages } from './partner-tiers-messages';

export const TIERS_PATH = '/partner-tiers';

/** Partner tiers (issue 15): read by terms.read (admin, finance, support), changed by terms.manage (admin, finance). */
export const consoleArea: ConsoleArea = {
  messages: partnerTiersConsoleMessages,
  routes: [{ path: 'partner-tiers', title: 'title', permission: 'terms.read', lazy: page(() => import('./tiers-page'), 'TiersPage') }],
  navigation: [{ label: 'title', to: TIERS_PATH, icon: IconTrophy, permission: 'terms.read', order: 46 }],
};
