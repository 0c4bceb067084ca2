import { defineModule } from '../../kit/portal-module.ts';
import { JOB_TRANSLATIONS } from './messages.ts';
import { jobRoutes } from './routes.ts';

/** The console's Background jobs page (issue 14): queues by state, the failed list with retry, the schedules. */
export default defineModule({ name: 'jobs', register: jobRoutes, messages: JOB_TRANSLATIONS });
