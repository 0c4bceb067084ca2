/**
 * Roles inside a referral agent (issue 17): one typed map of role → permissions, as the console has for operators
 * (operator-permissions.ts). The server checks it on every partner endpoint (apps/server/src/kit/partner-routes.ts:
 * each declares the permission it needs) and scopes every query by `referralScope`; the SPA reads the same map to
 * hide what a role cannot reach. A role's permissions are written out in full, not inherited: one line tells all.
 */

/** Highest first: `PARTNER_ROLES.indexOf` is the rank that "nobody grants a role above their own" compares. */
export const PARTNER_ROLES = ['owner', 'manager', 'agent', 'finance'] as const;
export type PartnerRole = (typeof PARTNER_ROLES)[number];

export function isPartnerRole(value: unknown): value is PartnerRole {
  return typeof value === 'string' && (PARTNER_ROLES as readonly string[]).includes(value);
}

/**
 * Each permission names what a member may reach. Permissions of areas not built yet are declared already, so that
 * the area finds its gate here rather than inventing one.
 */
export const PARTNER_PERMISSIONS = [
  /** the dashboard, notifications, one's own profile and security, feedback, one's own referral details */
  'portal.use',
  /** bookings, clients and booking requests, with patients' names: scoped by referralScope (own or the agent's) */
  'referrals.read',
  /** the facility network and health packages (no patient data) */
  'network.read',
  /** commission lines and balances, scoped by referralScope */
  'earnings.read',
  /** payouts and finance reports of the whole agent */
  'payouts.read',
  /** the agent's payment details: read and change */
  'payment_details.manage',
  /** the agent's tax profile (legal name, address, tax ID, VAT), printed on its statements: read and change */
  'tax_profile.manage',
  /** the rate card, tiers and contracts as they apply to the agent */
  'terms.read',
  /** sign agreements on the agent's behalf */
  'agreements.sign',
  /** reconciliation with the facilities: periods, lines, decisions, disputes and statements of the whole agent */
  'reconciliation.use',
  /** the members list and each member's referral figures */
  'team.read',
  /** invite, change roles, deactivate, transfer ownership */
  'team.manage',
] as const;
export type PartnerPermission = (typeof PARTNER_PERMISSIONS)[number];

export const PARTNER_ROLE_PERMISSIONS = {
  owner: PARTNER_PERMISSIONS,
  manager: ['portal.use', 'referrals.read', 'network.read', 'earnings.read', 'payouts.read', 'terms.read', 'reconciliation.use', 'team.read'],
  agent: ['portal.use', 'referrals.read', 'network.read', 'earnings.read', 'terms.read'],
  // Finance sees money, never a patient: no referrals.read.
  finance: ['portal.use', 'network.read', 'earnings.read', 'payouts.read', 'payment_details.manage', 'tax_profile.manage', 'terms.read', 'reconciliation.use'],
} as const satisfies Record<PartnerRole, readonly PartnerPermission[]>;

export function partnerRoleCan(role: PartnerRole, permission: PartnerPermission): boolean {
  return (PARTNER_ROLE_PERMISSIONS[role] as readonly PartnerPermission[]).includes(permission);
}

/**
 * Whose referrals (bookings, clients, booking requests, commission lines) a member sees: `own`, only those they
 * referred (`bookings.referred_by_user_id = the member`); `agent`, all of their referral agent's. Finance sees
 * earnings of the whole agent but no referral's patient data (it lacks referrals.read).
 */
export type ReferralScope = 'own' | 'agent';

export function referralScope(role: PartnerRole): ReferralScope {
  return role === 'agent' ? 'own' : 'agent';
}

/** True when `actor` may give `role` to someone: nobody grants a role above their own. */
export function mayGrantRole(actor: PartnerRole, role: PartnerRole): boolean {
  return PARTNER_ROLES.indexOf(role) >= PARTNER_ROLES.indexOf(actor);
}
