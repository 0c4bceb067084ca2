import { defineModule } from '../../kit/portal-module.ts';
import { seedReferralCodes } from './demo-seed.ts';
import { REFERRAL_DETAILS_TRANSLATIONS } from './messages.ts';
import { referralDetailsRoutes } from './routes.ts';

/**
 * Referral details (issue 17): each partner's referral code, link and QR code; the per-member referral figures; the
 * public resolution of a code (public.ts is what other modules use); the console's view of a partner's code.
 */
export default defineModule({
  name: 'referral-details',
  register: referralDetailsRoutes,
  messages: REFERRAL_DETAILS_TRANSLATIONS,
  seedDemo: seedReferralCodes,
});
