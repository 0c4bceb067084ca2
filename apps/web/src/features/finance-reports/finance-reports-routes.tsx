import { IconReportAnalytics } from '@tabler/icons-react';
import { page, type AreaRoutes } from '../../lib/area-routes';
import { FINANCE_REPORTS_PATH } from './finance-reports-paths';
import { defineMessages } from '../../i18n/i18n';

/** The area's texts: its sidebar labels and page titles in the bundle, the rest loaded with its pages (i18n.ts, `LazyEnglish`). */
const financeReportsMessages = defineMessages(
  'finance-reports',
  { frame: { title: 'Finance reports' }, load: () => import('./finance-reports-messages').then((module) => module.financeReportsEn) },
  () => import('./finance-reports-messages-ar').then((module) => module.financeReportsAr),
);

/**
 * Finance reports (`/finance-reports`, issue 16, docs/earnings.md): the agent's monthly and yearly statements of its
 * commission balance per currency, each version with its PDF and xlsx and their SHA-256, for owners, managers and
 * finance (payouts.read).
 */
export const areaRoutes: AreaRoutes = {
  messages: financeReportsMessages,
  signedIn: [
    {
      path: FINANCE_REPORTS_PATH.slice(1),
      handle: { title: 'title', permission: 'payouts.read' },
      lazy: page(() => import('./routes/finance-reports-page'), 'FinanceReportsPage'),
    },
  ],
  // In Earnings, after My earnings (order 10) and Payment details (order 20).
  navigation: [{ group: 'Earnings', label: 'title', to: FINANCE_REPORTS_PATH, icon: IconReportAnalytics, permission: 'payouts.read', order: 30 }],
};
