import { describe, expect, it } from 'vitest';
import { PARTNER_ROLES } from '@portal/contracts/partner-roles';
import { userCan } from '../../stores/auth-store';
import { makeUser } from '../../../test/fixtures';
import { areaRoutes } from './bookings-routes';

/** Issue 17: My Referrals › Bookings carries patients' names, so finance neither sees the entry nor opens the page. */
describe('the bookings area’s routes', () => {
  it('declare referrals.read on the page and its sidebar entry', () => {
    const route = areaRoutes.signedIn?.find((each) => each.path === 'bookings');
    expect(route?.handle).toMatchObject({ permission: 'referrals.read' });
    expect(areaRoutes.navigation?.find((entry) => entry.to === '/bookings')).toMatchObject({ permission: 'referrals.read' });
  });

  it('leave them to owners, managers and agents, not to finance', () => {
    const can = PARTNER_ROLES.filter((role) => userCan(makeUser({}, { role }), 'referrals.read'));
    expect(can).toEqual(['owner', 'manager', 'agent']);
  });
});
