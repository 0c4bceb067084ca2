import { IconStack2 } from '@tabler/icons-react';
import { page } from '../../lib/area-routes';
import type { ConsoleArea } from '../console-areas';
import { jobsMessages } from './jobs-messages';

/** Background jobs: queues, the failed list with retry, schedules (jobs.manage: admin). */
export const consoleArea: ConsoleArea = {
  messages: jobsMessages,
  routes: [{ path: 'jobs', title: 'title', permission: 'jobs.manage', lazy: page(() => import('./jobs-page'), 'JobsPage') }],
  navigation: [{ label: 'title', to: '/jobs', icon: IconStack2, permission: 'jobs.manage', order: 95 }],
};
