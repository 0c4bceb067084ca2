import { IconCashBanknote } from '@tabler/icons-react';
import { page } from '../../lib/area-routes';
import type { ConsoleArea } from '../console-areas';
import { payoutsMessages } from './payouts-messages';

/** Payouts (docs/earnings.md): read by earnings.read (admin, finance, support), run and settled by earnings.manage. */
export const consoleArea: ConsoleArea = {
  messages: payoutsMessages,
  routes: [{ path: 'payouts', title: 'title', permission: 'earnings.read', lazy: page(() => import('./payouts-page'), 'PayoutsPage') }],
  navigation: [{ label: 'title', to: '/payouts', icon: IconCashBanknote, permission: 'earnings.read', order: 51 }],
};
