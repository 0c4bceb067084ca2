import { IconPercentage } from '@tabler/icons-react';
import { page } from '../../lib/area-routes';
import type { ConsoleArea } from '../console-areas';
import { CONSOLE_PATHS } from '../console-paths';
import { commissionRatesMessages } from './commission-rates-messages';


/** The rate card (issue 15): read by terms.read (admin, finance, support), changed by terms.manage (admin, finance). */
export const consoleArea: ConsoleArea = {
  messages: commissionRatesMessages,
  routes: [{ path: 'rate-card', title: 'title', permission: 'terms.read', lazy: page(() => import('./rate-card-page'), 'RateCardPage') }],
  navigation: [{ label: 'title', to: CONSOLE_PATHS.rateCard, icon: IconPercentage, permission: 'terms.read', order: 45 }],
};
