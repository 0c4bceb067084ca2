import { IconBuildingCommunity, IconFolders } from '@tabler/icons-react';
import { page } from '../../lib/area-routes';
import type { ConsoleArea } from '../console-areas';
import { REFERRAL_PATHS } from './referral-paths';
import { consoleReferralAgentsMessages } from './referral-agents-messages';

/** Referral agents and referral groups: create and edit both, an agent's logo included (referral_agents.manage). */
export const consoleArea: ConsoleArea = {
  messages: consoleReferralAgentsMessages,
  routes: [
    { path: 'referral-agents', title: 'agents.title', permission: 'referral_agents.manage', lazy: page(() => import('./referral-agents-page'), 'ReferralAgentsPage') },
    { path: 'referral-agents/new', title: 'agent.createTitle', permission: 'referral_agents.manage', lazy: page(() => import('./agent-page'), 'AgentCreatePage') },
    { path: 'referral-agents/:id', title: 'agent.editTitle', permission: 'referral_agents.manage', lazy: page(() => import('./agent-page'), 'AgentEditPage') },
    { path: 'referral-groups', title: 'groups.title', permission: 'referral_agents.manage', lazy: page(() => import('./referral-groups-page'), 'ReferralGroupsPage') },
  ],
  navigation: [
    { label: 'agents.title', to: REFERRAL_PATHS.agents, icon: IconBuildingCommunity, permission: 'referral_agents.manage', order: 30 },
    { label: 'groups.title', to: REFERRAL_PATHS.groups, icon: IconFolders, permission: 'referral_agents.manage', order: 31 },
  ],
};
