import { describe, expect, it } from 'vitest';
import { catalogueProblems } from '../../test/catalogue-check';
import { i18n, lazyEnglishFrames, loadLocale, namespaces } from './i18n';

/**
 * Every catalogue the app declares (the shared one and each area's, registered by the areas' routes declarations,
 * which the test setup imports as the app does) has a complete Arabic translation: `tsc` checks the keys, this
 * checks the texts.
 */
describe('catalogues', () => {
  it('include the shared one and every area', () => {
    expect(namespaces()).toEqual(expect.arrayContaining(['shared', 'auth', 'bookings', 'dashboard', 'notifications']));
  });

  it.each(namespaces())('%s: every English text has a real Arabic one', async (namespace) => {
    await loadLocale('ar');
    const english = i18n.getResourceBundle('en', namespace) as Record<string, never>;
    const arabic = i18n.getResourceBundle('ar', namespace) as Record<string, never>;
    expect(arabic).toBeDefined();
    expect(catalogueProblems(english, arabic)).toEqual([]);
  });

  // An area that keeps its English out of the bundle repeats its sidebar labels and page titles in its routes
  // declaration (the frame, shown before the catalogue arrives): a copy that must not drift from the catalogue.
  it.each([...lazyEnglishFrames()])('%s: the texts shown before the catalogue arrives are the catalogue\'s', (namespace, frame) => {
    const leaves = (node: object, prefix = ''): [string, unknown][] =>
      Object.entries(node).flatMap(([key, value]) => (typeof value === 'object' && value !== null ? leaves(value, `${prefix}${key}.`) : [[`${prefix}${key}`, value]]));
    const loaded = leaves(frame).map(([key]) => [key, i18n.getResource('en', namespace, key)]);
    expect(Object.fromEntries(loaded)).toEqual(Object.fromEntries(leaves(frame)));
  });

  it('keeps every area but sign-in, the bell, the console\'s frame and the small ones out of the first load', () => {
    expect([...lazyEnglishFrames().keys()]).toEqual(expect.arrayContaining(['bookings', 'dashboard', 'team', 'console-payouts', 'console-bookings']));
  });

  it('finds what the types cannot: empty, placeholder, untranslated, a lost value, missing plural forms', () => {
    const english = { a: 'Save', b: 'Delete {{name}}', c: 'Close', d: 'Open', e: 'PDF', n_one: '{{count}} row', n_other: '{{count}} rows' };
    const arabic = { a: '', b: 'حذف', c: 'Close', d: 'TODO', e: 'PDF', n_one: 'صف', n_other: '{{count}} صف', extra: 'زائد' };
    expect(catalogueProblems(english, arabic)).toEqual([
      'a: empty',
      'b: loses {{name}}',
      "c: still English ('Close')",
      "d: a placeholder ('TODO')",
      "e: still English ('PDF')",
      'n_zero: missing',
      'n_two: missing',
      'n_few: missing',
      'n_many: missing',
      'extra: not in English',
    ]);
  });
});
