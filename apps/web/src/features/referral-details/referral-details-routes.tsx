import { IconQrcode } from '@tabler/icons-react';
import { REFERRAL_LINK_PREFIX } from '@portal/contracts/referral-details';
import { page, type AreaRoutes } from '../../lib/area-routes';
import { referralDetailsMessages } from './referral-details-messages';

export const REFERRAL_DETAILS_PATH = '/view-referral-details';

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
