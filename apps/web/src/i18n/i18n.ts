/**
 * The SPA's languages: one i18next instance (react-i18next), English as the source catalogue, Arabic right to left.
 *
 * - Catalogues: the shared one (./shared-en.ts) and one per area, declared in the area's folder with
 *   `defineMessages(namespace, en, ar)`. An area adds its namespace to `Catalogues` (declaration merging, below),
 *   so `useText('<area>')` only accepts its keys and `ar` must translate every one of them; nothing central is
 *   edited to add an area.
 * - Only the active language is loaded: English is in the bundle; Arabic (shared catalogue, each area's catalogue
 *   when it is a loader, dayjs's month names, validation messages) is fetched when Arabic is chosen.
 * - The document follows: `<html lang dir>` change with the language, and Mantine's DirectionProvider watches `dir`.
 *
 * i18n/ is a base layer: it imports no other folder of the SPA.
 */
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, RTL_LOCALES, isLocale, type Locale } from '@portal/contracts/preferences';
import type { Catalogue, TranslateFn, Translation } from './catalogue-types';
import { sharedEn, type SharedCatalogue } from './shared-en';
import { loadValidationMessages } from './validation-messages';

export type { Locale } from '@portal/contracts/preferences';

/**
 * Every namespace and its English catalogue. Areas add theirs where they define them:
 *
 *     declare module '../../i18n/i18n' { interface Catalogues { bookings: typeof bookingsEn } }
 */
export interface Catalogues {
  shared: SharedCatalogue;
}

export type Namespace = keyof Catalogues;

/** An area's Arabic: the catalogue itself (a small area), or a loader of its own chunk (English readers skip it). */
export type ArabicSource<T> = Translation<T> | (() => Promise<Translation<T>>);

/**
 * An area's English kept out of the first load (issue 32, item 8: every area's catalogue was in the sign-in page's
 * bundle): the few texts the app's frame shows before any page of the area opens (its sidebar labels), and a loader
 * of the whole catalogue, which the route table awaits with the area's pages, cards and notices (`ready`).
 */
export interface LazyEnglish<T> {
  frame: FrameTexts<T>;
  load: () => Promise<T>;
}

/** Some of a catalogue's texts, at any depth. */
export type FrameTexts<T> = { [K in keyof T]?: T[K] extends string ? T[K] : FrameTexts<T[K]> };

/** An area's English: the catalogue itself (read before any of the area's pages: the bell, sign-in) or lazy. */
export type EnglishSource<T> = T | LazyEnglish<T>;

/** What `defineMessages` returns; an area's routes declaration carries it (`AreaRoutes.messages`). */
export interface AreaMessages<N extends Namespace = Namespace> {
  namespace: N;
  /** With a lazy English catalogue: loads it (once); the route table awaits it with the area's pages (and `lazyAreaComponent` with its cards and notices). */
  ready?: () => Promise<void>;
}

/** Where the visitor's choice is kept while signed out (and on this device after sign-out). */
export const LOCALE_STORAGE_KEY = 'locale';

/** Endonyms: each language is offered in its own name, in every language. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', ar: 'العربية' };

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  resources: { [DEFAULT_LOCALE]: { shared: sharedEn } },
  ns: ['shared'],
  defaultNS: 'shared',
  // React escapes what it renders; escaping here too would show '&amp;'.
  interpolation: { escapeValue: false },
  // English is in the bundle: ready at once, so the first render has its texts.
  initAsync: false,
  // No Suspense: a language is loaded before it is switched to. Re-render when an area's catalogue arrives.
  react: { useSuspense: false, bindI18nStore: 'added' },
});

const arabicSources = new Map<string, ArabicSource<Catalogue>>();
/** The lazy English catalogues' loads, started once each (`AreaMessages.ready`), and the texts each gave the frame. */
const englishLoads = new Map<string, () => Promise<void>>();
const englishFrames = new Map<string, object>();

function isLazyEnglish<T>(source: EnglishSource<T>): source is LazyEnglish<T> {
  return typeof (source as Partial<LazyEnglish<T>>).load === 'function';
}

/** Runs `load` the first time it is asked for and returns the same promise after (a failed load may be retried). */
function once(load: () => Promise<void>): () => Promise<void> {
  let pending: Promise<void> | null = null;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}

/**
 * Declares an area's catalogue: its English texts (in the bundle, or `{ frame, load }` to keep all but the sidebar's
 * labels out of it), and their Arabic (inline, or a loader of a file of its own). Call it once, at the top level of
 * the area's routes declaration (or a file it imports).
 */
export function defineMessages<N extends Exclude<Namespace, 'shared'>>(
  namespace: N,
  en: EnglishSource<Catalogues[N]>,
  ar: ArabicSource<Catalogues[N]>,
): AreaMessages<N> {
  const lazy = isLazyEnglish(en);
  i18n.addResourceBundle(DEFAULT_LOCALE, namespace, lazy ? en.frame : en, true, true);
  arabicSources.set(namespace, ar as ArabicSource<Catalogue>);
  // Declared after Arabic was chosen (a page's chunk): bring its Arabic in now; the store event re-renders.
  if (currentLocale() !== DEFAULT_LOCALE) void loadNamespace(currentLocale(), namespace);
  if (!lazy) return { namespace };
  const ready = once(async () => void i18n.addResourceBundle(DEFAULT_LOCALE, namespace, await en.load(), true, true));
  englishLoads.set(namespace, ready);
  englishFrames.set(namespace, en.frame);
  return { namespace, ready };
}

