import '@testing-library/jest-dom/vitest';
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { i18n } from '../src/i18n/i18n';

// The machines are two shared cores: give findBy/waitFor room before calling an answer missing. It costs a passing
// test nothing (findBy answers as soon as the element shows); at 5 s, a run under a load of 25 failed eight tests.
configure({ asyncUtilTimeout: 15_000 });

// Every area's catalogue, as the app has them (each area declares its own in its routes declaration's imports).
import '../src/app/areas';
// and the console's (console/<area>/<area>-console.tsx), so the catalogue test checks theirs too.
import '../src/console/console-areas';

afterEach(async () => {
  cleanup();
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
