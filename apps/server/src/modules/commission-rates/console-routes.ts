import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { decimalToMinor } from '@portal/contracts/money';
import {
  CONSOLE_RATE_OPTIONS_URL,
  consoleRateOptionsSchema,
  consoleRateRowSchema,
  consoleRatesEndpoint,
  endRateRequestSchema,
  newRateRequestSchema,
  rateImportQuerySchema,
  rateImportResultSchema,
  RATE_IMPORT_CONTENT_TYPE,
  RATE_IMPORT_MAX_BYTES,
  RATE_IMPORT_URL,
  rateParamsSchema,
  type NewRateRequest,
} from '@portal/contracts/console-commission-rates';
import { messageSchema } from '@portal/contracts/errors';
import { inTransaction, type Queryable } from '../../db/queryable.ts';
import { operatorListRoute, operatorRoute } from '../../kit/operator-routes.ts';
import { recordAudit } from '../../lib/audit/audit-log.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { endRate, exists, facilityCurrency, findContract, findRate, listRates, lockRateCard, overlappingRates, rateOptions } from './console-repository.ts';
import { COMMISSION_RATES_MESSAGES as M } from './messages.ts';
import { ANNOUNCE_RATE_CHANGE_JOB, type AnnounceRateChangeData } from './rate-change-notices.ts';
import { insertRate } from './repository.ts';
import { planRateImport, readRateFile } from './rate-import.ts';
import { Readable } from 'node:stream';
import { AppError } from '../../lib/errors.ts';
import { uploadBodyParser } from '../../lib/upload-body.ts';

const TAGS = ['commission-rates'];

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/**
 * The console's rate card (issue 15): the rows (terms.read), a new row and the end of one (terms.manage). A row is
 * never edited in place: the card keeps what applied on every day, which the ledger prices bookings by. Every write
 * is one transaction, under one lock of the card, with its audit row; an overlap with a row of the same key is a 422
 * that records nothing.
 */
