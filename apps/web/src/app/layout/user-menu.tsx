import { useNavigate } from 'react-router';
import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout } from '@tabler/icons-react';
import { initials } from '@portal/contracts/formatters';
import { useAuthStore } from '../../stores/auth-store';

/** The signed-in user's initials avatar and name; its menu holds Sign out. */
export function UserMenu() {
  const navigate = useNavigate();
  const user = useAuthStore((state) => state.user);
  const logout = useAuthStore((state) => state.logout);
  const name = user?.name || [user?.first_name, user?.last_name].filter(Boolean).join(' ');
  // The button's name holds what it shows, initials included, in that order (WCAG 2.5.3; axe
  // label-content-name-mismatch): 'Account menu for AH Amelia Hart'.
  const shown = `${initials(name)} ${name}`;

  return (
    <Menu position="bottom-end" width={220} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={`Account menu for ${shown}`} style={{ borderRadius: 'var(--mantine-radius-xl)' }}>
          <Group gap="xs" wrap="nowrap">
            <Avatar color="teal" radius="xl" size={36} aria-hidden="true">
              {initials(name)}
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="sm" maw={180} truncate="end">
              {name}
            </Text>
            <IconChevronDown size={14} aria-hidden="true" />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={500} c="var(--mantine-color-text)" truncate="end">
            {name}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {user?.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden="true" />} onClick={() => void logout(navigate)}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
