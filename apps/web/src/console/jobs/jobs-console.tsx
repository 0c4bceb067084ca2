import { IconStack2 } from '@tabler/icons-react';
import { page } from '../../lib/area-routes';
import type { ConsoleArea } from '../console-areas';
import { defineMessages } from '../../i18n/i18n';

/** The area's texts: its sidebar labels and page titles in the bundle, the rest loaded with its pages (i18n.ts, `LazyEnglish`). */
const jobsMessages = defineMessages(
  'console-jobs',
  { frame: { title: 'Background jobs' }, load: () => import('./jobs-messages').then((module) => module.jobsEn) },
  () => import('./jobs-messages-ar').then((module) => module.jobsAr),
);

/** Background jobs: queues, the failed list with retry, schedules (jobs.manage: admin). */
export const consoleArea: ConsoleArea = {
  messages: jobsMessages,
  routes: [{ path: 'jobs', title: 'title', permission: 'jobs.manage', lazy: page(() => import('./jobs-page'), 'JobsPage') }],
  navigation: [{ label: 'title', to: '/jobs', icon: IconStack2, permission: 'jobs.manage', order: 95 }],
};
