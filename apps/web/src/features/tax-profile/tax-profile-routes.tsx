import { IconReceiptTax } from '@tabler/icons-react';
import { page, type AreaRoutes } from '../../lib/area-routes';
import { defineMessages } from '../../i18n/i18n';

/** The page's path: beside /payment-details, in the sidebar's Earnings group. */
const TAX_DETAILS_PATH = '/tax-details';

/** The area's texts: its sidebar labels and page titles in the bundle, the rest loaded with its pages (i18n.ts, `LazyEnglish`). */
const taxProfileMessages = defineMessages(
  'tax-profile',
  { frame: { title: 'Tax details' }, load: () => import('./tax-profile-messages').then((module) => module.taxProfileEn) },
  () => import('./tax-profile-messages-ar').then((module) => module.taxProfileAr),
);

/**
 * Tax details (issue 31, docs/payment-details.md "Tax details"): /tax-details, the partner's tax profile as its
 * self-billing statements print it, for owners and finance (tax_profile.manage), read and edited in place.
 */
export const areaRoutes: AreaRoutes = {
  messages: taxProfileMessages,
  signedIn: [
    {
      path: TAX_DETAILS_PATH.slice(1),
      handle: { title: 'title', permission: 'tax_profile.manage' },
      lazy: page(() => import('./routes/tax-details-page'), 'TaxDetailsPage'),
    },
  ],
  // In Earnings, right after Payment details (order 20).
  navigation: [{ group: 'Earnings', label: 'title', to: TAX_DETAILS_PATH, icon: IconReceiptTax, permission: 'tax_profile.manage', order: 25 }],
};
