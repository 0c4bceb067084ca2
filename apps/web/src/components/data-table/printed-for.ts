import { createContext } from 'react';

/**
 * Whom a printout names as printed for ('Amelia Hart, Harbor Health Partners'; in the console, the operator): given by
 * each app's frame (app/layout/app-layout.tsx from the partner's session, console/layout/console-layout.tsx from the
 * operator's), so the shared table never reads a session itself. Null: the printout names nobody.
 */
export const PrintedForContext = createContext<string | null>(null);
