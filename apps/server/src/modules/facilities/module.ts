import { defineModule } from '../../kit/portal-module.ts';
import { facilityConsoleRoutes } from './console-routes.ts';
import { FACILITY_TRANSLATIONS } from './messages.ts';
import { facilitiesRoutes } from './routes.ts';

/**
 * Facilities: the partner portal's Facility filter (routes.ts) and the console's Facilities pages, the facilities
 * and locations bookings refer to (console-routes.ts, issue 14).
 */
export default defineModule({
  name: 'facilities',
  register: async (app) => {
    await facilitiesRoutes(app);
    await facilityConsoleRoutes(app);
  },
  messages: FACILITY_TRANSLATIONS,
});
