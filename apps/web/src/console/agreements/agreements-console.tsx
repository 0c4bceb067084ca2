import { IconSignature } from '@tabler/icons-react';
import { page } from '../../lib/area-routes';
import type { ConsoleArea } from '../console-areas';
import { agreementsConsoleMessages } from './agreements-messages';

/** Agreements (issue 15): read by terms.read (admin, finance, support), written and published by terms.manage. */
export const consoleArea: ConsoleArea = {
  messages: agreementsConsoleMessages,
  routes: [{ path: 'agreements', title: 'title', permission: 'terms.read', lazy: page(() => import('./agreements-page'), 'AgreementsPage') }],
  navigation: [{ label: 'title', to: '/agreements', icon: IconSignature, permission: 'terms.read', order: 47 }],
};
