import { IconCashBanknote } from '@tabler/icons-react';
import { page } from '../../lib/area-routes';
import type { ConsoleArea } from '../console-areas';
import { payoutsMessages } from './payouts-messages';

/**
 * Payouts (docs/earnings.md): read by earnings.read (admin, finance, support), run and settled by earnings.manage. The
 * four-eyes thresholds are read by earnings.read too and changed by finance_controls.manage (admins); they are reached
 * from the payouts' batches, where they apply, rather than from a sidebar entry of their own.
 */
export const consoleArea: ConsoleArea = {
  messages: payoutsMessages,
  routes: [
    { path: 'payouts', title: 'title', permission: 'earnings.read', lazy: page(() => import('./payouts-page'), 'PayoutsPage') },
    { path: 'payouts/approval-thresholds', title: 'thresholds.title', permission: 'earnings.read', lazy: page(() => import('./thresholds-page'), 'PayoutThresholdsPage') },
  ],
  navigation: [{ label: 'title', to: '/payouts', icon: IconCashBanknote, permission: 'earnings.read', order: 51 }],
};
