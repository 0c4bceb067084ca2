import { useQueryClient } from '@tanstack/react-query';
import { Avatar, Group, Menu, Text, UnstyledButton, useMantineColorScheme } from '@mantine/core';
import { IconCheck, IconChevronDown, IconDeviceDesktop, IconLogout, IconMoon, IconSun } from '@tabler/icons-react';
import { initials } from '@portal/contracts/formatters';
import { LOCALES, THEMES, type Theme } from '@portal/contracts/preferences';
import { changeLocale, LANGUAGE_NAMES, useLocale, useText } from '../../i18n/i18n';
import { notifyError } from '../../lib/notify';
import { asMenuItemRadio } from '../../components/menu-item-radio/menu-item-radio';
import { logout } from '../session/operator-session';
import { useOperator } from '../session/require-operator';

const THEME_ICONS: Record<Theme, typeof IconSun> = { light: IconSun, dark: IconMoon, system: IconDeviceDesktop };
const THEME_LABELS = { light: 'shell.themeLight', dark: 'shell.themeDark', system: 'shell.themeSystem' } as const;

/**
 * The operator's menu: who is signed in and in which role, the language and the theme (kept on this device: an
 * operator account has no partner preferences), and Sign out.
 */
export function OperatorMenu() {
  const t = useText('console');
  const shared = useText('shared');
  const operator = useOperator();
  const queryClient = useQueryClient();
  const locale = useLocale();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const theme: Theme = colorScheme === 'auto' ? 'system' : colorScheme;
  const shown = `${initials(operator.name)} ${operator.name}`;
  const check = (on: boolean) => (on ? <IconCheck size={14} aria-hidden="true" /> : null);

  const signOut = async () => {
    try {
      await logout(queryClient);
    } catch {
      notifyError(shared('errors.requestFailed'), t('shell.signOutFailed'));
    }
  };

  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t('shell.operatorMenu', { name: shown })} style={{ borderRadius: 'var(--mantine-radius-xl)' }}>
          <Group gap="xs" wrap="nowrap">
            <Avatar color="teal" radius="xl" size={36} aria-hidden="true">
              {initials(operator.name)}
            </Avatar>{' '}
            <Text size="sm" fw={500} visibleFrom="sm" maw={180} truncate="end">
              {operator.name}
            </Text>
            <IconChevronDown size={14} aria-hidden="true" />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={500} c="var(--mantine-color-text)" truncate="end">
            {operator.name}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {operator.email}
          </Text>
          <Text size="xs" c="dimmed">
            {t('shell.signedInAs', { role: t(`roles.${operator.role}`) })}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Label>{shared('languageLabel')}</Menu.Label>
        {LOCALES.map((option) => (
          <Menu.Item
            key={option}
            ref={asMenuItemRadio}
            aria-checked={locale === option}
            lang={option}
            rightSection={check(locale === option)}
            onClick={() => void changeLocale(option)}
          >
            {LANGUAGE_NAMES[option]}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Label>{shared('shell.theme')}</Menu.Label>
        {THEMES.map((option) => {
          const Icon = THEME_ICONS[option];
          return (
            <Menu.Item
              key={option}
              ref={asMenuItemRadio}
              aria-checked={theme === option}
              leftSection={<Icon size={16} aria-hidden="true" />}
              rightSection={check(theme === option)}
              onClick={() => setColorScheme(option === 'system' ? 'auto' : option)}
            >
              {shared(THEME_LABELS[option])}
            </Menu.Item>
          );
        })}
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden="true" />} onClick={() => void signOut()}>
          {shared('shell.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
