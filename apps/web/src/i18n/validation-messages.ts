/**
 * The contracts' validation messages (zod schemas shared with the server) in the reader's language. A form checks
 * its values with the contract before sending them, so the messages it shows first are the contract's English
 * ones; these are translated when they are shown, so a form already showing errors follows a language change.
 * Messages the server sent (422) arrive in the user's language already (Accept-Language) and pass through.
 *
 * The translations (packages/contracts/src/message-translations.ts) come with the language: loaded with its
 * catalogues, never for English readers.
 */
import type { Locale } from '@portal/contracts/preferences';

type MessageTranslator = (message: string) => string;

const translators = new Map<Locale, MessageTranslator>();

/** Loads the translation of the contracts' messages into `locale` (called when the language is loaded). */
export async function loadValidationMessages(locale: Locale): Promise<void> {
  if (translators.has(locale)) return;
  // The contracts' table (the server answers 422s from the same one), a chunk of its own: English readers skip it.
  const { translateMessage } = await import('@portal/contracts/message-translations');
  translators.set(locale, (message) => translateMessage(message, locale));
}

/** `message` in `locale` when a translation is known, else as it is. */
export function localizeValidationMessage(message: string, locale: Locale): string {
  const translator = translators.get(locale);
  return translator ? translator(message) : message;
}
