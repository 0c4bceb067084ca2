import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { preferencesSchema, updatePreferencesRequestSchema } from '@portal/contracts/preferences';
import { partnerRoute } from '../../kit/partner-routes.ts';
import { UnauthenticatedError } from '../../lib/errors.ts';
import { currentUser } from '../../plugins/auth-guard.ts';
import { updatePreferences } from './repository.ts';

/**
 * PATCH /api/user/preferences {locale?, theme?} → the saved {locale, theme}. GET /api/user (and every sign-in
 * answer) carries them too, so the SPA applies them on any device. The language is also the one the server writes
 * in for this person from then on: 422 messages, e-mails, notifications, PDF and workbook exports (lib/locale.ts).
 */
export async function preferencesRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().patch(
    '/api/user/preferences',
    {
      ...partnerRoute(app, {
        permission: 'portal.use',
        tags: ['preferences'],
        summary: "Save the signed-in person's language and colour scheme",
        body: updatePreferencesRequestSchema,
        response: { 200: preferencesSchema },
      }),
      // A partner who must still change their password sees the language switcher on that page too.
      preHandler: app.requireUserAllowingPasswordUpdate,
    },
    async (request) => {
      const saved = await updatePreferences(app.database.pool, currentUser(request).id, request.body);
      if (!saved) throw new UnauthenticatedError();
      return saved;
    },
  );
}
