import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  dateQueryField,
  defaultedSortQueryField,
  enumQueryField,
  idQueryField,
  listQuerySchema,
  sortQueryField,
  textQueryField,
} from './list-query.ts';

const schema = listQuerySchema({
  filters: {
    status: enumQueryField('status', ['pending', 'paid'] as const),
    from: dateQueryField('from'),
    search: textQueryField('search', 20),
    facility: idQueryField('facility'),
    sort: defaultedSortQueryField(['created_at', 'amount'], '-created_at'),
  },
  defaultPageSize: 10,
});

function errorsOf(input: Record<string, unknown>): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return z.flattenError(result.error).fieldErrors as Record<string, string[]>;
}

describe('listQuerySchema', () => {
  it('fills page, per_page and the default sort, and leaves empty filters out', () => {
    expect(schema.parse({ status: '', search: '   ', from: undefined })).toEqual({
      page: 1,
      per_page: 10,
      sort: '-created_at',
    });
  });

  it('reads query-string values: strings, numbers, and the last of a repeated key', () => {
    expect(schema.parse({ page: ['2', '3'], per_page: 25, facility: '7', sort: 'amount', status: 'paid' })).toEqual({
      page: 3,
      per_page: 25,
      facility: 7,
      sort: 'amount',
      status: 'paid',
    });
  });

  it("answers Laravel's messages for values out of range", () => {
    expect(errorsOf({ page: '0' }).page).toEqual(['The page field must be at least 1.']);
    expect(errorsOf({ per_page: '7' }).per_page).toEqual(['The per page field must be one of 5, 10, 20, 25, 50, 100, 200.']);
    expect(errorsOf({ sort: 'patient' }).sort).toEqual(['The selected sort is invalid.']);
    expect(errorsOf({ status: 'lost' }).status).toEqual(['The selected status is invalid.']);
    expect(errorsOf({ from: '2024-02-30' }).from).toEqual(['The from field must be a valid date (YYYY-MM-DD).']);
    expect(errorsOf({ search: 'x'.repeat(21) }).search).toEqual(['The search field must not be greater than 20 characters.']);
  });

  it('bounds ids to the database integer, so a huge id is a 422 and not a database error', () => {
    expect(schema.parse({ facility: '2147483647' }).facility).toBe(2_147_483_647);
    expect(errorsOf({ facility: '2147483648' }).facility).toEqual(['The facility field must not be greater than 2147483647.']);
    expect(errorsOf({ facility: '-1' }).facility).toEqual(['The facility field must be an integer.']);
  });

  it('refuses NUL and other control characters in text, which the database cannot store', () => {
    expect(errorsOf({ search: 'a\u0000b' }).search).toEqual(['The search field must not contain control characters or line breaks.']);
    expect(errorsOf({ search: 'a\u001bb' }).search).toEqual(['The search field must not contain control characters or line breaks.']);
    expect(schema.parse({ search: '  Ayşe Öztürk  ' }).search).toBe('Ayşe Öztürk');
  });

  it('leaves the sort optional when the list picks its default itself', () => {
    const optionalSort = listQuerySchema({ filters: { sort: sortQueryField(['name']) }, defaultPageSize: 5 });
    expect(optionalSort.parse({})).toEqual({ page: 1, per_page: 5 });
    expect(optionalSort.parse({ sort: '-name' })).toEqual({ page: 1, per_page: 5, sort: '-name' });
  });
});
