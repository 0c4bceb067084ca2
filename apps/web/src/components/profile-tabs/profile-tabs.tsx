import { Link, useLocation } from 'react-router';
import { useText } from '../../i18n/i18n';
import classes from './profile-tabs.module.css';

/** The three pages of the profile, in the order the tab bar shows them. */
export const PROFILE_TAB_PATHS = {
  details: '/profile',
  security: '/profile/security',
  notifications: '/profile/notifications',
} as const;

export type ProfileTab = keyof typeof PROFILE_TAB_PATHS;

const TABS = Object.keys(PROFILE_TAB_PATHS) as ProfileTab[];

/**
 * The profile's tab bar, shared by the profile area (Personal details, Notifications) and the account-security area
 * (Security). Each tab is a link to its own route, not an ARIA tab: the pages are separate routes with their own
 * URL and history, so a navigation landmark of links is the honest pattern; Tab moves between them, Enter follows
 * one. The current page's link has aria-current="page" (exact match, so /profile is not current on /profile/security).
 */
export function ProfileTabs() {
  const t = useText('shared');
  const { pathname } = useLocation();
  const current = pathname.replace(/\/+$/, '') || '/';
  return (
    <nav aria-label={t('profileTabs.label')}>
      <ul className={classes.list}>
        {TABS.map((tab) => {
          const to = PROFILE_TAB_PATHS[tab];
          return (
            <li key={tab}>
              <Link to={to} className={classes.link} aria-current={current === to ? 'page' : undefined}>
                {t(`profileTabs.${tab}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
