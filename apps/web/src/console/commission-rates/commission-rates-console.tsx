import { IconPercentage } from '@tabler/icons-react';
import { page } from '../../lib/area-routes';
import type { ConsoleArea } from '../console-areas';
import { CONSOLE_PATHS } from '../console-paths';
import { defineMessages } from '../../i18n/i18n';

/** The area's texts: its sidebar labels and page titles in the bundle, the rest loaded with its pages (i18n.ts, `LazyEnglish`). */
const commissionRatesMessages = defineMessages(
  'console-commission-rates',
  { frame: { title: 'Rate card' }, load: () => import('./commission-rates-messages').then((module) => module.commissionRatesEn) },
  () => import('./commission-rates-messages-ar').then((module) => module.commissionRatesAr),
);

/** The rate card (issue 15): read by terms.read (admin, finance, support), changed by terms.manage (admin, finance). */
export const consoleArea: ConsoleArea = {
  messages: commissionRatesMessages,
  routes: [{ path: 'rate-card', title: 'title', permission: 'terms.read', lazy: page(() => import('./rate-card-page'), 'RateCardPage') }],
  navigation: [{ label: 'title', to: CONSOLE_PATHS.rateCard, icon: IconPercentage, permission: 'terms.read', order: 45 }],
};
