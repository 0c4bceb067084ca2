import { IconMessages } from '@tabler/icons-react';
import { page } from '../../lib/area-routes';
import type { ConsoleArea } from '../console-areas';
import { consoleFeedbackMessages } from './feedback-messages';
import { FEEDBACK_CONSOLE_PATH } from './feedback-paths';

/** The support inbox: partners' feedback, a thread with its internal notes, replies, status and assignee (feedback.manage). */
export const consoleArea: ConsoleArea = {
  messages: consoleFeedbackMessages,
  routes: [
    { path: 'feedback', title: 'title', permission: 'feedback.manage', lazy: page(() => import('./inbox-page'), 'FeedbackInboxPage') },
    { path: 'feedback/:id', title: 'threadTitle', permission: 'feedback.manage', lazy: page(() => import('./thread-page'), 'FeedbackThreadPage') },
  ],
  navigation: [{ label: 'title', to: FEEDBACK_CONSOLE_PATH, icon: IconMessages, permission: 'feedback.manage', order: 65 }],
};
