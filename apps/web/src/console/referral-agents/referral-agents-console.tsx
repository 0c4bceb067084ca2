import { IconBuildingCommunity, IconFolders } from '@tabler/icons-react';
import { page } from '../../lib/area-routes';
import type { ConsoleArea } from '../console-areas';
import { REFERRAL_PATHS } from './referral-paths';
import { defineMessages } from '../../i18n/i18n';

/** The area's texts: its sidebar labels and page titles in the bundle, the rest loaded with its pages (i18n.ts, `LazyEnglish`). */
const consoleReferralAgentsMessages = defineMessages(
  'console-referral-agents',
  { frame: { agent: { createTitle: 'New referral agent', editTitle: 'Referral agent' }, agents: { title: 'Referral agents' }, groups: { title: 'Referral groups' } }, load: () => import('./referral-agents-messages').then((module) => module.consoleReferralAgentsEn) },
  () => import('./referral-agents-messages-ar').then((module) => module.consoleReferralAgentsAr),
);

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
