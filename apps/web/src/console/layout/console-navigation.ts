import { IconLayoutDashboard, IconUserCheck, IconUsers } from '@tabler/icons-react';
import { operatorCan, type OperatorPermission, type OperatorRole } from '@portal/contracts/operator-permissions';
import type { TextKey } from '../../i18n/catalogue-types';
import type { consoleEn } from '../console-messages';
import { CONSOLE_PATHS } from '../console-paths';

export interface ConsoleNavigationEntry {
  /** A key of the console's catalogue. */
  label: TextKey<typeof consoleEn>;
  to: string;
  icon: typeof IconLayoutDashboard;
  /** The permission of the role map the page needs: the entry shows only to roles that hold it. */
  permission: OperatorPermission;
}

/** The console's pages, in the sidebar's order. A page added here names the permission its endpoints declare. */
export const CONSOLE_NAVIGATION: readonly ConsoleNavigationEntry[] = [
  { label: 'home.title', to: CONSOLE_PATHS.home, icon: IconLayoutDashboard, permission: 'console.use' },
  { label: 'applications.title', to: CONSOLE_PATHS.applications, icon: IconUserCheck, permission: 'applications.review' },
  { label: 'partners.title', to: CONSOLE_PATHS.partners, icon: IconUsers, permission: 'partners.read' },
];

/** The entries a role may open. */
export function navigationFor(role: OperatorRole, entries: readonly ConsoleNavigationEntry[] = CONSOLE_NAVIGATION): ConsoleNavigationEntry[] {
  return entries.filter((entry) => operatorCan(role, entry.permission));
}
