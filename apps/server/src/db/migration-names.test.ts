import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * New migrations are named by area: `NNNN_<area>_<what>.sql`, the area being the module folder that owns the tables
 * (docs/decisions.md, "Code health"), so "which migration holds a table" is answered from the name. The files up to
 * 0031 keep their names (named by issue or topic): installed databases record them, so they are never renamed.
 */
const LAST_NAMED_BEFORE_THE_RULE = 31;
const MIGRATIONS = path.join(import.meta.dirname, 'migrations');
const AREAS = readdirSync(path.join(import.meta.dirname, '../modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Whether `file` is `NNNN_<area>.sql` or `NNNN_<area>_<what>.sql` for one of `areas`. */
export function namedByArea(file: string, areas: readonly string[]): boolean {
  const match = /^\d{4}_([a-z0-9_]+)\.sql$/.exec(file);
  if (!match) return false;
  const name = match[1]!.replaceAll('_', '-');
  return areas.some((area) => name === area || name.startsWith(`${area}-`));
}

describe('migration names', () => {
  it('names every migration after 0031 by the area that owns its tables', () => {
    const newer = readdirSync(MIGRATIONS).filter((file) => file.endsWith('.sql') && Number(file.slice(0, 4)) > LAST_NAMED_BEFORE_THE_RULE);
    expect(newer.filter((file) => !namedByArea(file, AREAS))).toEqual([]);
  });

  it('tells an area name from a topic', () => {
    expect(namedByArea('0032_payment_details_iban_check.sql', ['payment-details'])).toBe(true);
    expect(namedByArea('0032_payment_details.sql', ['payment-details'])).toBe(true);
    expect(namedByArea('0032_append_only_money.sql', ['payment-details', 'earnings'])).toBe(false);
    expect(namedByArea('0032_payment_detailsx.sql', ['payment-details'])).toBe(false);
  });
});
