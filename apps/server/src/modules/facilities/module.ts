import { defineModule } from '../../kit/portal-module.ts';
import { facilitiesRoutes } from './routes.ts';

export default defineModule({ name: 'facilities', register: facilitiesRoutes });
