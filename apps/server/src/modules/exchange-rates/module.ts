import { defineModule } from '../../kit/portal-module.ts';
import { exchangeRatesConsoleRoutes } from './console-routes.ts';

/**
 * The operators' exchange rates (docs/exchange-rates.md): kept in the console, read by whatever makes an approximate
 * total across currencies (the tiers' value criterion today). The demo's rates are seeded with the tiers.
 */
export default defineModule({
  name: 'exchange-rates',
  register: async (app) => {
    await app.register(exchangeRatesConsoleRoutes);
  },
});
