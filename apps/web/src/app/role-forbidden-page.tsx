import { createContext } from 'react';
import { Link } from 'react-router';
import { Button, Stack, Text, Title } from '@mantine/core';
import { PARTNER_ROLE_PERMISSIONS, PARTNER_ROLES, partnerRoleCan, type PartnerPermission, type PartnerRole } from '@portal/contracts/partner-roles';
import { useText } from '../i18n/i18n';
import { ROUTES } from '../lib/paths';
import { useAuthStore } from '../stores/auth-store';
import { usePageTitle } from './page-announcer';

/**
 * The permission the signed-in member lacks for the page they opened, set by the route guard (null: none lacking).
 * The app layout shows RoleForbiddenPage in the page's place, inside the frame, so the sidebar still leads on.
 */
export const MissingPermissionContext = createContext<PartnerPermission | null>(null);

/** The roles that may give a role to someone: those that manage the team. */
const GRANTING_ROLES = PARTNER_ROLES.filter((role) => (PARTNER_ROLE_PERMISSIONS[role] as readonly PartnerPermission[]).includes('team.manage'));

/**
 * A page the member's role cannot open (issue 34): what it shows, which roles can open it, and who can change the
 * member's role, instead of a silent redirect to the dashboard (the console's "Not allowed" does the same).
 */
export function RoleForbiddenPage({ permission }: { permission: PartnerPermission }) {
  const t = useText('shared');
  const role = useAuthStore((state) => state.user?.partner_profile?.role) as PartnerRole | undefined;
  const page = usePageTitle();
  const roleName = t(`forbidden.roles.${role ?? 'agent'}`);
  const what = t(`forbidden.permissions.${permission}`);
  const separator = t('forbidden.listSeparator');
  const rolesThatCan = PARTNER_ROLES.filter((each) => partnerRoleCan(each, permission)).map((each) => t(`forbidden.roles.${each}`));
  return (
    <Stack gap="sm" maw={600}>
      <Title order={1} size="h2">
        {t('forbidden.title')}
      </Title>
      <Text>{page ? t('forbidden.detail', { page, role: roleName, what }) : t('forbidden.detailNoPage', { role: roleName, what })}</Text>
      <Text>{t('forbidden.rolesThatCan', { roles: rolesThatCan.join(separator) })}</Text>
      <Text>{t('forbidden.whoGrants', { grantors: GRANTING_ROLES.map((each) => t(`forbidden.roles.${each}`)).join(separator) })}</Text>
      <Button component={Link} to={ROUTES.Dashboard} variant="light" w="fit-content">
        {t('errors.goToDashboard')}
      </Button>
    </Stack>
  );
}
