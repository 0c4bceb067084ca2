import { defineModule } from '../../kit/portal-module.ts';
import { addNetworkPageHeads } from './page-heads.ts';
import { networkRoutes } from './routes.ts';

/**
 * The facility network (issue 36): the public network of each product, facility profiles, health packages and the
 * refund policy. Built on the facilities module's tables; the commission previews ask the rate card
 * (app.commissionRates, registered first). docs/network.md.
 */
export default defineModule({
  name: 'network',
  after: ['commission-rates', 'facilities', 'bookings'],
  async register(app) {
    await networkRoutes(app);
    addNetworkPageHeads(app);
  },
});
