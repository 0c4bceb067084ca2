import { z } from 'zod';

/**
 * The shared fields every area's contract is built from, so what PostgreSQL cannot store never reaches it
 * (a NUL byte answers 22021, an id past the column's range 22003: both were 500s before these existed).
 *
 *   first_name: textField('first name', { max: 100 }),
 *   notes: textField('notes', { max: 2000, multiline: true, min: 0 }).optional(),
 *   partner_type_id: idField('partner type', { required: 'Choose a partner type.' }),
 *   // a query string or a path parameter (`/api/notifications/:id`):
 *   id: idStringField('id'),
 *
 * Messages follow Laravel's wording, which the spec's SPA shows as they come ("The first name field is required.").
 * Labels are written as the user reads them: 'first name', not 'first_name'.
 */

/** PostgreSQL `integer`: the range of every serial id column. */
export const PG_INTEGER_MAX = 2_147_483_647;
/** PostgreSQL `bigint`, as a string (beyond Number's exact range). */
export const PG_BIGINT_MAX = '9223372036854775807';

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS_SINGLE_LINE = /[\u0000-\u001F\u007F]/;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS_MULTI_LINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** A UTF-16 surrogate without its pair: not a character, and not encodable as UTF-8. */
const LONE_SURROGATE = /(?:[\uD800-\uDBFF](?![\uDC00-\uDFFF]))|(?:(?<![\uD800-\uDBFF])[\uDC00-\uDFFF])/;

/**
 * Whether `value` holds a character no text field accepts: NUL and the other C0 controls and DEL (tab, line
 * feed and carriage return allowed only in multi-line text), or half of a surrogate pair.
 */
export function hasForbiddenCharacters(value: string, options: { multiline?: boolean } = {}): boolean {
  const controls = options.multiline ? CONTROL_CHARACTERS_MULTI_LINE : CONTROL_CHARACTERS_SINGLE_LINE;
  return controls.test(value) || LONE_SURROGATE.test(value);
}

export interface TextFieldOptions {
  /** Most characters accepted (after trimming). */
  max: number;
  /** Fewest characters (after trimming); 1 by default, so a blank value is "required". 0 accepts ''. */
  min?: number;
  /** Multi-line text (a textarea): tab and line breaks allowed. */
  multiline?: boolean;
  /** The message when the value is missing or blank, instead of "The <label> field is required.". */
  required?: string;
}

/**
 * A text field: a string, trimmed, `min`..`max` characters, refusing NUL and the other control characters
 * (a clear 422, not PostgreSQL's 22021). Chain `.optional()`, `.nullable()`, `.email()`, `.regex()` as needed.
 */
export function textField(label: string, options: TextFieldOptions) {
  const min = options.min ?? 1;
  const required = options.required ?? `The ${label} field is required.`;
  let schema = z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : `The ${label} field must be a string.`) })
    .trim();
  if (min > 0) {
    schema = schema.min(1, required);
    if (min > 1) schema = schema.min(min, `The ${label} field must be at least ${min} characters.`);
  }
  return schema
    .max(options.max, `The ${label} field must not be greater than ${options.max} characters.`)
    .refine(
      (value) => !hasForbiddenCharacters(value, { multiline: options.multiline }),
      options.multiline
        ? `The ${label} field must not contain control characters (other than tabs and line breaks).`
        : `The ${label} field must not contain control characters or line breaks.`,
    );
}

export interface IdFieldOptions {
  /** The message when the id is missing, instead of "The <label> field is required.". */
  required?: string;
}

function integerMessages(label: string, max: number | string) {
  return {
    integer: `The ${label} field must be an integer.`,
    min: `The ${label} field must be at least 1.`,
    max: `The ${label} field must not be greater than ${max}.`,
  };
}

/** A row id in a JSON body: an integer 1..2,147,483,647 (PostgreSQL `integer`). */
export function idField(label: string, options: IdFieldOptions = {}) {
  const messages = integerMessages(label, PG_INTEGER_MAX);
  const required = options.required ?? `The ${label} field is required.`;
  return z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? required : messages.integer) })
    .int(messages.integer)
    .min(1, options.required ?? messages.min)
    .max(PG_INTEGER_MAX, messages.max);
}

/**
 * A row id given as text (a query-string value or a path parameter, `'42'`): digits only, 1..2,147,483,647,
 * parsed to a number.
 */
export function idStringField(label: string, options: IdFieldOptions = {}) {
  const messages = integerMessages(label, PG_INTEGER_MAX);
  const required = options.required ?? `The ${label} field is required.`;
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : messages.integer) })
    .trim()
    .min(1, required)
    .max(20, messages.max)
    .regex(/^\d+$/, messages.integer)
    .transform(Number)
    .pipe(z.number().int(messages.integer).min(1, messages.min).max(PG_INTEGER_MAX, messages.max));
}

function isBigintInRange(value: string): boolean {
  const digits = value.replace(/^0+(?=\d)/, '');
  if (digits.length !== PG_BIGINT_MAX.length) return digits.length < PG_BIGINT_MAX.length;
  return digits <= PG_BIGINT_MAX;
}

/**
 * A `bigint` row id given as text: digits only, 1..9,223,372,036,854,775,807, kept a string (beyond Number's
 * exact range). For the few tables whose ids are `bigserial`.
 */
export function bigIdStringField(label: string, options: IdFieldOptions = {}) {
  const messages = integerMessages(label, PG_BIGINT_MAX);
  const required = options.required ?? `The ${label} field is required.`;
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : messages.integer) })
    .trim()
    .min(1, required)
    .max(40, messages.max)
    .regex(/^\d+$/, messages.integer)
    .refine((value) => /[1-9]/.test(value), messages.min)
    .refine(isBigintInRange, messages.max)
    .transform((value) => value.replace(/^0+(?=\d)/, ''));
}

// ---- time zones ----

export const TIME_ZONE_MAX = 64;
export const INVALID_TIME_ZONE = 'The timezone field must be a valid time zone.';

/**
 * The zone names the database knows (pg_timezone_names, lower-cased), once the server has installed them; until then
 * (and always in the browser) only the runtime's Intl decides. Intl's ICU still knows links PostgreSQL's tzdata
 * dropped ('US/Pacific-New', 'Canada/East-Saskatchewan'): such a zone passed here and then made `AT TIME ZONE` fail
 * with 22023, a 500 (review of issue 17, finding 3).
 */
let databaseTimeZones: ReadonlySet<string> | undefined;

/** The server's start-up: only these names (the database's pg_timezone_names) are valid zones from now on. */
export function useDatabaseTimeZones(names: Iterable<string>): void {
  databaseTimeZones = new Set([...names].map((name) => name.toLowerCase()));
}

/** Whether the database's list has been installed (the server loads it once, before validating a request). */
export function databaseTimeZonesInstalled(): boolean {
  return databaseTimeZones !== undefined;
}

/**
 * Whether `value` is an IANA time zone ('Asia/Dubai', 'UTC') that the runtime's Intl knows and, on the server, that
 * PostgreSQL knows too (case-insensitively, as both look names up).
 */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
  } catch {
    return false;
  }
  return databaseTimeZones === undefined || databaseTimeZones.has(value.toLowerCase());
}

/** A time zone in a JSON body (PATCH /api/profile `time_zone`) or, through queryField, a query string (`timezone`). */
export function timeZoneField() {
  return z
    .string({ error: INVALID_TIME_ZONE })
    .trim()
    .min(1, INVALID_TIME_ZONE)
    .max(TIME_ZONE_MAX, INVALID_TIME_ZONE)
    .refine(isTimeZone, INVALID_TIME_ZONE);
}
