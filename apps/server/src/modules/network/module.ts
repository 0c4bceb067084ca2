import { defineModule } from '../../kit/portal-module.ts';
import { seedDemoNetwork } from './demo-seed.ts';
import { addNetworkPageHeads } from './page-heads.ts';
import { NETWORK_PHOTO_KIND, NETWORK_PHOTO_MAX_BYTES, NETWORK_PHOTO_TYPES } from './photos.ts';
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
    app.storage.defineKind({ name: NETWORK_PHOTO_KIND, maxBytes: NETWORK_PHOTO_MAX_BYTES, types: NETWORK_PHOTO_TYPES });
    await networkRoutes(app);
    addNetworkPageHeads(app);
  },
  seedDemo: seedDemoNetwork,
});
