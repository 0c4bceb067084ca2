import { defineModule } from '../../kit/portal-module.ts';
import { PARTNER_ACCOUNT_TRANSLATIONS } from './messages.ts';
import { partnerAccountRoutes } from './routes.ts';

/** The console's Partners page: search, the detail view, suspend or reactivate, end sessions, resend the link (issue 14). */
export default defineModule({ name: 'partner-accounts', register: partnerAccountRoutes, messages: PARTNER_ACCOUNT_TRANSLATIONS });
