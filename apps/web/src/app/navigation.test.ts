import { describe, expect, it } from 'vitest';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { isActivePath, navigationSections, type NavigationEntry } from './navigation';

describe('navigation', () => {
  it('shows only groups that have entries, in their order', () => {
    const entries: NavigationEntry[] = [
      { group: 'My Referrals', label: 'Bookings', to: '/bookings', icon: IconLayoutDashboard },
      { group: 'Overview', label: 'Dashboard', to: '/', icon: IconLayoutDashboard },
    ];
    expect(navigationSections(entries).map((section) => section.group)).toEqual(['Overview', 'My Referrals']);
    expect(navigationSections(entries.slice(1)).map((section) => section.group)).toEqual(['Overview']);
  });

  it('highlights / only on itself, other entries on their sub-pages too', () => {
    expect(isActivePath('/', '/')).toBe(true);
    expect(isActivePath('/', '/bookings')).toBe(false);
    expect(isActivePath('/bookings', '/bookings/12')).toBe(true);
    expect(isActivePath('/bookings', '/bookings-archive')).toBe(false);
  });
});
