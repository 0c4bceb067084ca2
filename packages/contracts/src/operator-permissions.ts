/**
 * Who may do what in the operations console (issue 14): one typed map of role → permissions. The server checks it on
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
] as const;
export type OperatorPermission = (typeof OPERATOR_PERMISSIONS)[number];

export const ROLE_PERMISSIONS = {
  admin: OPERATOR_PERMISSIONS,
  finance: ['console.use', 'partners.read', 'bookings.read', 'bookings.finance', 'audit.read', 'terms.read', 'terms.manage', 'earnings.read', 'earnings.manage'],
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
  return (ROLE_PERMISSIONS[role] as readonly OperatorPermission[]).includes(permission);
}

/** Every permission of `role`, in OPERATOR_PERMISSIONS order. */
export function permissionsOf(role: OperatorRole): OperatorPermission[] {
  return OPERATOR_PERMISSIONS.filter((permission) => operatorCan(role, permission));
}
