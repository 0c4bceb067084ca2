import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { decimalToMinor } from '@portal/contracts/money';
import { RATE_IMPORT_COLUMNS, RATE_IMPORT_MAX_ROWS, newRateRequestSchema, type RateImportRow } from '@portal/contracts/console-commission-rates';
import type { Queryable } from '../../db/queryable.ts';
import { ValidationError } from '../../lib/errors.ts';
import { contractsByKey, overlappingRates } from './console-repository.ts';
import { COMMISSION_RATES_MESSAGES as M } from './messages.ts';
import type { NewRate } from './repository.ts';

type Column = (typeof RATE_IMPORT_COLUMNS)[number];
export interface FileRow {
  line: number;
  cells: Partial<Record<Column, string>>;
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    return '';
  }
  return String(value);
}

/** The rows of an xlsx (its first sheet) or UTF-8 csv file, by the header's column names; 422 on `file` otherwise. */
export async function readRateFile(bytes: Buffer): Promise<FileRow[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    if (bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    else {
      const text = bytes.toString('utf8');
      if (text.includes('\u0000') || text.includes('\uFFFD')) throw ValidationError.field('file', M.importUnreadable);
      await workbook.csv.read(Readable.from([text.replace(/^\uFEFF/, '')]));
    }
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    throw ValidationError.field('file', M.importUnreadable);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet || sheet.rowCount < 2) throw ValidationError.field('file', M.importEmpty);
  const header = (sheet.getRow(1).values as ExcelJS.CellValue[]).map((value) => cellText(value).trim().toLowerCase().replace(/\s+/g, '_'));
  const positions = new Map<Column, number>();
  header.forEach((name, index) => {
    if ((RATE_IMPORT_COLUMNS as readonly string[]).includes(name)) positions.set(name as Column, index);
  });
  const missing = (['kind', 'base_description', 'base_description_ar', 'refund_window_days', 'valid_from'] as const).filter((column) => !positions.has(column));
  if (missing.length > 0) throw ValidationError.field('file', M.importColumns({ columns: missing.join(', ') }));
  const rows: FileRow[] = [];
  sheet.eachRow((row, line) => {
    if (line === 1) return;
    const values = row.values as ExcelJS.CellValue[];
    const cells: FileRow['cells'] = {};
    for (const [column, index] of positions) cells[column] = cellText(values[index]).trim();
    if (Object.values(cells).every((value) => value === '')) return;
    rows.push({ line, cells });
  });
  if (rows.length === 0) throw ValidationError.field('file', M.importEmpty);
  if (rows.length > RATE_IMPORT_MAX_ROWS) throw ValidationError.field('file', M.importTooMany({ max: String(RATE_IMPORT_MAX_ROWS) }));
  return rows;
}

const KNOWN_CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

export interface PlannedRow {
  report: RateImportRow;
  rate: NewRate | null;
  endsId: number | null;
}

function overlapsRange(a: { from: string; to: string | null }, b: { from: string; to: string | null }): boolean {
  return (b.to === null || a.from < b.to) && (a.to === null || b.from < a.to);
}

/**
 * What the file would do to the card: each row resolved (names to ids), checked as the console's form is (the
 * contract's schema, the facility's currency), and against the card: a row overlapping an open-ended row of the same
 * facility, service, specialty and tier (and agent, for an individual contract's row) that started before it ends that
 * row on its first day; any other overlap, with
 * the card or with another row of the file, is refused.
 */
