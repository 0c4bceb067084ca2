import { IconMessages } from '@tabler/icons-react';
import { page } from '../../lib/area-routes';
import type { ConsoleArea } from '../console-areas';
import { FEEDBACK_CONSOLE_PATH } from './feedback-paths';
import { defineMessages } from '../../i18n/i18n';

/** The area's texts: its sidebar labels and page titles in the bundle, the rest loaded with its pages (i18n.ts, `LazyEnglish`). */
const consoleFeedbackMessages = defineMessages(
  'console-feedback',
  { frame: { threadTitle: 'Feedback thread', title: 'Support inbox' }, load: () => import('./feedback-messages').then((module) => module.consoleFeedbackEn) },
  () => import('./feedback-messages-ar').then((module) => module.consoleFeedbackAr),
);

/** The support inbox: partners' feedback, a thread with its internal notes, replies, status and assignee (feedback.manage). */
export const consoleArea: ConsoleArea = {
  messages: consoleFeedbackMessages,
  routes: [
    { path: 'feedback', title: 'title', permission: 'feedback.manage', lazy: page(() => import('./inbox-page'), 'FeedbackInboxPage') },
    { path: 'feedback/:id', title: 'threadTitle', permission: 'feedback.manage', lazy: page(() => import('./thread-page'), 'FeedbackThreadPage') },
  ],
  navigation: [{ label: 'title', to: FEEDBACK_CONSOLE_PATH, icon: IconMessages, permission: 'feedback.manage', order: 65 }],
};
