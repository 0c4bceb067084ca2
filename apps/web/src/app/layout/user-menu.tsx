import { useNavigate } from 'react-router';
import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconCheck, IconChevronDown, IconDeviceDesktop, IconKey, IconLogout, IconMoon, IconSun, IconUserCircle } from '@tabler/icons-react';
import { initials } from '@portal/contracts/formatters';
import { LOCALES, THEMES, type Theme } from '@portal/contracts/preferences';
import { useLanguageChoice, useThemeChoice } from '../../stores/preferences';
import { LANGUAGE_NAMES, useText } from '../../i18n/i18n';
import { ROUTES } from '../../lib/paths';
import { useProfile } from '../../stores/profile-query';
import { useAuthStore } from '../../stores/auth-store';
import { asMenuItemRadio } from '../../components/menu-item-radio/menu-item-radio';

const THEME_ICONS: Record<Theme, typeof IconSun> = { light: IconSun, dark: IconMoon, system: IconDeviceDesktop };
const THEME_LABELS = { light: 'shell.themeLight', dark: 'shell.themeDark', system: 'shell.themeSystem' } as const;

/**
 * The signed-in user's photo (or initials) and name. Its menu: Profile, Change password, the language and the theme
 * (each applied at once and saved to the account), and Sign out.
 */
export function UserMenu() {
  const t = useText('shared');
  const navigate = useNavigate();
  const user = useAuthStore((state) => state.user);
  const logout = useAuthStore((state) => state.logout);
  const language = useLanguageChoice();
  const theme = useThemeChoice();
  // The photo chosen on /profile (its query is shared with the profile page, so a new one shows here at once).
  const avatarUrl = useProfile().data?.avatar_url ?? null;
  const name = user?.name || [user?.first_name, user?.last_name].filter(Boolean).join(' ');
  // The button's name holds what it shows, initials included, in that order (WCAG 2.5.3; axe
  // label-content-name-mismatch): 'Account menu for AH Amelia Hart'.
  const shown = `${initials(name)} ${name}`;
  const check = (on: boolean) => (on ? <IconCheck size={14} aria-hidden="true" /> : null);

  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t('shell.accountMenu', { name: shown })} style={{ borderRadius: 'var(--mantine-radius-xl)' }}>
          <Group gap="xs" wrap="nowrap">
            <Avatar color="teal" radius="xl" size={36} aria-hidden="true" src={avatarUrl} alt="">
              {initials(name)}
            </Avatar>
            {/* Not shown in the flex row, but it makes the button's text 'AH Amelia Hart', not 'AHAmelia Hart', which
                its name could never contain (axe label-content-name-mismatch). */}{' '}
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
        <Menu.Item leftSection={<IconUserCircle size={16} aria-hidden="true" />} onClick={() => void navigate('/profile')}>
          {t('profileTabs.profile')}
        </Menu.Item>
        <Menu.Item leftSection={<IconKey size={16} aria-hidden="true" />} onClick={() => void navigate(ROUTES['update-password'])}>
          {t('shell.changePassword')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Label>{t('languageLabel')}</Menu.Label>
        {LOCALES.map((locale) => (
          <Menu.Item
            key={locale}
            role="menuitemradio"
            ref={asMenuItemRadio}
            aria-checked={language.locale === locale}
            lang={locale}
            rightSection={check(language.locale === locale)}
            onClick={() => void language.choose(locale)}
          >
            {LANGUAGE_NAMES[locale]}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Label>{t('shell.theme')}</Menu.Label>
        {THEMES.map((option) => {
          const Icon = THEME_ICONS[option];
          return (
            <Menu.Item
              key={option}
              role="menuitemradio"
              ref={asMenuItemRadio}
              aria-checked={theme.theme === option}
              leftSection={<Icon size={16} aria-hidden="true" />}
              rightSection={check(theme.theme === option)}
              onClick={() => void theme.choose(option)}
            >
              {t(THEME_LABELS[option])}
            </Menu.Item>
          );
        })}
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden="true" />} onClick={() => void logout(navigate)}>
          {t('shell.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
