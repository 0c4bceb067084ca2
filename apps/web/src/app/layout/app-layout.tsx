import { Suspense, useContext, useEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { AppShell, Burger, Group, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useText } from '../../i18n/i18n';
import { PrintedForContext } from '../../components/data-table/printed-for';
import { DashboardCardsContext } from '../../lib/dashboard-cards';
import { ROUTES } from '../../lib/paths';
import { useNarrowLayout } from '../../lib/use-narrow-layout';
import { useAuthStore } from '../../stores/auth-store';
import { AREAS } from '../areas';
import { MissingPermissionContext, RoleForbiddenPage } from '../role-forbidden-page';
import { AgentBrand } from './agent-brand';
import { HeaderActions } from './header-actions';
import { Sidebar } from './sidebar';
import { UserMenu } from './user-menu';
import classes from './app-layout.module.css';
// Paper gets the page's content without the frame (header, sidebar).
import './print.css';

/** The areas' notices, above every page (lib/area-routes.ts `notices`). */
const NOTICES = AREAS.flatMap((area) => area.notices ?? []);
/** The areas' dashboard cards (lib/dashboard-cards.tsx), given to the dashboard page through context. */
const DASHBOARD_CARDS = AREAS.flatMap((area) => area.dashboardCards ?? []).sort((a, b) => a.order - b.order);

/** 'Amelia Hart, Harbor Health Partners': the signed-in partner, as the tables' printouts name whom they were printed for. */
function usePrintedFor(): string | null {
  const user = useAuthStore((state) => state.user);
  if (!user) return null;
  const name = user.name || [user.first_name, user.last_name].filter(Boolean).join(' ');
  const organisation = user.partner_profile?.organisation?.trim();
  return [name, organisation && organisation !== name ? organisation : null].filter(Boolean).join(', ') || null;
}

/**
 * The base layout of signed-in pages (Mantine AppShell): header with the referral agent's logo, the header
 * actions (notifications), the user menu; the sidebar, which becomes a drawer behind the burger on small screens.
 * A user held on the forced password change gets the page alone: nothing else in the frame would open.
 */
export function AppLayout() {
  const t = useText('shared');
  const held = useAuthStore((state) => state.user?.password_updated_check === false);
  const printedFor = usePrintedFor();
  const [opened, { toggle, close }] = useDisclosure(false);
  // A closed drawer is only slid off the screen: inert keeps its links out of the tab order and the reading order.
  const drawerClosed = useNarrowLayout() && !opened;
  const { pathname } = useLocation();
  const missingPermission = useContext(MissingPermissionContext);

  // A page change closes the phone drawer.
  useEffect(() => {
    close();
  }, [pathname, close]);

  if (held) return <Outlet />;

  return (
    <>
      <a href="#main-content" className={classes.skipLink}>
        {t('shell.skipToContent')}
      </a>
      <AppShell
        header={{ height: 60 }}
        navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }}
        padding={{ base: 'sm', sm: 'lg' }}
      >
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              <Burger
                opened={opened}
                onClick={toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={opened ? t('shell.closeNavigation') : t('shell.openNavigation')}
                aria-expanded={opened}
                aria-controls="app-navigation"
              />
              <UnstyledButton component={Link} to={ROUTES.Dashboard} style={{ minWidth: 0 }}>
                <AgentBrand />
              </UnstyledButton>
            </Group>
            <Group gap="sm" wrap="nowrap">
              <HeaderActions />
              <UserMenu />
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar p="sm" id="app-navigation" inert={drawerClosed}>
          <Sidebar onNavigate={close} />
        </AppShell.Navbar>
        <AppShell.Main id="main-content" tabIndex={-1} className={classes.main}>
          <Suspense fallback={null}>
            {NOTICES.map((Notice, index) => (
              <Notice key={index} />
            ))}
          </Suspense>
          <DashboardCardsContext.Provider value={DASHBOARD_CARDS}>
            <PrintedForContext.Provider value={printedFor}>{missingPermission ? <RoleForbiddenPage permission={missingPermission} /> : <Outlet />}</PrintedForContext.Provider>
          </DashboardCardsContext.Provider>
        </AppShell.Main>
      </AppShell>
    </>
  );
}
