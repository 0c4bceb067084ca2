import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMessageTranslator, placeholdersOf, translateMessage, CONTRACT_MESSAGE_TRANSLATIONS } from './message-translations.ts';

const SOURCE_DIR = path.dirname(fileURLToPath(import.meta.url));
const SOURCE_FILES = readdirSync(SOURCE_DIR)
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'message-translations.ts')
  .sort();

/**
 * Whether an Arabic text still holds English words: quoted values ("user_id"), patterns (/^\d{6}$/) and acronyms
 * (CSRF, YYYY-MM-DD) are what the message names and stay as they are.
 */
function untranslatedWords(text: string): string[] {
  const rest = text
    .replace(/"[^"]*"/g, '')
    .replace(/\/\S*\//g, '')
    .replace(/\b[A-Z][A-Z-]+\b/g, '');
  return rest.match(/[A-Za-z]{2,}/g) ?? [];
}

function expectArabic(english: string, arabic: string): void {
  expect(arabic, english).not.toBe(english);
  expect(arabic, english).toMatch(/[\u0600-\u06FF]/);
  expect.soft(untranslatedWords(arabic), `${english} → ${arabic}`).toEqual([]);
}

/** Every message a schema answers for a spread of bad values, of the schema itself and of each field of an object. */
function messagesOf(schema: z.ZodType): string[] {
  const values: unknown[] = [undefined, null, 0, -1, 1.5, 3e9, '', ' ', 'x', 'abc', 'a'.repeat(5000), 'a\u0000b', '2025-02-30', 'fr', true, [], {}, { zzz: 1 }];
  const inputs: unknown[] = [...values];
  if (schema instanceof z.ZodObject) {
    for (const key of Object.keys(schema.shape)) for (const value of values) inputs.push({ [key]: value });
  }
  return inputs.flatMap((input) => schema.safeParse(input).error?.issues.map((issue) => issue.message) ?? []);
}

/**
 * The sentences written in the contracts' source (string and template literals, each `${…}` filled with a number):
 * the messages, whichever schema or function they end up in.
 */
function sentencesInSource(): { file: string; text: string }[] {
  const found: { file: string; text: string }[] = [];
  for (const file of SOURCE_FILES) {
    const source = ts.createSourceFile(file, readFileSync(path.join(SOURCE_DIR, file), 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      let text: string | undefined;
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
      else if (ts.isTemplateExpression(node)) text = node.head.text + node.templateSpans.map((span) => `7${span.literal.text}`).join('');
      if (text !== undefined && /^[A-Z][^]*\s[^]*[.!?]$|^[A-Z][a-z]+\.$|^Error ! /.test(text)) found.push({ file, text });
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe('translateMessage', () => {
  it('answers English as it is, and translates an exact message and a templated one', () => {
    expect(translateMessage('The email field is required.', 'en')).toBe('The email field is required.');
    expect(translateMessage('The email field is required.', 'ar')).toBe('حقل البريد الإلكتروني مطلوب.');
    expect(translateMessage('The first name field must not be greater than 100 characters.', 'ar')).toBe('يجب ألا يزيد حقل الاسم الأول على 100 حرفًا.');
    // the longer template wins over 'must be at least :min.'
    expect(translateMessage('The first name field must be at least 2 characters.', 'ar')).toBe('يجب ألا يقل حقل الاسم الأول عن 2 أحرف.');
    expect(translateMessage('Error ! Start Date 2025-03-10 should not be greater than end date 2025-03-01', 'ar')).toBe(
      'خطأ! يجب ألا يكون تاريخ البداية 2025-03-10 بعد تاريخ النهاية 2025-03-01',
    );
  });

  it('translates a list placeholder item by item, and leaves a message it does not know in English', () => {
    expect(translateMessage('The password needs: a lowercase letter, a number.', 'ar')).toBe('تحتاج كلمة المرور إلى: حرف لاتيني صغير، رقم.');
    expect(translateMessage('Something nobody wrote down.', 'ar')).toBe('Something nobody wrote down.');
  });

  it('lets a later set of translations add messages and override earlier ones', () => {
    const translate = createMessageTranslator([
      CONTRACT_MESSAGE_TRANSLATIONS,
      { messages: { ar: { 'Server only.': 'للخادم فقط.', 'The title is required.': 'العنوان إلزامي.' } }, terms: { ar: {} } },
    ]);
    expect(translate('Server only.', 'ar')).toBe('للخادم فقط.');
    expect(translate('The title is required.', 'ar')).toBe('العنوان إلزامي.');
    expect(translate('The email field is required.', 'ar')).toBe('حقل البريد الإلكتروني مطلوب.');
  });
});

describe('the Arabic catalogue is complete', () => {
  it('keeps every placeholder of each English template, and no entry is blank', () => {
    for (const [english, arabic] of Object.entries(CONTRACT_MESSAGE_TRANSLATIONS.messages.ar)) {
      expect(arabic.trim(), english).not.toBe('');
      expect(placeholdersOf(arabic).sort(), english).toEqual(placeholdersOf(english).sort());
    }
    for (const [english, arabic] of Object.entries(CONTRACT_MESSAGE_TRANSLATIONS.terms.ar)) expect(arabic.trim(), english).not.toBe('');
  });

  it('translates every sentence written in the contracts', () => {
    const sentences = sentencesInSource();
    // the scan sees the messages (a check that it reads the files at all)
    expect(sentences.map((sentence) => sentence.text)).toEqual(expect.arrayContaining(['The email field is required.', 'The 7 field is required.']));
    for (const { file, text } of sentences) expectArabic(`${file}: ${text}`, translateMessage(text, 'ar'));
  });

  it('translates every message the contracts’ schemas answer to bad input, field labels and zod’s own messages included', async () => {
    const messages = new Set<string>();
    for (const file of SOURCE_FILES) {
      const exports = (await import(pathToFileURL(path.join(SOURCE_DIR, file)).href)) as Record<string, unknown>;
      for (const value of Object.values(exports)) {
        if (value instanceof z.ZodType) for (const message of messagesOf(value)) messages.add(message);
      }
    }
    expect(messages.size).toBeGreaterThan(30);
    for (const message of messages) expectArabic(message, translateMessage(message, 'ar'));
  });
});
