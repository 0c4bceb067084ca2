import { IconUsers } from '@tabler/icons-react';
import { page } from '../../lib/area-routes';
import type { ConsoleArea } from '../console-areas';
import { consoleMessages } from '../console-messages';
import { CONSOLE_PATHS } from '../console-paths';
// The partner page's Referral code section has a catalogue of its own (issue 17, referral details).
import './partner-referral-code-messages';

/** Partners: the accounts and one account's page (partners.read; its actions need partners.manage). */
export const consoleArea: ConsoleArea = {
  messages: consoleMessages,
  routes: [
    { path: 'partners', title: 'partners.title', permission: 'partners.read', lazy: page(() => import('./partners-page'), 'PartnersPage') },
    { path: 'partners/:id', title: 'partners.title', permission: 'partners.read', lazy: page(() => import('./partner-detail-page'), 'PartnerDetailPage') },
  ],
  navigation: [{ label: 'partners.title', to: CONSOLE_PATHS.partners, icon: IconUsers, permission: 'partners.read', order: 20 }],
};
