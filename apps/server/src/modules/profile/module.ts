import { defineModule } from '../../kit/portal-module.ts';
import { PROFILE_TRANSLATIONS } from './messages.ts';
import { profileRoutes } from './routes.ts';

/**
 * The signed-in person's profile (issue 17, `/profile`): name, avatar and time zone, the e-mail address change with a
 * confirmation link, and the notification preferences (honoured by modules/notifications). docs/profile.md.
 */
export default defineModule({ name: 'profile', register: profileRoutes, messages: PROFILE_TRANSLATIONS });
