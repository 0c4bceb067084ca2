import { defineModule } from '../../kit/portal-module.ts';
import { seedDemoAuditLog } from './demo-seed.ts';
import { auditLogRoutes } from './routes.ts';

/** The console's audit log viewer (issue 14): every audit row, filtered and paged, for audit.read. */
export default defineModule({ name: 'audit-log', register: auditLogRoutes, seedDemo: seedDemoAuditLog });
