import { z } from 'zod';
import type { OperatorPermission } from './operator-permissions.ts';

/**
 * The console's Overview (issue 34, docs/console-exceptions.md "Overview"): how much work is waiting, each count for
 * the operators whose role may open its list. One endpoint; the server counts only what the role may see.
 */

/**
 * - `applications`: partner applications waiting for a decision
 * - `feedback`: feedback threads nobody has answered or taken up yet (status new)
 * - `failed_jobs`: background jobs that failed for good (the dead letters)
 * - `payouts_due`: draft payouts, built by the run and waiting to be sent
 * - `exceptions`: finance's open exceptions, every kind
 */
export const OVERVIEW_ITEMS = ['applications', 'feedback', 'failed_jobs', 'payouts_due', 'exceptions'] as const;
export type OverviewItem = (typeof OVERVIEW_ITEMS)[number];

/** What a role must hold to see each count: the permission of the list the count links to. */
export const OVERVIEW_PERMISSIONS = {
  applications: 'applications.review',
  feedback: 'feedback.manage',
  failed_jobs: 'jobs.manage',
  payouts_due: 'earnings.read',
  exceptions: 'exceptions.read',
} as const satisfies Record<OverviewItem, OperatorPermission>;

/** GET /api/console/overview (console.use): the counts the operator's role may see, in OVERVIEW_ITEMS order. */
export const CONSOLE_OVERVIEW_URL = '/api/console/overview';
export const consoleOverviewSchema = z.object({
  waiting: z.array(z.object({ item: z.enum(OVERVIEW_ITEMS), count: z.number().int().nonnegative() })),
});
export type ConsoleOverview = z.infer<typeof consoleOverviewSchema>;
