import { IconAlertTriangle } from '@tabler/icons-react';
import { exceptionsPermission } from '@portal/contracts/console-exceptions';
import { page } from '../../lib/area-routes';
import type { ConsoleArea } from '../console-areas';
import { exceptionsMessages } from './exceptions-messages';

/** The console's path of the exceptions page (the Overview links to it). */
export const EXCEPTIONS_PATH = '/exceptions';

/** Finance's exceptions (docs/console-exceptions.md): read by exceptions.read (finance and admins). */
export const consoleArea: ConsoleArea = {
  messages: exceptionsMessages,
  routes: [{ path: 'exceptions', title: 'title', permission: exceptionsPermission, lazy: page(() => import('./exceptions-page'), 'ExceptionsPage') }],
  navigation: [{ label: 'title', to: EXCEPTIONS_PATH, icon: IconAlertTriangle, permission: exceptionsPermission, order: 53 }],
};
