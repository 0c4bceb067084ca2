import { IconUserCheck } from '@tabler/icons-react';
import { page } from '../../lib/area-routes';
import type { ConsoleArea } from '../console-areas';
import { consoleMessages } from '../console-messages';
import { CONSOLE_PATHS } from '../console-paths';

/** Partner applications: the queue, approve or reject (applications.review: admin, support). */
export const consoleArea: ConsoleArea = {
  messages: consoleMessages,
  routes: [
    {
      path: 'partner-applications',
      title: 'applications.title',
      permission: 'applications.review',
      lazy: page(() => import('./applications-page'), 'ApplicationsPage'),
    },
  ],
  navigation: [{ label: 'applications.title', to: CONSOLE_PATHS.applications, icon: IconUserCheck, permission: 'applications.review', order: 10 }],
};
