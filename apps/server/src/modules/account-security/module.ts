import { defineModule } from '../../kit/portal-module.ts';
import { ACCOUNT_SECURITY_TRANSLATIONS } from './messages.ts';
import { accountSecurityRoutes } from './routes.ts';

/** The profile's Security tab (issue 17): two-factor, re-authentication, sessions and security activity. */
export default defineModule({ name: 'account-security', register: accountSecurityRoutes, messages: ACCOUNT_SECURITY_TRANSLATIONS });