/** The frame texts of each lazy English catalogue (a copy of some of its texts: catalogues.test.ts keeps them equal). */
export function lazyEnglishFrames(): ReadonlyMap<string, object> {
  return englishFrames;
}

/** Every lazy English catalogue declared so far, loaded (tests that render a page outside the route table). */
export async function loadEveryEnglishCatalogue(): Promise<void> {
  await Promise.all([...englishLoads.values()].map((ready) => ready()));
}

/** The namespaces declared so far (the shared one first). */
export function namespaces(): string[] {
  return ['shared', ...arabicSources.keys()];
}

async function loadNamespace(locale: Locale, namespace: string): Promise<void> {
  if (locale === DEFAULT_LOCALE || i18n.hasResourceBundle(locale, namespace)) return;
  let catalogue: Catalogue;
  if (namespace === 'shared') {
    catalogue = (await import('./shared-ar')).sharedAr;
  } else {
    const source = arabicSources.get(namespace);
    if (!source) return;
    catalogue = typeof source === 'function' ? await source() : source;
  }
  i18n.addResourceBundle(locale, namespace, catalogue, true, true);
}

/** Everything a language needs before it is shown: every catalogue, the calendars' month names, form messages. */
export async function loadLocale(locale: Locale): Promise<void> {
  if (locale === DEFAULT_LOCALE) return;
  await Promise.all([
    ...namespaces().map((namespace) => loadNamespace(locale, namespace)),
    // Mantine's calendars name months and weekdays through dayjs.
    import('dayjs/locale/ar'),
    loadValidationMessages(locale),
  ]);
}

export function currentLocale(): Locale {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLocale(language) ? language : DEFAULT_LOCALE;
}

export function isRightToLeft(locale: Locale): boolean {
  return RTL_LOCALES.includes(locale);
}

/** `<html lang dir>`: screen readers pick their voice from `lang`; the browser and Mantine lay out from `dir`. */
function applyToDocument(locale: Locale): void {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  root.setAttribute('lang', locale);
  root.setAttribute('dir', isRightToLeft(locale) ? 'rtl' : 'ltr');
}

i18n.on('languageChanged', () => applyToDocument(currentLocale()));

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The language kept on this device, if any. */
export function storedLocale(): Locale | null {
  const value = storage()?.getItem(LOCALE_STORAGE_KEY);
  return isLocale(value) ? value : null;
}

/**
 * The language to start in: the one chosen on this device, else the browser's first language the portal has
 * ('ar-AE' → Arabic), else English.
 */
export function initialLocale(languages: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language]): Locale {
  const stored = storedLocale();
  if (stored) return stored;
  for (const tag of languages) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return DEFAULT_LOCALE;
}

/** Loads `locale`, switches every text, the document's direction and the date pickers to it, and keeps it here. */
export async function changeLocale(locale: Locale): Promise<void> {
  await loadLocale(locale);
  if (currentLocale() !== locale) await i18n.changeLanguage(locale);
  applyToDocument(locale);
  storage()?.setItem(LOCALE_STORAGE_KEY, locale);
}

/** Called once before the first render: starts in the initial language, its catalogues loaded. */
export async function startI18n(): Promise<void> {
  const locale = initialLocale();
  if (locale === DEFAULT_LOCALE) {
    applyToDocument(locale);
    return;
  }
  try {
    await changeLocale(locale);
  } catch (error) {
    // A chunk that cannot be loaded (offline, a new release): English is in the bundle, show that.
    console.error('Loading the language failed', error);
    applyToDocument(DEFAULT_LOCALE);
  }
}

// ---- reading texts ----

/** The texts of one namespace, typed by its English catalogue; re-renders when the language changes. */
export function useText<N extends Namespace>(namespace: N): TranslateFn<Catalogues[N]> {
  const { t } = useTranslation(namespace);
  return t as unknown as TranslateFn<Catalogues[N]>;
}

/** The current language; re-renders when it changes. */
export function useLocale(): Locale {
  const { i18n: instance } = useTranslation();
  const language = instance.resolvedLanguage ?? instance.language;
  return isLocale(language) ? language : DEFAULT_LOCALE;
}

/** Outside React (the session's toasts, the HTTP client): a text of `namespace` in the current language. */
export function translate<N extends Namespace>(namespace: N): TranslateFn<Catalogues[N]> {
  return ((key: string, values?: Record<string, unknown>) => i18n.t(key, { ns: namespace, ...values })) as TranslateFn<Catalogues[N]>;
}

/** The shared catalogue outside React. */
export const sharedText = translate('shared');

/** A text of any namespace by a key known only at run time (the sidebar's entries, declared by each area). */
export function useAnyText(): (namespace: string, key: string) => string {
  const { t } = useTranslation();
  return (namespace, key) => t(key, { ns: namespace });
}
