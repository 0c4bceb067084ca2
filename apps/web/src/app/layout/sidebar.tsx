import { NavLink as RouterLink, useLocation } from 'react-router';
import { NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useAnyText, useText } from '../../i18n/i18n';
import { useAuthStore, userCan } from '../../stores/auth-store';
import { isActivePath, NAVIGATION, navigationSections } from '../navigation';
import { ACCESS_RULES } from '../route-guard';

/** The sidebar: areas grouped as in navigation.ts, the current page highlighted. */
export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const t = useText('shared');
  const areaText = useAnyText();
  const user = useAuthStore((state) => state.user);
  // A member sees the entries their role may open, and none the access rules would turn away (spec §2: the
  // affiliates group and the commission structure): the route guard and the server hold the same lines.
  const visible = NAVIGATION.filter(
    (entry) => (!entry.permission || userCan(user, entry.permission)) && !(user && ACCESS_RULES.some((rule) => rule.path === entry.to && rule.denied(user))),
  );
  return (
    <ScrollArea type="auto" offsetScrollbars>
      <nav aria-label={t('shell.mainNavigation')}>
        <Stack gap="lg">
          {navigationSections(visible).map(({ group, entries }) => (
            <div key={group} role="group" aria-labelledby={navGroupId(group)}>
              <Text id={navGroupId(group)} size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" mb={4}>
                {t(`navigationGroups.${group}`)}
              </Text>
              {entries.map(({ label, namespace, to, icon: Icon }) => {
                const active = isActivePath(to, pathname);
                return (
                  <NavLink
                    key={to}
                    component={RouterLink}
                    to={to}
                    end={to === '/'}
                    label={areaText(namespace, label)}
                    active={active}
                    aria-current={active ? 'page' : undefined}
                    leftSection={<Icon size={18} stroke={1.6} aria-hidden="true" />}
                    onClick={onNavigate}
                    variant="light"
                    style={{ borderRadius: 'var(--mantine-radius-md)' }}
                  />
                );
              })}
            </div>
          ))}
        </Stack>
      </nav>
    </ScrollArea>
  );
}

/** An id usable in aria-labelledby: group names have spaces ('My Referrals'). */
function navGroupId(group: string): string {
  return `nav-group-${group.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
}
