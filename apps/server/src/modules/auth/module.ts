import { defineModule } from '../../kit/portal-module.ts';
import { authRoutes } from './routes.ts';

export default defineModule({ name: 'auth', register: authRoutes });
