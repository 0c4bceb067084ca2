import { IconCashBanknote } from '@tabler/icons-react';
import { page } from '../../lib/area-routes';
import type { ConsoleArea } from '../console-areas';
import { defineMessages } from '../../i18n/i18n';

/** The area's texts: its sidebar labels and page titles in the bundle, the rest loaded with its pages (i18n.ts, `LazyEnglish`). */
const payoutsMessages = defineMessages(
  'console-payouts',
  { frame: { thresholds: { title: 'Four-eyes thresholds' }, title: 'Payouts' }, load: () => import('./payouts-messages').then((module) => module.payoutsEn) },
  () => import('./payouts-messages-ar').then((module) => module.payoutsAr),
);

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
