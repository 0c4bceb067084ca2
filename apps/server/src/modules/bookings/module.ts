import { defineModule } from '../../kit/portal-module.ts';
import { seedDemoBookings } from '../../db/seeds/demo-bookings.ts';
import { bookingsRoutes } from './routes.ts';

export default defineModule({
  name: 'bookings',
  register: bookingsRoutes,
  async seedDemo(pool) {
    await seedDemoBookings(pool);
  },
});
