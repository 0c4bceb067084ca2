import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { PARTNER_PERMISSIONS, type PartnerPermission } from '@portal/contracts/partner-roles';

/**
 * The partner route table (issue 17): every route that declares `config.partner` (partnerRoute and listRoute set it;
 * the bookings list sets it by hand), with the permission its caller's role needs, in registration order. The role
 * × endpoint matrix test (kit/partner-access.test.ts) is generated from it. A route behind the partner guard
 * (`preHandler: app.requireUser`) that declares no permission is listed apart, so that test can name it; one that
 * declares `config.partner` with no known permission does not register at all.
 */
export interface PartnerRouteEntry {
  method: string;
  url: string;
  permission: PartnerPermission;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route declaring `config.partner`, once per method (Fastify's automatic HEAD included). */
    partnerRoutes: PartnerRouteEntry[];
    /** Routes behind app.requireUser that declare no `config.partner`: there should be none. */
    undeclaredPartnerRoutes: { method: string; url: string }[];
  }
}

/**
 * The registration rule: `config.partner`, when present, names a permission of the role map. Throws, so the app
 * does not start with a partner route whose gate is missing or misspelt. Returns the permission, or null for a route
 * that is not a partner route.
 */
export function checkPartnerRoute(route: Pick<RouteOptions, 'url' | 'method' | 'config'>): PartnerPermission | null {
  const config = route.config as { partner?: unknown } | undefined;
  if (config?.partner === undefined) return null;
  const permission = (config.partner as { permission?: unknown } | null)?.permission;
  if (!(PARTNER_PERMISSIONS as readonly unknown[]).includes(permission)) {
    throw new Error(
      `${[route.method].flat().join(',')} ${route.url} is a partner route without a declared permission: declare it with ` +
        'partnerRoute(app, { permission, … }) or listRoute(app, { permission, … }) from kit/partner-routes.ts.',
    );
  }
  return permission as PartnerPermission;
}

export const partnerRouteTablePlugin = fp(
  async (app: FastifyInstance) => {
    const routes: PartnerRouteEntry[] = [];
    const undeclared: { method: string; url: string }[] = [];
    app.decorate('partnerRoutes', routes);
    app.decorate('undeclaredPartnerRoutes', undeclared);
    app.addHook('onRoute', (route) => {
      const permission = checkPartnerRoute(route);
      const methods = [route.method].flat();
      if (permission) {
        for (const method of methods) routes.push({ method, url: route.url, permission });
        return;
      }
      const guards = [route.preHandler].flat();
      if (guards.includes(app.requireUser)) for (const method of methods) undeclared.push({ method, url: route.url });
    });
  },
  { name: 'partner-route-table', dependencies: ['auth-guard'] },
);
