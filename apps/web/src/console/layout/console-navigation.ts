import { IconLayoutDashboard } from '@tabler/icons-react';
import { operatorCan, type OperatorRole } from '@portal/contracts/operator-permissions';
import { CONSOLE_AREAS, type ConsoleArea, type ConsoleAreaNavigationEntry } from '../console-areas';
import { CONSOLE_PATHS } from '../console-paths';

/** A sidebar entry with the namespace of its area's catalogue, where its label is a key. */
export interface ConsoleNavigationEntry extends ConsoleAreaNavigationEntry {
  namespace: string;
}

/** Overview, then every area's entries in their `order` (console/<area>/<area>-console.tsx declares them). */
export function consoleNavigation(areas: readonly ConsoleArea[] = CONSOLE_AREAS): ConsoleNavigationEntry[] {
  const overview: ConsoleNavigationEntry = {
    label: 'home.title',
    namespace: 'console',
    to: CONSOLE_PATHS.home,
    icon: IconLayoutDashboard,
    permission: 'console.use',
    order: 0,
  };
  const declared = areas.flatMap((area) => (area.navigation ?? []).map((entry) => ({ ...entry, namespace: area.messages.namespace })));
  return [overview, ...declared.sort((a, b) => a.order - b.order)];
}

export const CONSOLE_NAVIGATION: readonly ConsoleNavigationEntry[] = consoleNavigation();

/** The entries a role may open. */
export function navigationFor(role: OperatorRole, entries: readonly ConsoleNavigationEntry[] = CONSOLE_NAVIGATION): ConsoleNavigationEntry[] {
  return entries.filter((entry) => operatorCan(role, entry.permission));
}
