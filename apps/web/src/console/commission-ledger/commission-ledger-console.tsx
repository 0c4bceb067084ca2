import { IconReportMoney } from '@tabler/icons-react';
import { page } from '../../lib/area-routes';
import type { ConsoleArea } from '../console-areas';
import { defineMessages } from '../../i18n/i18n';

export const COMMISSION_LEDGER_PATH = '/commission-ledger';

/** The area's texts: its sidebar labels and page titles in the bundle, the rest loaded with its pages (i18n.ts, `LazyEnglish`). */
const commissionLedgerMessages = defineMessages(
  'console-commission-ledger',
  { frame: { title: 'Commission ledger' }, load: () => import('./commission-ledger-messages').then((module) => module.commissionLedgerEn) },
  () => import('./commission-ledger-messages-ar').then((module) => module.commissionLedgerAr),
);

/** The commission ledger (docs/earnings.md): every agent's lines, read by earnings.read; a refund needs earnings.manage. */
export const consoleArea: ConsoleArea = {
  messages: commissionLedgerMessages,
  routes: [{ path: 'commission-ledger', title: 'title', permission: 'earnings.read', lazy: page(() => import('./commission-ledger-page'), 'CommissionLedgerPage') }],
  navigation: [{ label: 'title', to: COMMISSION_LEDGER_PATH, icon: IconReportMoney, permission: 'earnings.read', order: 50 }],
};
