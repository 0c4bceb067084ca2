import { defineModule } from '../../kit/portal-module.ts';
import { broadcastingRoutes } from './routes.ts';

export default defineModule({ name: 'broadcasting', register: broadcastingRoutes });
