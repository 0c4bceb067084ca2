import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render';
import { ProfileTabs } from './profile-tabs';

describe('ProfileTabs', () => {
  it('links the three profile pages and marks only the current one', () => {
    renderWithProviders(<ProfileTabs />, { path: '/profile/security' });
    const nav = screen.getByRole('navigation', { name: 'Profile sections' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Personal details', '/profile'],
      ['Security', '/profile/security'],
      ['Notifications', '/profile/notifications'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Security' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Personal details' })).not.toHaveAttribute('aria-current');
  });

  it('is reached with Tab, one link after another', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ProfileTabs />, { path: '/profile' });
    expect(screen.getByRole('link', { name: 'Personal details' })).toHaveAttribute('aria-current', 'page');
    await user.tab();
    expect(screen.getByRole('link', { name: 'Personal details' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Security' })).toHaveFocus();
  });
});