export async function planRateImport(db: Queryable, rows: FileRow[]): Promise<PlannedRow[]> {
  const lookup = async (table: 'facilities' | 'services' | 'specialties' | 'partner_tiers') => {
    const { rows: found } = await db.query<{ id: number; name: string; currency?: string; slug?: string }>(
      table === 'facilities' ? 'SELECT id, name, currency FROM facilities' : table === 'partner_tiers' ? 'SELECT id, name, slug FROM partner_tiers' : `SELECT id, name FROM ${table}`,
    );
    const map = new Map<string, { id: number; currency?: string }>();
    for (const row of found) {
      map.set(row.name.toLowerCase(), { id: row.id, ...(row.currency ? { currency: row.currency } : {}) });
      if (row.slug) map.set(row.slug.toLowerCase(), { id: row.id });
    }
    return map;
  };
  const [facilities, services, specialties, tiers, contracts] = await Promise.all([lookup('facilities'), lookup('services'), lookup('specialties'), lookup('partner_tiers'), contractsByKey(db)]);
  const planned: PlannedRow[] = [];

  for (const { line, cells } of rows) {
    const errors: string[] = [];
    const named = (map: Map<string, { id: number; currency?: string }>, value: string | undefined, unknown: (name: string) => string) => {
      if (!value) return null;
      const found = map.get(value.toLowerCase());
      if (!found) errors.push(unknown(value));
      return found ?? null;
    };
    const facility = named(facilities, cells.facility, (name) => M.importUnknownFacility({ name }));
    const service = named(services, cells.service, (name) => M.importUnknownService({ name }));
    const specialty = named(specialties, cells.specialty, (name) => M.importUnknownSpecialty({ name }));
    const tier = named(tiers, cells.tier, (name) => M.importUnknownTier({ name }));
    const contract = cells.contract ? (contracts.get(cells.contract.toLowerCase()) ?? null) : null;
    if (cells.contract && !contract) errors.push(M.importUnknownContract({ name: cells.contract }));
    const kind = (cells.kind ?? '').toLowerCase();
    const currencyCell = (cells.currency ?? '').toUpperCase();
    if (currencyCell && (!/^[A-Z]{3}$/.test(currencyCell) || !KNOWN_CURRENCIES.has(currencyCell))) errors.push(M.importUnknownCurrency({ currency: cells.currency ?? '' }));
    const rateCell = (cells.rate ?? '').replace(',', '.');
    const request = {
      facility_id: facility?.id ?? null,
      service_id: service?.id ?? null,
      specialty_id: specialty?.id ?? null,
      tier_id: tier?.id ?? null,
      contract_id: contract?.id ?? null,
      kind,
      basis_points: kind === 'percentage' && rateCell !== '' ? (/^\d+(\.\d+)?$/.test(rateCell) ? Number((Number(rateCell) * 100).toFixed(6)) : Number.NaN) : null,
      amount: kind === 'flat' && cells.amount ? cells.amount.replace(',', '.') : null,
      currency: kind === 'flat' && currencyCell ? currencyCell : null,
      base_description: cells.base_description ?? '',
      base_description_ar: cells.base_description_ar ?? '',
      refund_window_days: /^\d+$/.test(cells.refund_window_days ?? '') ? Number(cells.refund_window_days) : Number.NaN,
      valid_from: cells.valid_from ?? '',
      valid_to: cells.valid_to ? cells.valid_to : null,
    };
    const parsed = newRateRequestSchema.safeParse(request);
    if (!parsed.success) errors.push(...new Set(parsed.error.issues.map((issue) => issue.message)));

    let rate: NewRate | null = null;
    let ends: RateImportRow['ends'] = null;
    let currency: string | null = null;
    let amountMinor: number | null = null;
    if (parsed.success && errors.length === 0) {
      const value = parsed.data;
      if (value.kind === 'flat') {
        currency = facility?.currency ?? value.currency;
        if (facility?.currency && value.currency !== null && value.currency !== facility.currency) errors.push(M.currencyNotFacility({ currency: facility.currency }));
        amountMinor = decimalToMinor(value.amount!, currency!);
        if (amountMinor === null) errors.push(M.tooManyDecimals);
      }
      const referralAgentId = contract?.referral_agent_id ?? null;
      const key = { facilityId: value.facility_id, serviceId: value.service_id, specialtyId: value.specialty_id, tierId: value.tier_id, referralAgentId };
      const overlaps = await overlappingRates(db, key, value.valid_from, value.valid_to);
      const [first] = overlaps;
      if (overlaps.length === 1 && first && first.valid_to === null && first.valid_from < value.valid_from) ends = { id: first.id, valid_from: value.valid_from };
      else if (first) errors.push(M.overlaps({ from: first.valid_from, to: first.valid_to ?? M.openEnded }));
      const sameKeyEarlier = planned.find(
        (other) =>
          other.rate &&
          other.rate.facilityId === value.facility_id &&
          other.rate.serviceId === value.service_id &&
          other.rate.specialtyId === value.specialty_id &&
          other.rate.tierId === value.tier_id &&
          (other.rate.referralAgentId ?? null) === referralAgentId &&
          overlapsRange({ from: other.rate.validFrom, to: other.rate.validTo ?? null }, { from: value.valid_from, to: value.valid_to }),
      );
      if (sameKeyEarlier) errors.push(M.importOverlapsLine({ line: String(sameKeyEarlier.report.line) }));
      if (errors.length === 0) {
        rate = {
          facilityId: value.facility_id,
          serviceId: value.service_id,
          specialtyId: value.specialty_id,
          tierId: value.tier_id,
          referralAgentId,
          agreementId: value.contract_id,
          kind: value.kind,
          basisPoints: value.kind === 'percentage' ? value.basis_points : null,
          amountMinor,
          currency: value.kind === 'flat' ? currency : null,
          baseDescription: value.base_description,
          baseDescriptionAr: value.base_description_ar,
          refundWindowDays: value.refund_window_days,
          validFrom: value.valid_from,
          validTo: value.valid_to,
        };
      }
    }
    planned.push({
      rate,
      endsId: rate && ends ? ends.id : null,
      report: {
        line,
        facility: cells.facility || null,
        service: cells.service || null,
        specialty: cells.specialty || null,
        tier: cells.tier || null,
        contract: cells.contract || null,
        kind: kind === 'percentage' || kind === 'flat' ? kind : null,
        basis_points: rate?.basisPoints ?? null,
        amount_minor: rate?.amountMinor ?? null,
        currency: rate ? (rate.currency ?? facility?.currency ?? null) : null,
        refund_window_days: rate?.refundWindowDays ?? null,
        valid_from: cells.valid_from || null,
        valid_to: cells.valid_to || null,
        ends: rate ? ends : null,
        errors,
      },
    });
  }
  return planned;
}
