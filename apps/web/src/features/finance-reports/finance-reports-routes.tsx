import { IconReportAnalytics } from '@tabler/icons-react';
import { page, type AreaRoutes } from '../../lib/area-routes';
import { financeReportsMessages } from './finance-reports-messages';
import { FINANCE_REPORTS_PATH } from './finance-reports-paths';

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
