/**
 * The before and after values of an audit row, side by side: nested objects are flattened to dotted fields
 * ('address.city'), and each field says whether it was added, removed, changed or left as it was.
 */

export type ChangeKind = 'added' | 'removed' | 'changed' | 'unchanged';

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
  /** Whether the field is in each side at all (a value of null is there). */
  inBefore: boolean;
  inAfter: boolean;
  kind: ChangeKind;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `value`'s leaves by dotted path; a value that is not an object is the one field '' (shown as the whole value). */
export function flatten(value: unknown, prefix = '', into = new Map<string, unknown>()): Map<string, unknown> {
  if (isPlainObject(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0 && prefix) into.set(prefix, value);
    for (const [key, inner] of entries) flatten(inner, prefix ? `${prefix}.${key}` : key, into);
  } else if (value !== undefined) {
    into.set(prefix, value);
  }
  return into;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The fields of `before` and `after`, in the order they first appear (before's first). */
export function diffValues(before: unknown, after: unknown): FieldChange[] {
  const left = before === null || before === undefined ? new Map<string, unknown>() : flatten(before);
  const right = after === null || after === undefined ? new Map<string, unknown>() : flatten(after);
  const fields = [...new Set([...left.keys(), ...right.keys()])];
  return fields.map((field) => {
    const inBefore = left.has(field);
    const inAfter = right.has(field);
    const kind: ChangeKind = !inBefore ? 'added' : !inAfter ? 'removed' : same(left.get(field), right.get(field)) ? 'unchanged' : 'changed';
    return { field, before: left.get(field), after: right.get(field), inBefore, inAfter, kind };
  });
}
