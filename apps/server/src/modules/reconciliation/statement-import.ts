import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { REQUIRED_STATEMENT_FIELDS, STATEMENT_FIELDS, STATEMENT_PREVIEW_ROWS, type ColumnMapping, type StatementField } from '@portal/contracts/console-reconciliation';
import { BOOKING_ID_PREFIX } from '@portal/contracts/constants';
import { decimalToMinor, isCurrencyCode } from '@portal/contracts/money';
import { ValidationError } from '../../lib/errors.ts';
import { RECONCILIATION_MESSAGES as M } from './messages.ts';

/**
 * Reading a facility's statement (CSV, UTF-8), streamed: the header, the column mapping (given, remembered for the
 * facility, or guessed from the header), and every row checked, with its reasons when it fails. Nothing is written
 * here: the service writes the lines only when the operator confirms, and only when no row failed.
 */

export interface StatementLine {
  rowNumber: number;
  facilityRef: string;
  bookingRef: string | null;
  referralCode: string | null;
  treatmentOn: string;
  service: string;
  amountMinor: number;
  currency: string;
  patientInitials: string | null;
  birthYear: number | null;
}

export interface ReadStatement {
  headers: string[];
  mapping: ColumnMapping;
  rows: number;
  lines: StatementLine[];
  preview: Record<string, string>[];
  errors: { row: number; errors: string[] }[];
  invalid: number;
}

const MAX_ERRORS_LISTED = 500;
const CELL_MAX = 200;

/** Header words that name each field, for a first import without a mapping. */
const GUESSES: Record<StatementField, RegExp> = {
  facility_ref: /^(facility[ _-]?ref(erence)?|invoice|invoice[ _-]?(no|number)|ref(erence)?|visit[ _-]?id)$/i,
  treatment_date: /^(treatment[ _-]?date|date|date[ _-]?of[ _-]?service|visit[ _-]?date|service[ _-]?date)$/i,
  service: /^(service|procedure|treatment)$/i,
  amount: /^(amount|billed|billed[ _-]?amount|total|charge)$/i,
  currency: /^(currency|ccy)$/i,
  booking_ref: /^(booking[ _-]?ref(erence)?|booking|ticket|booking[ _-]?id)$/i,
  referral_code: /^(referral[ _-]?code|partner[ _-]?code|code)$/i,
  patient_initials: /^(initials|patient[ _-]?initials)$/i,
  birth_year: /^(birth[ _-]?year|year[ _-]?of[ _-]?birth|yob)$/i,
};

export function guessMapping(headers: string[]): ColumnMapping {
  const mapping: ColumnMapping = {};
  for (const field of STATEMENT_FIELDS) {
    const header = headers.find((name) => GUESSES[field].test(name.trim()));
    if (header !== undefined) mapping[field] = header;
  }
  return mapping;
}

