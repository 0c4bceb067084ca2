import { defineModule } from '../../kit/portal-module.ts';
import { OPERATOR_TRANSLATIONS } from './messages.ts';
import { operatorRoutes } from './routes.ts';

/**
 * The operators of the console: their sign-in with mandatory two-factor, their session, their account. (The demo
 * operators are seeded with the demo accounts, db/seeds/demo-seed.ts, which prints them.)
 */
export default defineModule({ name: 'operators', register: operatorRoutes, messages: OPERATOR_TRANSLATIONS });
