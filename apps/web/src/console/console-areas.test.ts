import { describe, expect, it } from 'vitest';
import { isOperatorPermission } from '@portal/contracts/operator-permissions';
import { i18n } from '../i18n/i18n';
import { CONSOLE_AREAS, collectConsoleAreas } from './console-areas';
import { CONSOLE_NAVIGATION } from './layout/console-navigation';

/** What every console area declares holds together: its texts exist, its entries lead to its pages. */
describe('the console areas', () => {
  const routes = CONSOLE_AREAS.flatMap((area) => area.routes.map((route) => ({ ...route, namespace: area.messages.namespace })));

  it('are found by their file names', () => {
    expect(routes.map((route) => route.path)).toEqual(expect.arrayContaining(['partner-applications', 'partners', 'partners/:id']));
  });

  it.each(routes)('$path: its title is a text of its catalogue and its permission one of the role map', ({ title, namespace, permission }) => {
    expect(i18n.exists(title, { ns: namespace, lng: 'en' }), `${namespace}:${title}`).toBe(true);
    expect(isOperatorPermission(permission), permission).toBe(true);
  });

  it.each(CONSOLE_NAVIGATION)('the sidebar entry $to leads to a page of the same permission, labelled in its catalogue', (entry) => {
    expect(i18n.exists(entry.label, { ns: entry.namespace, lng: 'en' }), `${entry.namespace}:${entry.label}`).toBe(true);
    if (entry.to === '/') return;
    const target = routes.find((route) => `/${route.path}` === entry.to);
    expect(target, entry.to).toBeDefined();
    expect(target?.permission).toBe(entry.permission);
  });

  it('refuses a declaration file that exports no consoleArea', () => {
    expect(() => collectConsoleAreas({ './stray/stray-console.tsx': undefined })).toThrow('./stray/stray-console.tsx must export `consoleArea`');
  });
});
