/**
 * Who may do what in the operations console (issue 14): one typed map of role → permissions, plus the permissions
 * that console areas declare in their own contract (`defineOperatorPermission`, issue 32), so that a new area edits
 * nothing here. The server checks it on
 * every console endpoint (apps/server/src/kit/operator-routes.ts: each declares the permission it needs), and the
 * console's UI reads the same map to hide what a role cannot do. A role's permissions are written out in full, not
 * inherited: reading one line tells what that role can do.
 */

export const OPERATOR_ROLES = ['admin', 'finance', 'content', 'support'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/**
 * Each permission names a resource and what may be done with it. Permissions of pages not built yet are declared
 * already, so that the area that builds one finds its gate here rather than inventing its own.
 */
export const OPERATOR_PERMISSIONS = [
  /** sign in, see one's own account, sign out: every operator */
  'console.use',
  /** the queue of partner applications: list, approve, reject */
  'applications.review',
  /** partners: search and the detail view */
  'partners.read',
  /** partners: suspend or reactivate, end their sessions, resend the one-time sign-in link */
  'partners.manage',
  /** referral agents and referral groups, logos included */
  'referral_agents.manage',
  /** facilities and their locations */
  'facilities.manage',
  /** bookings: read */
  'bookings.read',
  /** bookings: create, status, assignee */
  'bookings.manage',
  /** bookings: invoice status and amount (money) */
  'bookings.finance',
  /** notifications to a partner, an agent's partners or all partners */
  'notifications.send',
  /** operator accounts */
  'operators.manage',
  /** the audit log viewer */
  'audit.read',
  /** background jobs: queues, failures, retry */
  'jobs.manage',
  /** the support inbox: partners' feedback threads, replies, internal notes, status and assignee */
  'feedback.manage',
  /** programme terms: the rate card, tiers, agreements, individual contracts and who signed what (read) */
  'terms.read',
  /** programme terms: edit the rate card (and import it), tiers and agents' tiers, publish agreements, contracts */
  'terms.manage',
  /** the commission ledger: every agent's lines and payouts (read) */
  'earnings.read',
  /** the commission ledger: record a refund (reversal or clawback), run and settle payouts, verify payment details */
  'earnings.manage',
  /** four eyes: the amounts above which a payout batch needs a second operator (issue 31); admins only */
  'finance_controls.manage',
  /** finance's exceptions: unpriced completions, negative balances, failed and held payouts (issue 31) */
  'exceptions.read',
] as const;

/**
 * The permissions areas declare in their own contract file, by declaration merging, so the type knows them wherever
 * the area is compiled:
 *
 *   declare module './operator-permissions.ts' {
 *     interface AreaOperatorPermissions { 'visa_letters.manage': true }
 *   }
 *   export const visaLettersPermission = defineOperatorPermission('visa_letters.manage', ['support']);
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the areas' contracts
export interface AreaOperatorPermissions {}

export type OperatorPermission = (typeof OPERATOR_PERMISSIONS)[number] | (keyof AreaOperatorPermissions & string);

/** The roles holding each permission an area declared (admin holds every one). Filled as the areas' contracts load. */
const areaPermissions = new Map<string, readonly OperatorRole[]>();

/**
 * Declares an area's permission and the roles that hold it besides admin (who holds every permission), from the
 * area's contract: the server's guard, the console's route table and sidebar, and the access test all read it from
 * here once the contract is imported (the module's routes and the area's `-console.tsx` import it). A permission
 * not declared, or not loaded yet, is held by no one.
 */
export function defineOperatorPermission<const Permission extends OperatorPermission>(
  permission: Permission,
  roles: readonly Exclude<OperatorRole, 'admin'>[],
): Permission {
  if ((OPERATOR_PERMISSIONS as readonly string[]).includes(permission)) throw new Error(`'${permission}' is a permission of the role map already.`);
  const holders: readonly OperatorRole[] = ['admin', ...roles];
  const declared = areaPermissions.get(permission);
  if (declared && declared.join() !== holders.join()) throw new Error(`'${permission}' is declared twice, with other roles.`);
  areaPermissions.set(permission, holders);
  return permission;
}

/** Every permission known now: the role map's, then the areas' in the order they loaded. */
export function allOperatorPermissions(): OperatorPermission[] {
  return [...OPERATOR_PERMISSIONS, ...(areaPermissions.keys() as Iterable<OperatorPermission>)];
}

export function isOperatorPermission(value: unknown): value is OperatorPermission {
  return typeof value === 'string' && ((OPERATOR_PERMISSIONS as readonly string[]).includes(value) || areaPermissions.has(value));
}

export const ROLE_PERMISSIONS = {
  admin: OPERATOR_PERMISSIONS,
  finance: ['console.use', 'partners.read', 'bookings.read', 'bookings.finance', 'audit.read', 'terms.read', 'terms.manage', 'earnings.read', 'earnings.manage', 'exceptions.read'],
  content: ['console.use', 'partners.read', 'referral_agents.manage', 'facilities.manage', 'notifications.send'],
  support: [
    'console.use',
    'applications.review',
    'partners.read',
    'partners.manage',
    'bookings.read',
    'bookings.manage',
    'notifications.send',
    'feedback.manage',
    'terms.read',
    // why a partner's commission was reversed or held is a support question
    'earnings.read',
  ],
} as const satisfies Record<OperatorRole, readonly OperatorPermission[]>;

export function isOperatorRole(value: unknown): value is OperatorRole {
  return typeof value === 'string' && (OPERATOR_ROLES as readonly string[]).includes(value);
}

/** Whether `role` holds `permission`. An unknown role holds nothing. */
export function operatorCan(role: string, permission: OperatorPermission): boolean {
  if (!isOperatorRole(role)) return false;
  return (ROLE_PERMISSIONS[role] as readonly OperatorPermission[]).includes(permission) || (areaPermissions.get(permission)?.includes(role) ?? false);
}

/** Every permission of `role`, in allOperatorPermissions order. */
export function permissionsOf(role: OperatorRole): OperatorPermission[] {
  return allOperatorPermissions().filter((permission) => operatorCan(role, permission));
}