export async function commissionRatesConsoleRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const pool = app.database.pool;
  const url = consoleRatesEndpoint.url;


  function announce(db: Queryable, day: string, key: string): Promise<unknown> {
    return app.jobs.send<AnnounceRateChangeData>(ANNOUNCE_RATE_CHANGE_JOB, { day }, { key, db });
  }

  /** The facility's currency (null for all facilities) and the contract's agent (null for the general card); 422 on an unknown reference. */
  async function checkReferences(db: Queryable, rate: NewRateRequest): Promise<{ currency: string | null; referralAgentId: number | null }> {
    const errors: Record<string, string[]> = {};
    let referralAgentId: number | null = null;
    if (rate.contract_id !== null) {
      referralAgentId = (await findContract(db, rate.contract_id))?.referral_agent_id ?? null;
      if (referralAgentId === null) errors.contract_id = [M.unknownContract];
    }
    let currency: string | null = null;
    if (rate.facility_id !== null) {
      currency = (await facilityCurrency(db, rate.facility_id)) ?? null;
      if (currency === null) errors.facility_id = [M.unknownFacility];
    }
    if (rate.service_id !== null && !(await exists(db, 'services', rate.service_id))) errors.service_id = [M.unknownService];
    if (rate.specialty_id !== null && !(await exists(db, 'specialties', rate.specialty_id))) errors.specialty_id = [M.unknownSpecialty];
    if (rate.tier_id !== null && !(await exists(db, 'partner_tiers', rate.tier_id))) errors.tier_id = [M.unknownTier];
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    return { currency, referralAgentId };
  }

  operatorListRoute(app, {
    endpoint: consoleRatesEndpoint,
    permission: 'terms.read',
    tags: TAGS,
    summary: "The rate card's rows (the general card, contracts' overrides or both), filtered by facility, tier and status",
    list: (_operator, query) => listRates(pool, query),
  });

  app.get(
    CONSOLE_RATE_OPTIONS_URL,
    operatorRoute(app, { permission: 'terms.read', tags: TAGS, summary: 'The facilities, specialties, services and tiers a row can be for', response: { 200: consoleRateOptionsSchema } }),
    async () => rateOptions(pool),
  );

  app.post(
    url,
    operatorRoute(app, {
      permission: 'terms.manage',
      tags: TAGS,
      summary: "Add a row to the rate card, or to an individual contract's negotiated rates",
      description: 'A percentage is in basis points; a flat amount is a decimal string in the facility\'s currency (or, for all facilities, its own). No two rows of the same facility, service, specialty and tier (and agent, for a contract\'s row) may overlap in time. A contract\'s row applies to its agent only, over the card, once the contract is published.',
      body: newRateRequestSchema,
      response: { 201: consoleRateRowSchema },
    }),
    async (request, reply) => {
      const rate = request.body;
      const id = await inTransaction(pool, async (client) => {
        await lockRateCard(client);
        const { currency: facilityBills, referralAgentId } = await checkReferences(client, rate);
        let currency: string | null = null;
        let amountMinor: number | null = null;
        if (rate.kind === 'flat') {
          currency = facilityBills ?? rate.currency;
          if (facilityBills !== null && rate.currency !== null && rate.currency !== facilityBills) {
            throw ValidationError.field('currency', M.currencyNotFacility({ currency: facilityBills }));
          }
          amountMinor = decimalToMinor(rate.amount!, currency!);
          if (amountMinor === null) throw ValidationError.field('amount', M.tooManyDecimals);
        }
        const key = { facilityId: rate.facility_id, serviceId: rate.service_id, specialtyId: rate.specialty_id, tierId: rate.tier_id, referralAgentId };
        const [overlap] = await overlappingRates(client, key, rate.valid_from, rate.valid_to);
        if (overlap) throw ValidationError.field('valid_from', M.overlaps({ from: overlap.valid_from, to: overlap.valid_to ?? M.openEnded }));
        const created = await insertRate(client, {
          facilityId: rate.facility_id,
          serviceId: rate.service_id,
          specialtyId: rate.specialty_id,
          tierId: rate.tier_id,
          referralAgentId,
          agreementId: rate.contract_id,
          kind: rate.kind,
          basisPoints: rate.kind === 'percentage' ? rate.basis_points : null,
          amountMinor,
          currency: rate.kind === 'flat' ? currency : null,
          baseDescription: rate.base_description,
          baseDescriptionAr: rate.base_description_ar,
          refundWindowDays: rate.refund_window_days,
          validFrom: rate.valid_from,
          validTo: rate.valid_to,
        });
        await recordAudit(client, request.auditActor, { action: 'commission_rate.created', target: { type: 'commission_rate', id: created }, after: { ...rate } });
        // Partners hear of it once it commits: the rows starting (and ending) on those days change rates.
        await announce(client, rate.valid_from, `created:${created}:from`);
        if (rate.valid_to !== null) await announce(client, rate.valid_to, `created:${created}:to`);
        return created;
      });
      return reply.code(201).send((await findRate(pool, id))!);
    },
  );

  // The file itself is the body (as the logos': no multipart parser), read whole up to 2 MB.
  app.addContentTypeParser(RATE_IMPORT_CONTENT_TYPE, uploadBodyParser);

  async function readUpload(body: unknown): Promise<Buffer> {
    if (!(body instanceof Readable)) throw ValidationError.field('file', M.importNotSent);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of body) {
      size += (chunk as Buffer).length;
      if (size > RATE_IMPORT_MAX_BYTES) throw ValidationError.field('file', M.importTooLarge);
      chunks.push(chunk as Buffer);
    }
    if (size === 0) throw ValidationError.field('file', M.importEmpty);
    return Buffer.concat(chunks);
  }

  app.post(
    RATE_IMPORT_URL,
    operatorRoute(app, {
      permission: 'terms.manage',
      tags: TAGS,
      summary: 'Import rows of the card from an xlsx or csv file: a preview of what changes, or (apply=true) all of them at once',
      description:
        'The body is the file itself, `Content-Type: application/octet-stream`. Each row is checked as the form checks a new rate, and against the card: ' +
        'a row overlapping an open-ended row of the same facility, service, specialty and tier that started earlier ends it on its first day. With apply=true ' +
        'every row is added in one transaction, or none (422 with the rows) when any is refused.',
      querystring: rateImportQuerySchema,
      consumes: [RATE_IMPORT_CONTENT_TYPE],
      response: { 200: rateImportResultSchema, 415: messageSchema },
    }),
    async (request, reply) => {
      const rows = await readRateFile(await readUpload(request.body));
      const apply = request.query.apply === 'true';
      const result = await inTransaction(pool, async (client) => {
        await lockRateCard(client);
        const planned = await planRateImport(client, rows);
        const invalid = planned.filter((row) => row.report.errors.length > 0).length;
        const summary = { valid: planned.length - invalid, invalid, rows: planned.map((row) => row.report) };
        if (!apply) return { applied: false, ...summary };
        if (invalid > 0) throw new AppError(422, M.importRefused, 'rate_import_refused', { errors: { file: [M.importRefused] } });
        const days = new Set<string>();
        for (const row of planned) {
          const rate = row.rate!;
          if (row.endsId !== null) {
            await endRate(client, row.endsId, rate.validFrom);
            await recordAudit(client, request.auditActor, { action: 'commission_rate.ended', target: { type: 'commission_rate', id: row.endsId }, before: { valid_to: null }, after: { valid_to: rate.validFrom }, reason: `import, line ${row.report.line}` });
          }
          const created = await insertRate(client, rate);
          await recordAudit(client, request.auditActor, { action: 'commission_rate.imported', target: { type: 'commission_rate', id: created }, after: { ...rate, line: row.report.line, file: request.query.filename ?? null } });
          days.add(rate.validFrom);
          if (rate.validTo) days.add(rate.validTo);
        }
        for (const day of days) await announce(client, day, `import:${day}:${Date.now()}`);
        return { applied: true, ...summary };
      });
      return reply.send(result);
    },
  );

  app.post(
    `${url}/:id/end`,
    operatorRoute(app, {
      permission: 'terms.manage',
      tags: TAGS,
      summary: 'End a row of the rate card: it applies up to the day before valid_to',
      params: rateParamsSchema,
      body: endRateRequestSchema,
      response: { 200: consoleRateRowSchema, 404: messageSchema },
    }),
    async (request) => {
      const id = request.params.id;
      const { valid_to: validTo } = request.body;
      await inTransaction(pool, async (client) => {
        await lockRateCard(client);
        const rate = await findRate(client, id, true);
        if (!rate) throw new NotFoundError();
        if (validTo <= rate.valid_from) throw ValidationError.field('valid_to', M.endNotAfterStart({ from: rate.valid_from, next: nextDay(rate.valid_from) }));
        if (rate.valid_to !== null && validTo >= rate.valid_to) throw ValidationError.field('valid_to', M.alreadyEnds({ to: rate.valid_to }));
        await endRate(client, id, validTo);
        await recordAudit(client, request.auditActor, {
          action: 'commission_rate.ended',
          target: { type: 'commission_rate', id },
          before: { valid_to: rate.valid_to },
          after: { valid_to: validTo },
        });
        await announce(client, validTo, `ended:${id}:${validTo}`);
      });
      return (await findRate(pool, id))!;
    },
  );
}
