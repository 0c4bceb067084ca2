import { defineModule } from '../../kit/portal-module.ts';
import { bookingsRoutes } from './routes.ts';

export default defineModule({ name: 'bookings', register: bookingsRoutes });
