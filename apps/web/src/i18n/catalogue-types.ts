/**
 * The shape of a message catalogue, and the types that make a translation complete: the Arabic catalogue of an area
 * is typed from its English one (`Translation<typeof en>`), so a key missing in Arabic, or an extra one, fails `tsc`.
 */

/** Texts by key; a key may group texts one level down or more ('pagination.next'). */
export interface Catalogue {
  readonly [key: string]: string | Catalogue;
}

/** The plural forms Arabic distinguishes (Intl.PluralRules('ar')): i18next picks `key_<form>` by the count. */
export type ArabicPluralForm = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';

/** An English plural key: `bookings_one` / `bookings_other` read as `t('bookings', { count })`. */
type PluralBase<Key extends string> = Key extends `${infer Base}_one` ? Base : Key extends `${infer Base}_other` ? Base : Key;

/**
 * The Arabic catalogue for the English catalogue `T`: the same keys, every one required, except that an English
 * plural pair (`x_one`, `x_other`) asks for Arabic's six forms (`x_zero` … `x_other`).
 */
export type Translation<T> = {
  readonly [Key in keyof T & string as Key extends `${infer Base}_other`
    ? `${Base}_${ArabicPluralForm}`
    : Key extends `${string}_one`
      ? never
      : Key]: T[Key] extends string ? string : Translation<T[Key]>;
};

/** Every key `t` accepts for catalogue `T`: dotted paths to its texts, plural pairs by their base. */
export type TextKey<T, Prefix extends string = ''> = {
  [Key in keyof T & string]: T[Key] extends string ? `${Prefix}${PluralBase<Key>}` : TextKey<T[Key], `${Prefix}${Key}.`>;
}[keyof T & string];

/** Values put into a text's `{{placeholders}}`; `count` also picks the plural form. */
export type TextValues = Record<string, string | number | null | undefined>;

/** A `t` bound to one catalogue: only its keys compile. */
export type TranslateFn<T> = (key: TextKey<T>, values?: TextValues) => string;
