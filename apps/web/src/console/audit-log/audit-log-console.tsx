import { IconListSearch } from '@tabler/icons-react';
import { page } from '../../lib/area-routes';
import type { ConsoleArea } from '../console-areas';
import { auditLogMessages } from './audit-log-messages';

export const AUDIT_LOG_PATH = '/audit-log';

/** The audit log viewer (audit.read: admin and finance). */
export const consoleArea: ConsoleArea = {
  messages: auditLogMessages,
  routes: [{ path: 'audit-log', title: 'title', permission: 'audit.read', lazy: page(() => import('./audit-log-page'), 'AuditLogPage') }],
  navigation: [{ label: 'title', to: AUDIT_LOG_PATH, icon: IconListSearch, permission: 'audit.read', order: 90 }],
};
