import { IconUsersGroup } from '@tabler/icons-react';
import { page, type AreaRoutes } from '../../lib/area-routes';
import { ADD_MEMBER_PATH, TEAM_PATH } from './team-paths';
import { defineMessages } from '../../i18n/i18n';

/** The area's texts: its sidebar labels and page titles in the bundle, the rest loaded with its pages (i18n.ts, `LazyEnglish`). */
const teamMessages = defineMessages(
  'team',
  { frame: { addTitle: 'Invite a member', title: 'Team' }, load: () => import('./team-messages').then((module) => module.teamEn) },
  () => import('./team-messages-ar').then((module) => module.teamAr),
);

/**
 * The team (spec §2: /manage-user, /add-user): the members table and the invitation form. Managers read the team;
 * only owners change it (the server checks the same permissions).
 */
export const areaRoutes: AreaRoutes = {
  messages: teamMessages,
  signedIn: [
    { path: TEAM_PATH.slice(1), handle: { title: 'title', permission: 'team.read' }, lazy: page(() => import('./routes/team-page'), 'TeamPage') },
    { path: ADD_MEMBER_PATH.slice(1), handle: { title: 'addTitle', permission: 'team.manage' }, lazy: page(() => import('./routes/add-member-page'), 'AddMemberPage') },
  ],
  navigation: [{ group: 'Account', label: 'title', to: TEAM_PATH, icon: IconUsersGroup, permission: 'team.read', order: 20 }],
};
