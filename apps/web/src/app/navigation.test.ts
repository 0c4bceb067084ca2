import { describe, expect, it } from 'vitest';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { collectAreas } from './areas';
import { isActivePath, navigationSections, sortNavigation, type NavigationEntry } from './navigation';

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

  it('puts entries with an order first, lowest first, and keeps the others in the order they came', () => {
    const entry = (label: string, order?: number): NavigationEntry => ({ group: 'Overview', label, to: `/${label}`, icon: IconLayoutDashboard, order });
    const sorted = sortNavigation([entry('a'), entry('b', 2), entry('c'), entry('d', 1)]);
    expect(sorted.map((item) => item.label)).toEqual(['d', 'b', 'a', 'c']);
  });
});

describe('areas', () => {
  it('are taken in the order of their files, and a file without `areaRoutes` is refused', () => {
    const first = { public: [] };
    const second = { signedIn: [] };
    expect(collectAreas({ '../features/b/b-routes.tsx': second, '../features/a/a-routes.tsx': first })).toEqual([first, second]);
    expect(() => collectAreas({ '../features/c/c-routes.tsx': undefined })).toThrow('../features/c/c-routes.tsx must export `areaRoutes`');
  });
});
