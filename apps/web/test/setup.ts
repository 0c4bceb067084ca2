import '@testing-library/jest-dom/vitest';
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { cleanNotifications, cleanNotificationsQueue, notificationsStore } from '@mantine/notifications';
import { i18n, loadEveryEnglishCatalogue } from '../src/i18n/i18n';
import { CSRF_COOKIE_NAME, CSRF_COOKIE_URL, configureCsrf } from '../src/lib/http';
import { forgetShownNotifications } from './shown-notifications';

// The machines are two shared cores: give findBy/waitFor room before calling an answer missing. It costs a passing
// test nothing (findBy answers as soon as the element shows); at 5 s, a run under a load of 25 failed eight tests.
configure({ asyncUtilTimeout: 15_000 });

// Every area's catalogue, as the app has them (each area declares its own in its routes declaration's imports).
import '../src/app/areas';
// and the console's (console/<area>/<area>-console.tsx), so the catalogue test checks theirs too.
import '../src/console/console-areas';
// The areas that keep their English out of the bundle load it with their pages (i18n.ts, `LazyEnglish`); a test may
// render a page without the route table, so every catalogue is in before any test.
await loadEveryEnglishCatalogue();

// Most web test files share one module graph per worker (vitest.config.ts: the 'web' project does not isolate them).
// This file runs again before each of them, so what a file set up for itself for its whole length goes back here:
// a console test file points the HTTP client at the console's session; the app's bell follows the session for the
// life of the page (it would connect realtime at the next file's sign-in).
if (process.env.WEB_TESTS_SHARE_MODULES) {
  configureCsrf({ cookieName: CSRF_COOKIE_NAME, cookieUrl: CSRF_COOKIE_URL });
  // Imported here only: a file with its own module graph may replace lib/realtime (vi.mock), which must come first.
  const { stopFollowingSession } = await import('../src/lib/realtime');
  stopFollowingSession();
}

afterEach(async () => {
  cleanup();
  // Toasts live in Mantine's module-level store, which outlives the test (and, in the shared graph, the file).
  cleanNotifications();
  cleanNotificationsQueue();
  notificationsStore.setState({ notifications: [], queue: [], defaultPosition: 'top-right', limit: 5 });
  forgetShownNotifications();
  // Every test starts in English, whatever language the one before switched to.
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
  localStorage.clear();
});

// jsdom lacks these browser APIs that Mantine uses.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
window.HTMLElement.prototype.scrollIntoView = function scrollIntoView() {};

// jsdom has no layout: every element measures 0×0, so floating-ui reports every Popover/Menu/Combobox/Tooltip
// target as scrolled out of view and Mantine hides the dropdown (`hideDetached`), and transitions wait on
// animation frames. Mantine's test mode (`<MantineProvider env="test">`) turns both off; until the render helper
// passes it, every MantineProvider rendered in tests gets it by default here.
import type * as MantineCore from '@mantine/core';

vi.mock('@mantine/core', async (importOriginal) => {
  const actual = await importOriginal<typeof MantineCore>();
  const { createElement } = await import('react');
  function MantineProviderInTestMode(props: MantineCore.MantineProviderProps) {
    return createElement(actual.MantineProvider, { env: 'test', ...props });
  }
  return { ...actual, MantineProvider: MantineProviderInTestMode };
});
