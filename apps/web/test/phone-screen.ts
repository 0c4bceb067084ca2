import { afterEach, beforeEach, vi } from 'vitest';

/**
 * A phone-sized screen for the tests of this file: every `max-width` media query matches, as on a 360 px screen
 * (the layouts ask matchMedia, e.g. the data table's `screen and (max-width: 47.99375em)`). test/setup.ts makes
 * every query fail otherwise, as on a desktop.
 */
export function onPhoneScreen(): void {
  let desktop: typeof window.matchMedia;
  beforeEach(() => {
    desktop = window.matchMedia;
    window.matchMedia = (query: string) =>
      ({
        matches: query.includes('max-width'),
        media: query,
        onchange: null,
        addListener: vi.fn(),
        removeListener: vi.fn(),
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
        dispatchEvent: vi.fn(),
      }) as unknown as MediaQueryList;
  });
  afterEach(() => {
    window.matchMedia = desktop;
  });
}
