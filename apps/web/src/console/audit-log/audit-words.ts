/** An audit row in words: its action, actor and target as the catalogue names them, and the console page of its target. */
import type { AuditEvent } from '@portal/contracts/console-audit';
import type { OperatorPermission } from '@portal/contracts/operator-permissions';
import { i18n } from '../../i18n/i18n';
import { CONSOLE_PATHS } from '../console-paths';
import type { auditLogEn } from './audit-log-messages';

const NAMESPACE = 'console-audit-log';

function known(key: string): string | null {
  return i18n.exists(key, { ns: NAMESPACE }) ? i18n.t(key, { ns: NAMESPACE }) : null;
}

/** 'Approved a partner' for 'partner.approved'; null for an action the catalogue does not know (the code is shown). */
export function actionWords(action: string): string | null {
  return known(`actions.${action}`);
}

/** An area's name ('Partners' for 'partner'), or the area's code. */
export function areaWords(area: string): string {
  return known(`areas.${area}`) ?? area;
}

/** 'Partner' for 'user', or the type's code. */
export function targetTypeWords(type: string): string {
  return known(`targetTypes.${type}`) ?? type;
}

export type AuditArea = keyof typeof auditLogEn.actions;

/** The areas and their actions the catalogue names: the action filter's choices. */
export function knownActions(): Array<{ area: AuditArea; actions: string[] }> {
  const catalogue = i18n.getResourceBundle('en', NAMESPACE) as typeof auditLogEn | undefined;
  if (!catalogue) return [];
  return (Object.keys(catalogue.actions) as AuditArea[]).map((area) => ({ area, actions: Object.keys(catalogue.actions[area]).map((name) => `${area}.${name}`) }));
}

/** The target types the catalogue names: the target filter's choices. */
export function knownTargetTypes(): string[] {
  const catalogue = i18n.getResourceBundle('en', NAMESPACE) as typeof auditLogEn | undefined;
  return catalogue ? Object.keys(catalogue.targetTypes) : [];
}

/**
 * The console page that shows a target, by type, and what opening it needs. Only pages that exist are listed: an
 * area that adds the page of a record it audits (a booking, a referral agent, an operator) adds its line here.
 */
const TARGET_PAGES: Record<string, { path: (id: string) => string; permission: OperatorPermission }> = {
  user: { path: (id) => `${CONSOLE_PATHS.partners}/${encodeURIComponent(id)}`, permission: 'partners.read' },
  job: { path: () => '/jobs', permission: 'jobs.manage' },
  facility: { path: (id) => `/facilities/${encodeURIComponent(id)}`, permission: 'facilities.manage' },
};

/** Where the target can be opened by someone holding `permissions`, or null. */
export function targetLink(target: NonNullable<AuditEvent['target']>, permissions: readonly OperatorPermission[]): string | null {
  const page = TARGET_PAGES[target.type];
  return page && permissions.includes(page.permission) ? page.path(target.id) : null;
}
