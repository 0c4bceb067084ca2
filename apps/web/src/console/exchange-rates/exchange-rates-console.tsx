import { IconArrowsExchange } from '@tabler/icons-react';
import { page } from '../../lib/area-routes';
import type { ConsoleArea } from '../console-areas';
import { exchangeRatesMessages } from './exchange-rates-messages';

/** The exchange rates (docs/exchange-rates.md): read by terms.read (admin, finance, support), set by terms.manage. */
export const consoleArea: ConsoleArea = {
  messages: exchangeRatesMessages,
  routes: [{ path: 'exchange-rates', title: 'title', permission: 'terms.read', lazy: page(() => import('./exchange-rates-page'), 'ExchangeRatesPage') }],
  navigation: [{ label: 'title', to: '/exchange-rates', icon: IconArrowsExchange, permission: 'terms.read', order: 48 }],
};
