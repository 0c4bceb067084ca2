import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bigIdStringField, hasForbiddenCharacters, idField, idStringField, PG_INTEGER_MAX, textField } from './fields.ts';

function messagesOf(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('textField', () => {
  const name = textField('first name', { max: 10 });

  it('trims and accepts ordinary text, accents and emoji included', () => {
    expect(name.parse('  Ayşe  ')).toBe('Ayşe');
    expect(name.parse('Zoë 😀')).toBe('Zoë 😀');
  });

  it("answers Laravel's messages for a missing, blank, wrong-typed or over-long value", () => {
    const object = z.object({ first_name: name });
    expect(messagesOf(object, {})).toEqual(['The first name field is required.']);
    expect(messagesOf(name, '   ')).toEqual(['The first name field is required.']);
    expect(messagesOf(name, null)).toEqual(['The first name field is required.']);
    expect(messagesOf(name, 12)).toEqual(['The first name field must be a string.']);
    expect(messagesOf(name, 'x'.repeat(11))).toEqual(['The first name field must not be greater than 10 characters.']);
  });

  it('refuses NUL, the other C0 controls, DEL and line breaks in single-line text', () => {
    for (const bad of ['a\u0000b', 'a\u0001', 'a\u001Fb', 'a\u007Fb', 'a\nb', 'a\tb', 'a\rb']) {
      expect(messagesOf(name, bad), JSON.stringify(bad)).toEqual([
        'The first name field must not contain control characters or line breaks.',
      ]);
    }
  });

  it('allows tab and line breaks, and nothing else, in multi-line text', () => {
    const notes = textField('notes', { max: 100, multiline: true });
    expect(notes.parse('line one\r\n\tline two')).toBe('line one\r\n\tline two');
    expect(messagesOf(notes, 'a\u0000b')).toEqual(['The notes field must not contain control characters (other than tabs and line breaks).']);
    expect(messagesOf(notes, 'a\u000Bb')).toHaveLength(1);
  });

  it('refuses a lone surrogate and keeps a paired one', () => {
    expect(hasForbiddenCharacters('\uD83D')).toBe(true);
    expect(hasForbiddenCharacters('a\uDE00')).toBe(true);
    expect(hasForbiddenCharacters('\uD83D\uDE00')).toBe(false);
  });

  it('takes min 0 (optional text), a longer min and a custom required message', () => {
    expect(textField('notes', { max: 5, min: 0 }).parse('  ')).toBe('');
    expect(messagesOf(textField('code', { max: 5, min: 3 }), 'ab')).toEqual(['The code field must be at least 3 characters.']);
    expect(messagesOf(textField('type', { max: 5, required: 'Choose a type.' }), '')).toEqual(['Choose a type.']);
  });
});

describe('idField (JSON)', () => {
  const id = idField('partner type id');

  it('accepts 1..2147483647', () => {
    expect(id.parse(1)).toBe(1);
    expect(id.parse(PG_INTEGER_MAX)).toBe(PG_INTEGER_MAX);
  });

  it('refuses 0, negatives, fractions, strings, and values past PostgreSQL integer', () => {
    expect(messagesOf(id, 0)).toEqual(['The partner type id field must be at least 1.']);
    expect(messagesOf(id, -5)).toEqual(['The partner type id field must be at least 1.']);
    expect(messagesOf(id, 1.5)).toEqual(['The partner type id field must be an integer.']);
    expect(messagesOf(id, '3')).toEqual(['The partner type id field must be an integer.']);
    expect(messagesOf(id, 2147483648)).toEqual(['The partner type id field must not be greater than 2147483647.']);
    expect(messagesOf(id, 2 ** 64)).not.toEqual([]);
    expect(messagesOf(id, 1e308)).not.toEqual([]);
    expect(messagesOf(id, undefined)).toEqual(['The partner type id field is required.']);
  });

  it('uses the custom required message for a missing or non-positive id', () => {
    const chosen = idField('partner type', { required: 'Choose a partner type.' });
    expect(messagesOf(chosen, undefined)).toEqual(['Choose a partner type.']);
    expect(messagesOf(chosen, 0)).toEqual(['Choose a partner type.']);
  });
});

describe('idStringField (query and path)', () => {
  const id = idStringField('id');

  it('parses digits to a number', () => {
    expect(id.parse('42')).toBe(42);
    expect(id.parse(' 007 ')).toBe(7);
    expect(id.parse('2147483647')).toBe(PG_INTEGER_MAX);
  });

  it('refuses non-digits, zero, and values past PostgreSQL integer', () => {
    for (const bad of ['', 'abc', '1e3', '-1', '1.0', '0x10', '1\u0000', ' 1 2']) {
      expect(id.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(messagesOf(id, '0')).toEqual(['The id field must be at least 1.']);
    expect(messagesOf(id, '2147483648')).toEqual(['The id field must not be greater than 2147483647.']);
    expect(id.safeParse('9'.repeat(400)).success).toBe(false);
  });
});

describe('bigIdStringField', () => {
  const id = bigIdStringField('id');

  it('keeps the value a string, in bigint range', () => {
    expect(id.parse('9223372036854775807')).toBe('9223372036854775807');
    expect(id.parse('0042')).toBe('42');
  });

  it('refuses zero and values past bigint', () => {
    expect(messagesOf(id, '0')).toEqual(['The id field must be at least 1.']);
    expect(messagesOf(id, '9223372036854775808')).toEqual(['The id field must not be greater than 9223372036854775807.']);
    expect(id.safeParse('1'.repeat(25)).success).toBe(false);
  });
});
