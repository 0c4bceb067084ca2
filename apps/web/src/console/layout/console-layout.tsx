import { useEffect } from 'react';
import { NavLink as RouterLink, Outlet, useLocation } from 'react-router';
import { AppShell, Burger, Group, NavLink, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useAnyText, useText } from '../../i18n/i18n';
import { useNarrowLayout } from '../../lib/use-narrow-layout';
import { PrintedForContext } from '../../components/data-table/printed-for';
import { useOperator } from '../session/require-operator';
import { ConsoleBrand } from './console-brand';
import { navigationFor } from './console-navigation';
import { OperatorMenu } from './operator-menu';
import classes from './console-layout.module.css';

/**
 * The console's frame, the portal's AppShell: the brand and the operator menu in the header, the pages the role
 * may open in the sidebar (a drawer behind the burger on a phone), the page in the main region.
 */
export function ConsoleLayout() {
  const t = useText('console');
  const shared = useText('shared');
  const text = useAnyText();
  const operator = useOperator();
  const [opened, { toggle, close }] = useDisclosure(false);
  const drawerClosed = useNarrowLayout() && !opened;
  const { pathname } = useLocation();

  useEffect(() => {
    close();
  }, [pathname, close]);

  return (
    <>
      <a href="#main-content" className={classes.skipLink}>
        {shared('shell.skipToContent')}
      </a>
      <AppShell header={{ height: 60 }} navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding={{ base: 'sm', sm: 'lg' }}>
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="sm" wrap="nowrap">
              <Burger
                opened={opened}
                onClick={toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={opened ? shared('shell.closeNavigation') : shared('shell.openNavigation')}
                aria-expanded={opened}
                aria-controls="console-navigation"
              />
              <ConsoleBrand />
            </Group>
            <OperatorMenu />
          </Group>
        </AppShell.Header>
        <AppShell.Navbar p="sm" id="console-navigation" inert={drawerClosed}>
          <ScrollArea type="auto" offsetScrollbars>
            <nav aria-label={t('shell.navigation')}>
              {navigationFor(operator.role).map(({ label, namespace, to, icon: Icon }) => (
                <NavLink
                  key={to}
                  component={RouterLink}
                  to={to}
                  end={to === '/'}
                  label={text(namespace, label)}
                  leftSection={<Icon size={18} stroke={1.6} aria-hidden="true" />}
                  onClick={close}
                  variant="light"
                  style={{ borderRadius: 'var(--mantine-radius-md)' }}
                />
              ))}
            </nav>
          </ScrollArea>
          <Text size="xs" c="dimmed" px="sm" mt="auto" pt="md">
            {t('shell.signedInAs', { role: t(`roles.${operator.role}`) })}
          </Text>
        </AppShell.Navbar>
        <AppShell.Main id="main-content" tabIndex={-1} className={classes.main}>
          {/* The tables' printouts name the operator who printed them. */}
          <PrintedForContext.Provider value={operator.name}>
            <Outlet />
          </PrintedForContext.Provider>
        </AppShell.Main>
      </AppShell>
    </>
  );
}
