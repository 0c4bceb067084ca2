import { page, type AreaRoutes } from '../../lib/area-routes';
import { accountSecurityMessages } from './account-security-messages';
// The shared re-authentication dialog's catalogue, declared with the area that uses it (i18n/catalogues.test.ts).
import '../../components/reauthentication/reauthentication-messages';

/**
 * The profile's Security tab (issue 17): /profile/security, one of the profile's tab links (components/profile-tabs).
 * No sidebar entry of its own: the profile's entry leads to the tabs.
 */
export const areaRoutes: AreaRoutes = {
  messages: accountSecurityMessages,
  signedIn: [
    {
      path: 'profile/security',
      handle: { title: 'title', permission: 'portal.use' },
      lazy: page(() => import('./routes/security-page'), 'SecurityPage'),
    },
  ],
};