/** A calendar date: 'YYYY-MM-DD' or 'DD/MM/YYYY', that exists. */
export function parseDay(value: string): string | null {
  let match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  let year: number, month: number, day: number;
  if (match) [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else if ((match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value))) [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** A spreadsheet would run a cell starting with one of these: refused rather than stored and exported again. */
const FORMULA_START = /^[=+@\t\r]|^-(?!\d)/;

function normaliseBookingRef(value: string): string {
  const upper = value.toUpperCase();
  return upper.startsWith(BOOKING_ID_PREFIX.toUpperCase()) ? upper.slice(BOOKING_ID_PREFIX.length) : upper;
}

interface RowContext {
  periodCurrency: string;
  /** 'YYYY-MM': a treatment date outside the period's month is refused */
  month: string;
}

function checkRow(cells: Record<string, string>, mapping: ColumnMapping, rowNumber: number, context: RowContext): { line?: StatementLine; errors: string[] } {
  const errors: string[] = [];
  const value = (field: StatementField): string => {
    const header = mapping[field];
    return header === undefined ? '' : (cells[header] ?? '').trim();
  };
  for (const field of STATEMENT_FIELDS) {
    const raw = value(field);
    if (raw.includes('\u0000')) errors.push(M.cellNul({ field }));
    else if (FORMULA_START.test(raw)) errors.push(M.cellFormula({ field }));
    else if (raw.length > CELL_MAX) errors.push(M.cellTooLong({ field }));
  }
  if (errors.length > 0) return { errors };
  for (const field of REQUIRED_STATEMENT_FIELDS) if (value(field) === '') errors.push(M.cellRequired({ field }));

  const treatmentOn = value('treatment_date') === '' ? null : parseDay(value('treatment_date'));
  if (value('treatment_date') !== '' && treatmentOn === null) errors.push(M.badDate({ value: value('treatment_date') }));
  else if (treatmentOn !== null && treatmentOn.slice(0, 7) !== context.month) errors.push(M.dateOutsidePeriod({ date: treatmentOn, month: context.month }));

  const currency = (value('currency') || context.periodCurrency).toUpperCase();
  if (!isCurrencyCode(currency)) errors.push(M.badCurrency({ value: currency }));
  else if (currency !== context.periodCurrency) errors.push(M.otherCurrency({ currency, period: context.periodCurrency }));

  const amountText = value('amount').replace(/,/g, '');
  let amountMinor: number | null = null;
  if (amountText !== '') {
    amountMinor = /^\d{1,12}(\.\d+)?$/.test(amountText) && isCurrencyCode(currency) ? decimalToMinor(amountText, currency) : null;
    if (amountMinor === null || !Number.isSafeInteger(amountMinor)) errors.push(M.badAmount({ value: value('amount'), currency }));
  }

  const initials = value('patient_initials').toUpperCase().replace(/[.\s]/g, '');
  if (initials !== '' && !/^[A-Z]{1,3}$/.test(initials)) errors.push(M.badInitials);
  const birthYearText = value('birth_year');
  const birthYear = birthYearText === '' ? null : Number(birthYearText);
  if (birthYear !== null && (!/^\d{4}$/.test(birthYearText) || birthYear < 1900 || birthYear > new Date().getUTCFullYear())) errors.push(M.badBirthYear);
  const referralCode = value('referral_code').toUpperCase();
  if (referralCode !== '' && !/^[A-Z0-9]{4,16}$/.test(referralCode)) errors.push(M.badReferralCode);

  if (errors.length > 0 || treatmentOn === null || amountMinor === null) return { errors };
  return {
    errors,
    line: {
      rowNumber,
      facilityRef: value('facility_ref'),
      bookingRef: value('booking_ref') === '' ? null : normaliseBookingRef(value('booking_ref')),
      referralCode: referralCode === '' ? null : referralCode,
      treatmentOn,
      service: value('service'),
      amountMinor,
      currency,
      patientInitials: initials === '' ? null : initials,
      birthYear,
    },
  };
}

/**
 * Reads the statement from a stream: the header first, then each row against the mapping. A file that is not CSV
 * (unbalanced quotes, a binary) is a 422 on `file`; a mapping that names a column the file lacks, or leaves a
 * required field out, is a 422 on `mapping`.
 */
export async function readStatement(source: Readable, options: { mapping: ColumnMapping | undefined; remembered: ColumnMapping | null; context: RowContext }): Promise<ReadStatement> {
  const parser = source.pipe(
    parse({ bom: true, columns: false, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, max_record_size: 64 * 1024 }),
  );
  let headers: string[] | null = null;
  let mapping: ColumnMapping = {};
  const result: ReadStatement = { headers: [], mapping, rows: 0, lines: [], preview: [], errors: [], invalid: 0 };
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (headers === null) {
        headers = record.map((cell) => cell.trim());
        if (headers.some((cell) => cell.includes('\u0000'))) throw ValidationError.field('file', M.notCsv);
        mapping = options.mapping ?? (options.remembered && mappingFits(options.remembered, headers) ? options.remembered : guessMapping(headers));
        const missing = REQUIRED_STATEMENT_FIELDS.filter((field) => mapping[field] === undefined);
        const unknown = Object.values(mapping).filter((header) => !headers!.includes(header));
        if (unknown.length > 0) throw ValidationError.field('mapping', M.mappingUnknownColumns({ columns: unknown.join(', ') }));
        if (missing.length > 0) throw ValidationError.field('mapping', M.mappingMissing({ fields: missing.join(', ') }));
        result.headers = headers;
        result.mapping = mapping;
        continue;
      }
      result.rows += 1;
      const rowNumber = result.rows;
      const cells = Object.fromEntries(headers.map((header, index) => [header, record[index] ?? '']));
      if (result.preview.length < STATEMENT_PREVIEW_ROWS) result.preview.push(cells);
      const checked = checkRow(cells, mapping, rowNumber, options.context);
      if (checked.line) result.lines.push(checked.line);
      else {
        result.invalid += 1;
        if (result.errors.length < MAX_ERRORS_LISTED) result.errors.push({ row: rowNumber, errors: checked.errors });
      }
    }
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    throw ValidationError.field('file', M.notCsv);
  }
  if (headers === null || result.rows === 0) throw ValidationError.field('file', M.noRows);
  return result;
}

function mappingFits(mapping: ColumnMapping, headers: string[]): boolean {
  return Object.values(mapping).every((header) => headers.includes(header));
}
