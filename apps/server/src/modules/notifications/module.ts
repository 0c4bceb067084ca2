import { defineModule } from '../../kit/portal-module.ts';
import { NOTIFICATION_TRANSLATIONS } from './messages.ts';
import { notificationsRoutes } from './routes.ts';

/** Decorates `app.notifications`, which other areas call from their handlers and services. */
export default defineModule({ name: 'notifications', register: notificationsRoutes, messages: NOTIFICATION_TRANSLATIONS });
