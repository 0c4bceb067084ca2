import { IconUsersGroup } from '@tabler/icons-react';
import { page, type AreaRoutes } from '../../lib/area-routes';
import { teamMessages } from './team-messages';
import { ADD_MEMBER_PATH, TEAM_PATH } from './team-paths';


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
