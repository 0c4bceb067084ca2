import { IconBuildingBank } from '@tabler/icons-react';
import { page } from '../../lib/area-routes';
import type { ConsoleArea } from '../console-areas';
import { defineMessages } from '../../i18n/i18n';

/** The area's texts: its sidebar labels and page titles in the bundle, the rest loaded with its pages (i18n.ts, `LazyEnglish`). */
const paymentDetailsMessages = defineMessages(
  'console-payment-details',
  { frame: { title: 'Payment details' }, load: () => import('./payment-details-messages').then((module) => module.paymentDetailsEn) },
  () => import('./payment-details-messages-ar').then((module) => module.paymentDetailsAr),
);

/**
 * Payment details (docs/payment-details.md): read by earnings.read (admin, finance, support); verified and revealed
 * (audited) by earnings.manage.
 */
export const consoleArea: ConsoleArea = {
  messages: paymentDetailsMessages,
  routes: [{ path: 'payment-details', title: 'title', permission: 'earnings.read', lazy: page(() => import('./payment-details-page'), 'PaymentDetailsPage') }],
  navigation: [{ label: 'title', to: '/payment-details', icon: IconBuildingBank, permission: 'earnings.read', order: 52 }],
};
