import { defineModule } from '../../kit/portal-module.ts';
import { REFERRAL_AGENT_TRANSLATIONS } from './messages.ts';
import { referralAgentRoutes } from './routes.ts';

/**
 * The console's Referral agents and Referral groups pages (issue 14): create and edit both, upload an agent's logo;
 * and the partners' route that serves their agent's uploaded logo.
 */
export default defineModule({ name: 'referral-agents', register: referralAgentRoutes, messages: REFERRAL_AGENT_TRANSLATIONS });
