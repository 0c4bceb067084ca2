import { defineModule } from '../../kit/portal-module.ts';
import { sessionRoutes } from './routes.ts';

export default defineModule({ name: 'session', register: sessionRoutes });
