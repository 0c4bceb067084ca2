import { isCurrencyCode, minorDigits, minorToDecimal } from '@portal/contracts/money';
import type { Locale } from '@portal/contracts/preferences';
import { dayText } from '../../lib/locale.ts';

/**
 * A notification's words as a message key with its values (issue 34 item 7): the row keeps the key and the values,
 * and every read renders them in the reader's language, so switching the portal's language changes the list too.
 * An area defines each of its notices once, in every language, and passes the notice and its values to `notify`:
 *
 *   export const PAYOUT_PAID = defineNotice<{ amount: NoticeMoney; number: string }>('earnings.payout_paid', {
 *     en: { title: 'Payout paid', body: 'Your payout of {amount} was paid. Statement {number} is ready.' },
 *     ar: { title: 'دُفعت الدفعة', body: 'دُفعت دفعتك بمبلغ {amount}. الكشف {number} جاهز.' },
 *   });
 *   await app.notifications.notify(members, { type: 'commission', notice: PAYOUT_PAID, values: { amount: money(125000, 'AED'), number: 'SB-2026-0042' }, link: '/my-earnings' });
 *
 * A wording is either templates, whose `{name}` placeholders are filled with the values (numbers with the language's
 * separators, `money(…)` as an amount in its currency, `day(…)` as a date), or a function of the values and a
 * formatter, for wording that depends on them (plurals, optional parts). Values are stored as JSON: plain data only.
 */

/** An amount in a currency's minor unit, shown '12,500.00 AED' / 'AED 12,500.00' with the reader's separators. */
export interface NoticeMoney {
  readonly kind: 'money';
  readonly minor: number;
  readonly currency: string;
  /** '+AED 40.00': a change, with its sign either way */
  readonly signed?: boolean;
}

/** A calendar day ('YYYY-MM-DD', or an instant's UTC day), shown as the reader's language writes a date. */
export interface NoticeDay {
  readonly kind: 'day';
  readonly day: string;
}

export type NoticeValue = string | number | boolean | null | NoticeMoney | NoticeDay | readonly NoticeValue[] | { readonly [key: string]: NoticeValue };
export type NoticeValues = { readonly [key: string]: NoticeValue };

export function money(minor: number | string, currency: string, options: { signed?: boolean } = {}): NoticeMoney {
  return { kind: 'money', minor: Number(minor), currency, ...(options.signed ? { signed: true } : {}) };
}

export function day(value: string | Date): NoticeDay {
  return { kind: 'day', day: typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10) };
}

function isMoney(value: unknown): value is NoticeMoney {
  return typeof value === 'object' && value !== null && (value as NoticeMoney).kind === 'money';
}

function isDay(value: unknown): value is NoticeDay {
  return typeof value === 'object' && value !== null && (value as NoticeDay).kind === 'day';
}

/** How a notice writes values in one language: what the templates use, and what a wording function is handed. */
export interface NoticeFormat {
  readonly locale: Locale;
  number(value: number): string;
  money(value: NoticeMoney): string;
  day(value: NoticeDay | string): string;
  /** Any value as a template writes it. */
  value(value: NoticeValue | undefined): string;
}

const formats = new Map<Locale, NoticeFormat>();

/** The formatter of `locale`: Intl, as the SPA's useFormat writes numbers and money (web/src/i18n/format.ts). */
export function noticeFormat(locale: Locale): NoticeFormat {
  const cached = formats.get(locale);
  if (cached) return cached;
  const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 20 });
  const format: NoticeFormat = {
    locale,
    number: (value) => numbers.format(value),
    money: ({ minor, currency, signed }) => {
      const digits = isCurrencyCode(currency) ? minorDigits(currency) : 2;
      const options: Intl.NumberFormatOptions = { minimumFractionDigits: digits, maximumFractionDigits: digits, signDisplay: signed ? 'exceptZero' : 'negative' };
      const decimal = minorToDecimal(minor, currency);
      try {
        return new Intl.NumberFormat(locale, { ...options, style: 'currency', currency, currencyDisplay: 'code' }).format(decimal as unknown as number);
      } catch {
        return `${currency} ${new Intl.NumberFormat(locale, options).format(decimal as unknown as number)}`;
      }
    },
    day: (value) => dayText(typeof value === 'string' ? value : value.day, locale),
    value: (value) => {
      if (value === undefined || value === null) return '';
      if (typeof value === 'number') return format.number(value);
      if (typeof value === 'string') return value;
      if (typeof value === 'boolean') return String(value);
      if (isMoney(value)) return format.money(value);
      if (isDay(value)) return format.day(value);
      if (Array.isArray(value)) return value.map((item) => format.value(item as NoticeValue)).join(', ');
      return JSON.stringify(value);
    },
  };
  formats.set(locale, format);
  return format;
}

export interface NoticeText {
  title: string;
  body: string;
}

/** One language's wording: `{name}` templates, or a function of the values. */
export type NoticeWording<Values extends NoticeValues> =
  | { readonly title: string; readonly body?: string }
  | ((values: Values, format: NoticeFormat) => NoticeText);

export interface Notice<Values extends NoticeValues = NoticeValues> {
  /** What the row stores: '<area>.<what>' ('earnings.payout_paid'). */
  readonly key: string;
  render(values: Values, locale: Locale): NoticeText;
}

function fill(template: string, values: NoticeValues, format: NoticeFormat): string {
  return template.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name: string) => (name in values ? format.value(values[name]) : whole));
}

interface DefinedNotice {
  notice: Notice<NoticeValues>;
  wording: Readonly<Record<Locale, NoticeWording<NoticeValues>>>;
  example: NoticeValues | undefined;
}

const registry = new Map<string, DefinedNotice>();

/**
 * Declares a notice: its key (unique across the portal: the area's name first) and its wording in every language
 * (TypeScript refuses one left out). Registered when the area's file is loaded, so a stored row is rendered with
 * it at every read; a key nobody defines any more shows the words stored when it was sent.
 */
export function defineNotice<Values extends NoticeValues>(
  key: string,
  wording: Readonly<Record<Locale, NoticeWording<Values>>>,
  /** Values the catalogue test words a function-worded notice with (templates need none): without them it is not checked. */
  example?: Values,
): Notice<Values> {
  if (registry.has(key)) throw new Error(`The notice '${key}' is defined twice: each area names its own ('<area>.<what>').`);
  const notice: Notice<Values> = {
    key,
    render(values, locale) {
      const words = wording[locale];
      const format = noticeFormat(locale);
      if (typeof words === 'function') return words(values, format);
      return { title: fill(words.title, values, format), body: words.body === undefined ? '' : fill(words.body, values, format) };
    },
  };
  registry.set(key, { notice: notice as Notice<NoticeValues>, wording: wording as Readonly<Record<Locale, NoticeWording<NoticeValues>>>, example });
  return notice;
}

/** A stored notice in `locale`, or null when its key is not defined (the caller shows the stored words). */
export function renderStoredNotice(key: string, values: unknown, locale: Locale): NoticeText | null {
  const notice = registry.get(key)?.notice;
  if (!notice || typeof values !== 'object' || values === null) return null;
  try {
    return notice.render(values as NoticeValues, locale);
  } catch {
    // Values stored by an older wording that no longer fit it: the words stored when it was sent.
    return null;
  }
}

/** Every defined notice with its wording and example, for the catalogue test (every language written, the Arabic in Arabic). */
export function definedNotices(): ReadonlyMap<string, DefinedNotice> {
  return registry;
}
