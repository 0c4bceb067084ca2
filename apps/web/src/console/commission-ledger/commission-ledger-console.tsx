import { IconReportMoney } from '@tabler/icons-react';
import { page } from '../../lib/area-routes';
import type { ConsoleArea } from '../console-areas';
import { commissionLedgerMessages } from './commission-ledger-messages';

export const COMMISSION_LEDGER_PATH = '/commission-ledger';

/** The commission ledger (docs/earnings.md): every agent's lines, read by earnings.read; a refund needs earnings.manage. */
export const consoleArea: ConsoleArea = {
  messages: commissionLedgerMessages,
  routes: [{ path: 'commission-ledger', title: 'title', permission: 'earnings.read', lazy: page(() => import('./commission-ledger-page'), 'CommissionLedgerPage') }],
  navigation: [{ label: 'title', to: COMMISSION_LEDGER_PATH, icon: IconReportMoney, permission: 'earnings.read', order: 50 }],
};
