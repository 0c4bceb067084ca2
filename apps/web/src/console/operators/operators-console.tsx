import { IconUserShield } from '@tabler/icons-react';
import { OPERATOR_INVITATION_PATH } from '@portal/contracts/console-operators';
import { page } from '../../lib/area-routes';
import type { ConsoleArea } from '../console-areas';
import { defineMessages } from '../../i18n/i18n';

/** The area's texts: its sidebar labels and page titles in the bundle, the rest loaded with its pages (i18n.ts, `LazyEnglish`). */
const operatorsMessages = defineMessages(
  'console-operators',
  { frame: { invitation: { title: 'Join the operations console' }, title: 'Operators' }, load: () => import('./operators-messages').then((module) => module.operatorsEn) },
  () => import('./operators-messages-ar').then((module) => module.operatorsAr),
);

/** Operators (operators.manage: admin only): the accounts and their actions; and the invitation link's page, public. */
export const consoleArea: ConsoleArea = {
  messages: operatorsMessages,
  routes: [{ path: 'operators', title: 'title', permission: 'operators.manage', lazy: page(() => import('./operators-page'), 'OperatorsPage') }],
  publicRoutes: [{ path: OPERATOR_INVITATION_PATH.slice(1), title: 'invitation.title', lazy: page(() => import('./invitation-page'), 'InvitationPage') }],
  navigation: [{ label: 'title', to: '/operators', icon: IconUserShield, permission: 'operators.manage', order: 85 }],
};
