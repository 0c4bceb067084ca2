import type { FastifyInstance } from 'fastify';
import { defineModule } from '../../kit/portal-module.ts';
import { mergeTranslations, OPERATOR_MANAGEMENT_TRANSLATIONS } from './management-messages.ts';
import { operatorManagementRoutes } from './management-routes.ts';
import { OPERATOR_TRANSLATIONS } from './messages.ts';
import { operatorRoutes } from './routes.ts';

/**
 * The operators of the console: their sign-in with mandatory two-factor, their session, their account; and the
 * Operators page that admins manage them with (management-routes.ts). (The demo operators are seeded with the demo
 * accounts, db/seeds/demo-seed.ts, which prints them.)
 */
export default defineModule({
  name: 'operators',
  register: async (app: FastifyInstance) => {
    await operatorRoutes(app);
    await operatorManagementRoutes(app);
  },
  messages: mergeTranslations(OPERATOR_TRANSLATIONS, OPERATOR_MANAGEMENT_TRANSLATIONS),
});
