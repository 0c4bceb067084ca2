import {
  placeholdersOf,
  type MessageCatalogue,
  type MessageTranslations,
  type TranslatedLocale,
} from '@portal/contracts/message-translations';

/**
 * The server's own messages a person reads (422 field messages, 403/404/429 messages, success messages), kept in
 * English where they are thrown, as the contracts' are, and translated at the edge by `app.translate` (the error
 * handler, or a route for a success message) in the request's language. Each area declares its catalogue and its
 * translations with `translationsOf` and hands them to defineModule({ messages }); the general ones are below.
 *
 *   export const AUTH_MESSAGES = { failed: 'These credentials do not match our records.', throttle: messageTemplate('… in :seconds seconds.') };
 *   export const AUTH_TRANSLATIONS = translationsOf(AUTH_MESSAGES, { ar: { failed: '…', throttle: '… :seconds …' } });
 *
 * TypeScript refuses a catalogue whose translation lacks a key; apps/server/src/lib/messages.test.ts checks that
 * none is blank or loses a placeholder, for every module's catalogue.
 */

/** A message that fills `:name` placeholders: `template({ seconds: 30 })`. Its `template` is the catalogue's key. */
export interface MessageTemplate {
  (values: Readonly<Record<string, string | number>>): string;
  readonly template: string;
}

export function messageTemplate(template: string): MessageTemplate {
  const fill = (values: Readonly<Record<string, string | number>>) =>
    template.replace(/:([a-z_]+)/g, (whole, name: string) => (values[name] === undefined ? whole : String(values[name])));
  return Object.assign(fill, { template });
}

export type Catalogue = Readonly<Record<string, string | MessageTemplate>>;

/** A catalogue's translation: every key of the English catalogue, in every language the portal translates into. */
export type CatalogueTranslations<English extends Catalogue> = Readonly<Record<TranslatedLocale, { readonly [Key in keyof English]: string }>>;

/** The English text (or template) of each entry, paired with its translations, as the message translator reads them. */
export function translationsOf<English extends Catalogue>(english: English, translations: CatalogueTranslations<English>): MessageTranslations {
  const messages = {} as Record<TranslatedLocale, MessageCatalogue>;
  const terms = {} as Record<TranslatedLocale, MessageCatalogue>;
  for (const locale of Object.keys(translations) as TranslatedLocale[]) {
    terms[locale] = {};
    const table: Record<string, string> = {};
    for (const [key, entry] of Object.entries(english)) table[typeof entry === 'string' ? entry : entry.template] = translations[locale][key]!;
    messages[locale] = table;
  }
  return { messages, terms };
}

/** Pairs of English and translated text whose placeholders differ, or whose translation is blank: what the tests refuse. */
export function catalogueMistakes(translations: MessageTranslations): string[] {
  const mistakes: string[] = [];
  for (const [locale, table] of Object.entries(translations.messages)) {
    for (const [english, translated] of Object.entries(table)) {
      if (translated.trim() === '') mistakes.push(`${locale}: '${english}' has a blank translation`);
      else if (placeholdersOf(translated).sort().join() !== placeholdersOf(english).sort().join()) {
        mistakes.push(`${locale}: '${english}' and '${translated}' name different placeholders`);
      }
    }
  }
  return mistakes;
}

/** Messages of the shared plugins and typed errors (lib/errors.ts, plugins/error-handler.ts, plugins/auth-guard.ts). */
export const SERVER_MESSAGES = {
  invalidData: 'The given data was invalid.',
  invalidValue: 'The value is invalid.',
  forbidden: 'This action is unauthorized.',
  notFound: 'Not found.',
  serverError: 'Server Error',
  invalidJson: 'The request body is not valid JSON.',
  bodyTooLarge: 'The request body is too large.',
  unsupportedMediaType: 'Unsupported content type.',
  passwordUpdateRequired: 'You must update your password before continuing.',
} as const;

export const SERVER_MESSAGE_TRANSLATIONS = translationsOf(SERVER_MESSAGES, {
  ar: {
    invalidData: 'البيانات المرسلة غير صالحة.',
    invalidValue: 'القيمة غير صالحة.',
    forbidden: 'غير مسموح لك بهذا الإجراء.',
    notFound: 'غير موجود.',
    serverError: 'حدث خطأ في الخادم',
    invalidJson: 'محتوى الطلب ليس بصيغة JSON صالحة.',
    bodyTooLarge: 'محتوى الطلب كبير جدًا.',
    unsupportedMediaType: 'نوع المحتوى غير مدعوم.',
    passwordUpdateRequired: 'يجب أن تغيّر كلمة المرور قبل المتابعة.',
  },
});
