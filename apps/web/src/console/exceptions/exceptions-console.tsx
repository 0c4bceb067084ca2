import { IconAlertTriangle } from '@tabler/icons-react';
import { exceptionsPermission } from '@portal/contracts/console-exceptions';
import { page } from '../../lib/area-routes';
import type { ConsoleArea } from '../console-areas';
import { defineMessages } from '../../i18n/i18n';

/** The console's path of the exceptions page (the Overview links to it). */
export const EXCEPTIONS_PATH = '/exceptions';

/** The area's texts: its sidebar labels and page titles in the bundle, the rest loaded with its pages (i18n.ts, `LazyEnglish`). */
const exceptionsMessages = defineMessages(
  'console-exceptions',
  { frame: { title: 'Exceptions' }, load: () => import('./exceptions-messages').then((module) => module.exceptionsEn) },
  () => import('./exceptions-messages-ar').then((module) => module.exceptionsAr),
);

/** Finance's exceptions (docs/console-exceptions.md): read by exceptions.read (finance and admins). */
export const consoleArea: ConsoleArea = {
  messages: exceptionsMessages,
  routes: [{ path: 'exceptions', title: 'title', permission: exceptionsPermission, lazy: page(() => import('./exceptions-page'), 'ExceptionsPage') }],
  navigation: [{ label: 'title', to: EXCEPTIONS_PATH, icon: IconAlertTriangle, permission: exceptionsPermission, order: 53 }],
};
