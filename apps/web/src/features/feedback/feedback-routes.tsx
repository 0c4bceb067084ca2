import { IconMessageCircle } from '@tabler/icons-react';
import { page, type AreaRoutes } from '../../lib/area-routes';
import { feedbackMessages } from './feedback-messages';

/** Feedback (spec §2: feedback): the form and "My feedback", and one conversation. Every role ('portal.use'). */
export const areaRoutes: AreaRoutes = {
  messages: feedbackMessages,
  signedIn: [
    { path: 'feedback', handle: { title: 'title', permission: 'portal.use' }, lazy: page(() => import('./routes/feedback-page'), 'FeedbackPage') },
    { path: 'feedback/:id', handle: { title: 'threadTitle', permission: 'portal.use' }, lazy: page(() => import('./routes/feedback-thread-page'), 'FeedbackThreadPage') },
  ],
  navigation: [{ group: 'Account', label: 'title', to: '/feedback', icon: IconMessageCircle, permission: 'portal.use', order: 90 }],
};
