import { defineModule } from '../../kit/portal-module.ts';
import { healthRoutes } from './routes.ts';

export default defineModule({ name: 'health', register: healthRoutes });
