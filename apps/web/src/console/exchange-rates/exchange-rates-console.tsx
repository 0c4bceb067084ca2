import { IconArrowsExchange } from '@tabler/icons-react';
import { page } from '../../lib/area-routes';
import type { ConsoleArea } from '../console-areas';
import { defineMessages } from '../../i18n/i18n';

/** The area's texts: its sidebar labels and page titles in the bundle, the rest loaded with its pages (i18n.ts, `LazyEnglish`). */
const exchangeRatesMessages = defineMessages(
  'console-exchange-rates',
  { frame: { title: 'Exchange rates' }, load: () => import('./exchange-rates-messages').then((module) => module.exchangeRatesEn) },
  () => import('./exchange-rates-messages-ar').then((module) => module.exchangeRatesAr),
);

/** The exchange rates (docs/exchange-rates.md): read by terms.read (admin, finance, support), set by terms.manage. */
export const consoleArea: ConsoleArea = {
  messages: exchangeRatesMessages,
  routes: [{ path: 'exchange-rates', title: 'title', permission: 'terms.read', lazy: page(() => import('./exchange-rates-page'), 'ExchangeRatesPage') }],
  navigation: [{ label: 'title', to: '/exchange-rates', icon: IconArrowsExchange, permission: 'terms.read', order: 48 }],
};
