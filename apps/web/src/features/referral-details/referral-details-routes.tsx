import { IconQrcode } from '@tabler/icons-react';
import { REFERRAL_LINK_PREFIX } from '@portal/contracts/referral-details';
import { page, type AreaRoutes } from '../../lib/area-routes';
import { defineMessages } from '../../i18n/i18n';

export const REFERRAL_DETAILS_PATH = '/view-referral-details';

/** The area's texts: its sidebar labels and page titles in the bundle, the rest loaded with its pages (i18n.ts, `LazyEnglish`). */
const referralDetailsMessages = defineMessages(
  'referral-details',
  { frame: { landing: { title: 'Referral' }, title: 'Referral details' }, load: () => import('./referral-details-messages').then((module) => module.referralDetailsEn) },
  () => import('./referral-details-messages-ar').then((module) => module.referralDetailsAr),
);

/**
 * /view-referral-details (spec §2): the partner's organisation, referral code, link and QR code, and, for managers
 * and owners, the team's referral figures. /r/:code: the public page a referral link opens (it remembers the code).
 */
export const areaRoutes: AreaRoutes = {
  messages: referralDetailsMessages,
  signedIn: [
    {
      path: REFERRAL_DETAILS_PATH.slice(1),
      handle: { title: 'title', permission: 'portal.use' },
      lazy: page(() => import('./routes/referral-details-page'), 'ReferralDetailsPage'),
    },
  ],
  public: [
    {
      path: `${REFERRAL_LINK_PREFIX.slice(1)}:code`,
      handle: { title: 'landing.title' },
      lazy: page(() => import('./routes/referral-landing-page'), 'ReferralLandingPage'),
    },
  ],
  navigation: [{ group: 'Account', label: 'title', to: REFERRAL_DETAILS_PATH, icon: IconQrcode, permission: 'portal.use', order: 30 }],
};
