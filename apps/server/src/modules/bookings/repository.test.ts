import { describe, expect, it } from 'vitest';
import { pageQuery, sessionPageQuery, type BookingQueryFilters } from './repository.ts';

/** Page statements are built and named once per shape (repository.ts pageStatement); values never shape them. */
describe('page statements', () => {
  const sort = { column: 'date_time' as const, direction: 'desc' as const };
  const base: BookingQueryFilters = { referralAgentId: 7, filterBy: 'appointment_date', timeZone: 'UTC', searchWords: [] };

  it('gives the same text and name to the same shape with other values, which stay parameters', () => {
    const first = pageQuery({ ...base, facilityId: 3, from: '2025-01-01' }, sort, 10, 0);
    const second = pageQuery({ ...base, referralAgentId: 8, facilityId: 99, from: '2024-06-30' }, sort, 10, 40);
    expect(second.name).toBeDefined();
    expect(second.name).toBe(first.name);
    expect(second.text).toBe(first.text);
    expect(second.values).toEqual([8, 99, 'UTC', '2024-06-30', 40]);
    expect(second.text).not.toContain('2024-06-30');
  });

  it('gives another statement to another shape: filters present, sort, page size, source', () => {
    const names = new Set([
      pageQuery(base, sort, 10, 0).name,
      pageQuery({ ...base, facilityId: 3 }, sort, 10, 0).name,
      pageQuery({ ...base, invoiceStatus: 'paid' }, sort, 10, 0).name,
      pageQuery(base, { column: 'amount', direction: 'desc' }, 10, 0).name,
      pageQuery(base, { column: 'date_time', direction: 'asc' }, 10, 0).name,
      pageQuery(base, sort, 20, 0).name,
      sessionPageQuery('a-session', base, sort, 10, 0).name,
    ]);
    expect(names.size).toBe(7);
  });

  it('leaves a search unnamed (planned with its values each time), its words as parameters', () => {
    const query = pageQuery({ ...base, searchWords: ['zainab', '50%'] }, sort, 10, 0);
    expect(query.name).toBeUndefined();
    expect(query.values).toEqual([7, '%zainab%', '%50\\%%', 0]);
    expect(() => sessionPageQuery('a-session', { ...base, searchWords: ['zainab'] }, sort, 10, 0)).toThrow();
  });
});
