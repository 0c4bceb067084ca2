import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageSchema } from '@portal/contracts/errors';
import {
  notificationChangeResultSchema,
  notificationIdParamsSchema,
  notificationListEndpoint,
  unreadCountSchema,
} from '@portal/contracts/notifications';
import { currentUser } from '../../plugins/auth-guard.ts';
import { listRoute, partnerRoute } from '../../kit/partner-routes.ts';
import { localeFromAcceptLanguage } from '../../lib/locale.ts';
import { socketIdOf } from '../broadcasting/public.ts';
import { createNotificationService, type NotificationService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The notification centre. Other areas create notifications with one call:
     *   await app.notifications.notify(userId | userIds | { referralAgentId }, { type, notice, values, link, data });
     * with a notice the area defines once in every language (notices.ts, docs/recipe-new-area.md "Notifications").
     */
    notifications: NotificationService;
  }
}

/**
 * The notifications module: decorates `app.notifications` (hence fastify-plugin, so every later module sees
 * it) and serves the signed-in user's notifications. Register after the realtime plugin.
 *   GET    /api/notifications?page&per_page&filter=unread   paginator shape
 *   GET    /api/notifications/unread-count                  {count}
 *   POST   /api/notifications/{id}/read                     {unread_count}
 *   POST   /api/notifications/read-all                      {unread_count}
 *   DELETE /api/notifications/{id}                          {unread_count}
 * Another user's notification id answers 404, like one that does not exist.
 */
export const notificationsRoutes = fp(
  async (app: FastifyInstance) => {
    const service = createNotificationService({
      db: app.database.pool,
      broadcaster: app.broadcaster,
      mail: { mailer: app.mailer, appUrl: app.config.appUrl },
    });
    app.decorate('notifications', service);

    const routes = app.withTypeProvider<ZodTypeProvider>();

    listRoute(app, {
      permission: 'portal.use',
      endpoint: notificationListEndpoint,
      tags: ['notifications'],
      summary: "The signed-in user's notifications, newest first",
      // Worded in the language the reader's page is in (the SPA sends it), which a language switch changes at once.
      list: (user, query, request) => service.list(user.id, query, localeFromAcceptLanguage(request.headers['accept-language']) ?? request.locale),
    });

    routes.get(
      '/api/notifications/unread-count',
      partnerRoute(app, { permission: 'portal.use', tags: ['notifications'], summary: 'How many notifications are unread', response: { 200: unreadCountSchema } }),
      async (request) => ({ count: await service.unreadCount(currentUser(request).id) }),
    );

    routes.post(
      '/api/notifications/read-all',
      partnerRoute(app, { permission: 'portal.use', tags: ['notifications'], summary: 'Mark every notification read', response: { 200: notificationChangeResultSchema } }),
      async (request) => ({
        unread_count: await service.markAllRead(currentUser(request).id, { socketId: socketIdOf(request) }),
      }),
    );

    routes.post(
      '/api/notifications/:id/read',
      partnerRoute(app, {
        permission: 'portal.use',
        tags: ['notifications'],
        summary: 'Mark one notification read',
        params: notificationIdParamsSchema,
        response: { 200: notificationChangeResultSchema, 404: messageSchema },
      }),
      async (request) => ({
        unread_count: await service.markRead(currentUser(request).id, request.params.id, { socketId: socketIdOf(request) }),
      }),
    );

    routes.delete(
      '/api/notifications/:id',
      partnerRoute(app, {
        permission: 'portal.use',
        tags: ['notifications'],
        summary: 'Delete one notification',
        params: notificationIdParamsSchema,
        response: { 200: notificationChangeResultSchema, 404: messageSchema },
      }),
      async (request) => ({
        unread_count: await service.remove(currentUser(request).id, request.params.id, { socketId: socketIdOf(request) }),
      }),
    );
  },
  { name: 'notifications', dependencies: ['realtime', 'auth-guard'] },
);
