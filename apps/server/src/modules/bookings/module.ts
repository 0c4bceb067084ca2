import fp from 'fastify-plugin';
import type { MessageTranslations } from '@portal/contracts/message-translations';
import { defineModule } from '../../kit/portal-module.ts';
import { seedDemoBookings } from '../../db/seeds/demo-bookings.ts';
import { BOOKING_CONSOLE_TRANSLATIONS } from './console-messages.ts';
import { consoleBookingRoutes } from './console-routes.ts';
import { BOOKING_TRANSLATIONS } from './messages.ts';
import { bookingsRoutes } from './routes.ts';
import { registerBookingsDashboard } from './dashboard-card.ts';
import { changeBookingStatus, publishBookingEvents } from './operations-service.ts';
import type { BookingLifecycle, BookingWriteListener } from './public.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs other modules' listeners in a booking write's transaction (public.ts). */
    bookingLifecycle: BookingLifecycle;
  }
}

/** Both catalogues, the partner list's and the console's, as one. */
function merged(...catalogues: MessageTranslations[]): MessageTranslations {
  const pick = (part: 'messages' | 'terms') =>
    Object.fromEntries(
      Object.keys(catalogues[0]![part]).map((locale) => [locale, Object.assign({}, ...catalogues.map((catalogue) => catalogue[part][locale as 'ar']))]),
    ) as MessageTranslations['messages'];
  return { messages: pick('messages'), terms: pick('terms') };
}

export default defineModule({
  name: 'bookings',
  // The console's writes tell partners through app.notifications; its card is on the dashboard.
  after: ['notifications', 'dashboard'],
  // fastify-plugin: app.bookingLifecycle is seen by the modules registered after this one (the earnings ledger).
  register: fp(async (app) => {
    const listeners: BookingWriteListener[] = [];
    app.decorate('bookingLifecycle', {
      onWrite: (listener) => void listeners.push(listener),
      async markRefunded(client, actor, bookingId, reason) {
        const { events } = await changeBookingStatus(client, actor, { id: bookingId }, { to: 'refunded', expected: 'completed', reason, byRefund: true });
        return async () => {
          try {
            await publishBookingEvents(app.notifications, events);
          } catch (error) {
            app.log.error({ err: error, events }, 'a booking notification could not be stored');
          }
        };
      },
    } satisfies BookingLifecycle);
    await bookingsRoutes(app);
    await consoleBookingRoutes(app, listeners);
    registerBookingsDashboard(app);
  }),
  messages: merged(BOOKING_TRANSLATIONS, BOOKING_CONSOLE_TRANSLATIONS),
  async seedDemo(pool) {
    await seedDemoBookings(pool);
  },
});
