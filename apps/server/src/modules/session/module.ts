import { defineModule } from '../../kit/portal-module.ts';
import { csrfCookieRoutes } from './routes.ts';

export default defineModule({ name: 'session', register: csrfCookieRoutes });
