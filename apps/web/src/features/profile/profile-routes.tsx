import { IconUserCircle } from '@tabler/icons-react';
import { page, type AreaRoutes } from '../../lib/area-routes';
import { defineMessages } from '../../i18n/i18n';

/** The area's texts: its sidebar labels and page titles in the bundle, the rest loaded with its pages (i18n.ts, `LazyEnglish`). */
const profileMessages = defineMessages(
  'profile',
  { frame: { confirmTitle: 'Confirm your e-mail address', notificationsTitle: 'Notification preferences', title: 'Profile' }, load: () => import('./profile-messages').then((module) => module.profileEn) },
  () => import('./profile-messages-ar').then((module) => module.profileAr),
);

/**
 * The profile (issue 17): `/profile` (personal details) and `/profile/notifications` (notification preferences), with
 * `/profile/security` from the account-security area, joined by the shared tab bar (components/profile-tabs). The
 * e-mail confirmation link's page is public: it may be opened on a device that is not signed in.
 */
export const areaRoutes: AreaRoutes = {
  messages: profileMessages,
  signedIn: [
    { path: 'profile', handle: { title: 'title', permission: 'portal.use' }, lazy: page(() => import('./routes/profile-page'), 'ProfilePage') },
    {
      path: 'profile/notifications',
      handle: { title: 'notificationsTitle', permission: 'portal.use' },
      lazy: page(() => import('./routes/notification-preferences-page'), 'NotificationPreferencesPage'),
    },
  ],
  public: [
    { path: 'profile/email/confirm', handle: { title: 'confirmTitle' }, lazy: page(() => import('./routes/email-confirm-page'), 'EmailConfirmPage') },
  ],
  navigation: [{ group: 'Account', label: 'title', to: '/profile', icon: IconUserCircle, permission: 'portal.use', order: 1 }],
};
