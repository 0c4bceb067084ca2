import { defineModule } from '../../kit/portal-module.ts';
import { preferencesRoutes } from './routes.ts';

/** The signed-in person's display preferences (language, colour scheme), saved with the account. */
export default defineModule({ name: 'preferences', register: preferencesRoutes });
