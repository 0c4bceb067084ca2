import { IconListSearch } from '@tabler/icons-react';
import { page } from '../../lib/area-routes';
import type { ConsoleArea } from '../console-areas';
import { defineMessages } from '../../i18n/i18n';

export const AUDIT_LOG_PATH = '/audit-log';

/** The area's texts: its sidebar labels and page titles in the bundle, the rest loaded with its pages (i18n.ts, `LazyEnglish`). */
const auditLogMessages = defineMessages(
  'console-audit-log',
  { frame: { title: 'Audit log' }, load: () => import('./audit-log-messages').then((module) => module.auditLogEn) },
  () => import('./audit-log-messages-ar').then((module) => module.auditLogAr),
);

/** The audit log viewer (audit.read: admin and finance). */
export const consoleArea: ConsoleArea = {
  messages: auditLogMessages,
  routes: [{ path: 'audit-log', title: 'title', permission: 'audit.read', lazy: page(() => import('./audit-log-page'), 'AuditLogPage') }],
  navigation: [{ label: 'title', to: AUDIT_LOG_PATH, icon: IconListSearch, permission: 'audit.read', order: 90 }],
};
