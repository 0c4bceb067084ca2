import { defineModule } from '../../kit/portal-module.ts';
import { AUTH_TRANSLATIONS } from './messages.ts';
import { authRoutes } from './routes.ts';

export default defineModule({ name: 'auth', register: authRoutes, messages: AUTH_TRANSLATIONS });
