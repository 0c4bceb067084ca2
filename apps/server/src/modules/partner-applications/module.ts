import { defineModule } from '../../kit/portal-module.ts';
import { PARTNER_APPLICATION_TRANSLATIONS } from './messages.ts';
import { partnerApplicationRoutes } from './routes.ts';

/** The console's Partner applications page: the pending queue, approve or reject with a reason (issue 14). */
export default defineModule({
  name: 'partner-applications',
  // It tells the approved partner through app.notifications.
  after: ['notifications'],
  register: partnerApplicationRoutes,
  messages: PARTNER_APPLICATION_TRANSLATIONS,
});
