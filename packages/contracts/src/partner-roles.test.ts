import { describe, expect, it } from 'vitest';
import { mayGrantRole, PARTNER_PERMISSIONS, PARTNER_ROLES, partnerRoleCan, referralScope } from './partner-roles.ts';

describe('the partner role map', () => {
  it('gives the owner everything and keeps team management, signing and payment details to the roles the issue names', () => {
    for (const permission of PARTNER_PERMISSIONS) expect(partnerRoleCan('owner', permission)).toBe(true);
    expect(PARTNER_ROLES.filter((role) => partnerRoleCan(role, 'team.manage'))).toEqual(['owner']);
    expect(PARTNER_ROLES.filter((role) => partnerRoleCan(role, 'agreements.sign'))).toEqual(['owner']);
    expect(PARTNER_ROLES.filter((role) => partnerRoleCan(role, 'payment_details.manage'))).toEqual(['owner', 'finance']);
    expect(PARTNER_ROLES.filter((role) => partnerRoleCan(role, 'tax_profile.manage'))).toEqual(['owner', 'finance']);
    expect(PARTNER_ROLES.filter((role) => partnerRoleCan(role, 'reconciliation.use'))).toEqual(['owner', 'manager', 'finance']);
  });

  it('never shows finance a patient, and lets every role use the portal itself', () => {
    expect(partnerRoleCan('finance', 'referrals.read')).toBe(false);
    expect(partnerRoleCan('finance', 'earnings.read')).toBe(true);
    for (const role of PARTNER_ROLES) expect(partnerRoleCan(role, 'portal.use')).toBe(true);
  });

  it('scopes an agent to their own referrals and everyone else to the whole agent', () => {
    expect(PARTNER_ROLES.map((role) => [role, referralScope(role)])).toEqual([
      ['owner', 'agent'],
      ['manager', 'agent'],
      ['agent', 'own'],
      ['finance', 'agent'],
    ]);
  });

  it('lets nobody grant a role above their own', () => {
    expect(mayGrantRole('owner', 'owner')).toBe(true);
    expect(mayGrantRole('manager', 'owner')).toBe(false);
    expect(mayGrantRole('manager', 'agent')).toBe(true);
    expect(mayGrantRole('agent', 'manager')).toBe(false);
  });
});
