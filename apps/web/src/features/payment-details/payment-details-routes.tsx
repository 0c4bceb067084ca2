import { IconBuildingBank } from '@tabler/icons-react';
import { page, type AreaRoutes } from '../../lib/area-routes';
import { EDIT_PAYMENT_DETAILS_PATH, FREEZE_PAYMENT_DETAILS_PATH, PAYMENT_DETAILS_PATH } from './payment-details-paths';
// The shared re-authentication dialog's catalogue, declared with the area that uses it (i18n/catalogues.test.ts).
import '../../components/reauthentication/reauthentication-messages';
import { defineMessages } from '../../i18n/i18n';

/** The area's texts: its sidebar labels and page titles in the bundle, the rest loaded with its pages (i18n.ts, `LazyEnglish`). */
const paymentDetailsMessages = defineMessages(
  'payment-details',
  { frame: { editTitle: 'Edit payment details', freeze: { title: 'Freeze payment details' }, title: 'Payment details' }, load: () => import('./payment-details-messages').then((module) => module.paymentDetailsEn) },
  () => import('./payment-details-messages-ar').then((module) => module.paymentDetailsAr),
);

/**
 * Payment details (issue 16, docs/payment-details.md): /payment-details (what they are, their verification and change
 * log) and /edit-payment-details (the form, behind a re-authentication) for owners and finance; the owners' e-mailed
 * freeze link opens /payment-details/freeze, public (the owner may not be signed in on the device that opens it).
 */
export const areaRoutes: AreaRoutes = {
  messages: paymentDetailsMessages,
  signedIn: [
    {
      path: PAYMENT_DETAILS_PATH.slice(1),
      handle: { title: 'title', permission: 'payment_details.manage' },
      lazy: page(() => import('./routes/payment-details-page'), 'PaymentDetailsPage'),
    },
    {
      path: EDIT_PAYMENT_DETAILS_PATH.slice(1),
      handle: { title: 'editTitle', permission: 'payment_details.manage' },
      lazy: page(() => import('./routes/edit-payment-details-page'), 'EditPaymentDetailsPage'),
    },
  ],
  public: [
    {
      path: FREEZE_PAYMENT_DETAILS_PATH.slice(1),
      handle: { title: 'freeze.title' },
      lazy: page(() => import('./routes/freeze-payment-details-page'), 'FreezePaymentDetailsPage'),
    },
  ],
  // In Earnings, after My earnings (order 10).
  navigation: [{ group: 'Earnings', label: 'title', to: PAYMENT_DETAILS_PATH, icon: IconBuildingBank, permission: 'payment_details.manage', order: 20 }],
};
