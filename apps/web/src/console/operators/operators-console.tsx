import { IconUserShield } from '@tabler/icons-react';
import { OPERATOR_INVITATION_PATH } from '@portal/contracts/console-operators';
import { page } from '../../lib/area-routes';
import type { ConsoleArea } from '../console-areas';
import { operatorsMessages } from './operators-messages';

/** Operators (operators.manage: admin only): the accounts and their actions; and the invitation link's page, public. */
export const consoleArea: ConsoleArea = {
  messages: operatorsMessages,
  routes: [{ path: 'operators', title: 'title', permission: 'operators.manage', lazy: page(() => import('./operators-page'), 'OperatorsPage') }],
  publicRoutes: [{ path: OPERATOR_INVITATION_PATH.slice(1), title: 'invitation.title', lazy: page(() => import('./invitation-page'), 'InvitationPage') }],
  navigation: [{ label: 'title', to: '/operators', icon: IconUserShield, permission: 'operators.manage', order: 85 }],
};
