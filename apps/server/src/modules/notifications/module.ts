import fp from 'fastify-plugin';
import type { MessageTranslations } from '@portal/contracts/message-translations';
import { defineModule } from '../../kit/portal-module.ts';
import { consoleNotificationRoutes } from './console-routes.ts';
import { CONSOLE_NOTIFICATION_TRANSLATIONS } from './console-messages.ts';
import { seedDemoBroadcasts } from './demo-seed.ts';
import { NOTIFICATION_TRANSLATIONS } from './messages.ts';
import { notificationsRoutes } from './routes.ts';

function merged(...sets: MessageTranslations[]): MessageTranslations {
  return {
    messages: { ar: Object.assign({}, ...sets.map((set) => set.messages.ar)) },
    terms: { ar: Object.assign({}, ...sets.map((set) => set.terms.ar)) },
  };
}

/**
 * Decorates `app.notifications`, which other areas call from their handlers and services (routes.ts, the partner's
 * notification centre), and serves the console's Notifications page (console-routes.ts). fastify-plugin, so the
 * decoration reaches every later module.
 */
export default defineModule({
  name: 'notifications',
  register: fp(
    async (app) => {
      await app.register(notificationsRoutes);
      await app.register(consoleNotificationRoutes);
    },
    { name: 'notifications-module' },
  ),
  messages: merged(NOTIFICATION_TRANSLATIONS, CONSOLE_NOTIFICATION_TRANSLATIONS),
  seedDemo: seedDemoBroadcasts,
});
