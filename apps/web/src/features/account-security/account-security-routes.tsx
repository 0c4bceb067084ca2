import { page, type AreaRoutes } from '../../lib/area-routes';
// The shared re-authentication dialog's catalogue, declared with the area that uses it (i18n/catalogues.test.ts).
import '../../components/reauthentication/reauthentication-messages';
import { defineMessages } from '../../i18n/i18n';

/** The area's texts: its sidebar labels and page titles in the bundle, the rest loaded with its pages (i18n.ts, `LazyEnglish`). */
const accountSecurityMessages = defineMessages(
  'account-security',
  { frame: { title: 'Security' }, load: () => import('./account-security-messages').then((module) => module.accountSecurityEn) },
  () => import('./account-security-messages-ar').then((module) => module.accountSecurityAr),
);

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
