import { IconMessageCircle } from '@tabler/icons-react';
import { page, type AreaRoutes } from '../../lib/area-routes';
import { defineMessages } from '../../i18n/i18n';

/** The area's texts: its sidebar labels and page titles in the bundle, the rest loaded with its pages (i18n.ts, `LazyEnglish`). */
const feedbackMessages = defineMessages(
  'feedback',
  { frame: { threadTitle: 'Feedback conversation', title: 'Feedback' }, load: () => import('./feedback-messages').then((module) => module.feedbackEn) },
  () => import('./feedback-messages-ar').then((module) => module.feedbackAr),
);

/** Feedback (spec §2: feedback): the form and "My feedback", and one conversation. Every role ('portal.use'). */
export const areaRoutes: AreaRoutes = {
  messages: feedbackMessages,
  signedIn: [
    { path: 'feedback', handle: { title: 'title', permission: 'portal.use' }, lazy: page(() => import('./routes/feedback-page'), 'FeedbackPage') },
    { path: 'feedback/:id', handle: { title: 'threadTitle', permission: 'portal.use' }, lazy: page(() => import('./routes/feedback-thread-page'), 'FeedbackThreadPage') },
  ],
  navigation: [{ group: 'Account', label: 'title', to: '/feedback', icon: IconMessageCircle, permission: 'portal.use', order: 90 }],
};
