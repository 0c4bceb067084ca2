import { IconBuildingBank } from '@tabler/icons-react';
import { page } from '../../lib/area-routes';
import type { ConsoleArea } from '../console-areas';
import { paymentDetailsMessages } from './payment-details-messages';

/**
 * Payment details (docs/payment-details.md): read by earnings.read (admin, finance, support); verified and revealed
 * (audited) by earnings.manage.
 */
export const consoleArea: ConsoleArea = {
  messages: paymentDetailsMessages,
  routes: [{ path: 'payment-details', title: 'title', permission: 'earnings.read', lazy: page(() => import('./payment-details-page'), 'PaymentDetailsPage') }],
  navigation: [{ label: 'title', to: '/payment-details', icon: IconBuildingBank, permission: 'earnings.read', order: 52 }],
};
