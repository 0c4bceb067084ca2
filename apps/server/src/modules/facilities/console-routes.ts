import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageSchema } from '@portal/contracts/errors';
import {
  facilitiesEndpoint,
  facilityDetailSchema,
  facilityLocationParamsSchema,
  facilityLocationRequestSchema,
  facilityParamsSchema,
  facilityRequestSchema,
  slugOf,
  type FacilityDetail,
  type FacilityRequest,
} from '@portal/contracts/console-facilities';
import { inTransaction, type Queryable } from '../../db/queryable.ts';
import { operatorListRoute, operatorRoute } from '../../kit/operator-routes.ts';
import { recordAudit } from '../../lib/audit/audit-log.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import {
  countLocationBookings,
  deleteLocation,
  findFacility,
  findLocationNamesake,
  findNamesake,
  freeSlug,
  hasFlatRatesInOtherCurrency,
  insertFacility,
  insertLocation,
  listFacilities,
  lockFacility,
  lockLocation,
  lockSlug,
  updateFacility,
  updateLocation,
  type FacilityRecord,
  type LocationRecord,
} from './console-repository.ts';
import { FACILITY_MESSAGES as M } from './messages.ts';

const TAGS = ['facilities'];
const PERMISSION = 'facilities.manage';

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const fields = error as { code?: unknown; constraint?: unknown } | null;
  return typeof fields === 'object' && fields !== null && fields.code === '23505' && fields.constraint === constraint;
}

function isForeignKeyViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23503';
}

/** Only the fields whose value changed, before and after: what the audit row keeps. */
function changes<T extends object>(before: T, after: T): { before: Partial<T>; after: Partial<T> } | null {
  const was: Partial<T> = {};
  const now: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (before[key] !== after[key]) {
      was[key] = before[key];
      now[key] = after[key];
    }
  }
  return Object.keys(now).length === 0 ? null : { before: was, after: now };
}

function facilityFields(record: FacilityRecord): FacilityRequest {
  return { name: record.name, country: record.country as FacilityRequest['country'], city: record.city, currency: record.currency };
}

function locationFields(record: LocationRecord) {
  return { name: record.name, address: record.address, city: record.city, country: record.country };
}

/**
 * The console's Facilities endpoints (issue 14), all for facilities.manage: the list, a facility with its locations
 * and its services, creating and editing a facility, and adding, editing and removing its locations. Each write is
 * one transaction with its audit row; a name already taken, or a location bookings refer to, is a 409 that records
 * nothing. The partner portal's GET /api/general/get-facilities (routes.ts) is untouched.
 */
export async function facilityConsoleRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const pool = app.database.pool;
  const url = facilitiesEndpoint.url;


  async function detailOf(db: Queryable, id: number): Promise<FacilityDetail> {
    const detail = await findFacility(db, id);
    if (!detail) throw new NotFoundError();
    return detail;
  }

  async function refuseNamesake(db: Queryable, facility: FacilityRequest, exceptId: number | null): Promise<void> {
    const namesake = await findNamesake(db, facility, exceptId);
    if (namesake) throw new ConflictError(M.facilityExists({ name: namesake.name, city: namesake.city }));
  }

  const detailResponses = { 200: facilityDetailSchema, 404: messageSchema, 409: messageSchema };

  operatorListRoute(app, {
    endpoint: facilitiesEndpoint,
    permission: PERMISSION,
    tags: TAGS,
    summary: 'Every facility with its locations and bookings counted: search by name, slug, city or location; filter by country',
    list: (_operator, query) => listFacilities(pool, query),
  });

  app.post(
    url,
    operatorRoute(app, {
      permission: PERMISSION,
      tags: TAGS,
      summary: 'Create a facility; its slug is made from the name, unique',
      description: "The slug is the name in lower-case Latin letters and digits ('al-safa-hospital'), with '-2', '-3', … when taken; it is kept when the facility is renamed.",
      body: facilityRequestSchema,
      response: { 201: facilityDetailSchema, 409: messageSchema },
    }),
    async (request, reply) => {
      const facility = request.body;
      const base = slugOf(facility.name);
      try {
        const id = await inTransaction(pool, async (client) => {
          await lockSlug(client, base);
          await refuseNamesake(client, facility, null);
          const slug = await freeSlug(client, base);
          const created = await insertFacility(client, { ...facility, slug });
          await recordAudit(client, request.auditActor, {
            action: 'facility.created',
            target: { type: 'facility', id: created },
            after: { ...facility, slug },
          });
          return created;
        });
        return reply.code(201).send(await detailOf(pool, id));
      } catch (error) {
        // A facility whose own base slug is this one's with a number ('x-2') was created at the same moment.
        if (isUniqueViolation(error, 'facilities_slug_key')) throw new ConflictError(M.slugRace);
        throw error;
      }
    },
  );

  app.get(
    `${url}/:id`,
    operatorRoute(app, {
      permission: PERMISSION,
      tags: TAGS,
      summary: 'A facility: its name, country, city and slug, its locations and the services it offers at its prices, with their bookings counted',
      params: facilityParamsSchema,
      response: { 200: facilityDetailSchema, 404: messageSchema },
    }),
    async (request) => detailOf(pool, request.params.id),
  );

  app.put(
    `${url}/:id`,
    operatorRoute(app, {
      permission: PERMISSION,
      tags: TAGS,
      summary: "Edit a facility's name, country, city and billing currency (its slug stays); partners find its bookings by the new name at once",
      params: facilityParamsSchema,
      body: facilityRequestSchema,
      response: detailResponses,
    }),
    async (request) => {
      await inTransaction(pool, async (client) => {
        const current = await lockFacility(client, request.params.id);
        if (!current) throw new NotFoundError();
        const changed = changes(facilityFields(current), request.body);
        if (!changed) return;
        await refuseNamesake(client, request.body, current.id);
        // A flat rate is an amount in the currency the facility bills in: it would silently become another amount.
        if (request.body.currency !== current.currency && (await hasFlatRatesInOtherCurrency(client, current.id, request.body.currency))) {
          throw ValidationError.field('currency', M.currencyHasFlatRates({ currency: current.currency }));
        }
        // The bookings' search text follows the name in this transaction (trigger of migration 0002).
        await updateFacility(client, current.id, request.body);
        await recordAudit(client, request.auditActor, { action: 'facility.updated', target: { type: 'facility', id: current.id }, ...changed });
      });
      return detailOf(pool, request.params.id);
    },
  );

  app.post(
    `${url}/:id/locations`,
    operatorRoute(app, {
      permission: PERMISSION,
      tags: TAGS,
      summary: 'Add a location to a facility',
      params: facilityParamsSchema,
      body: facilityLocationRequestSchema,
      response: { 201: facilityDetailSchema, 404: messageSchema, 409: messageSchema },
    }),
    async (request, reply) => {
      const location = request.body;
      await inTransaction(pool, async (client) => {
        const facility = await lockFacility(client, request.params.id);
        if (!facility) throw new NotFoundError();
        if (await findLocationNamesake(client, facility.id, location.name, null)) throw new ConflictError(M.locationExists({ name: location.name }));
        const id = await insertLocation(client, facility.id, location);
        await recordAudit(client, request.auditActor, {
          action: 'facility.location_added',
          target: { type: 'facility_location', id },
          after: { facility_id: facility.id, ...location },
        });
      });
      return reply.code(201).send(await detailOf(pool, request.params.id));
    },
  );

  app.put(
    `${url}/:id/locations/:locationId`,
    operatorRoute(app, {
      permission: PERMISSION,
      tags: TAGS,
      summary: "Edit a facility's location: name, address, city, country",
      params: facilityLocationParamsSchema,
      body: facilityLocationRequestSchema,
      response: detailResponses,
    }),
    async (request) => {
      const { id, locationId } = request.params;
      await inTransaction(pool, async (client) => {
        const current = await lockLocation(client, id, locationId);
        if (!current) throw new NotFoundError();
        const changed = changes(locationFields(current), request.body);
        if (!changed) return;
        if (await findLocationNamesake(client, id, request.body.name, locationId)) throw new ConflictError(M.locationExists({ name: request.body.name }));
        await updateLocation(client, locationId, request.body);
        await recordAudit(client, request.auditActor, {
          action: 'facility.location_updated',
          target: { type: 'facility_location', id: locationId },
          before: { facility_id: id, ...changed.before },
          after: { facility_id: id, ...changed.after },
        });
      });
      return detailOf(pool, id);
    },
  );

  app.delete(
    `${url}/:id/locations/:locationId`,
    operatorRoute(app, {
      permission: PERMISSION,
      tags: TAGS,
      summary: 'Remove a location no booking refers to (a location in use is a 409)',
      params: facilityLocationParamsSchema,
      response: detailResponses,
    }),
    async (request) => {
      const { id, locationId } = request.params;
      try {
        await inTransaction(pool, async (client) => {
          // Locked: a booking being written with this location waits, then fails its foreign key, or commits first and is counted.
          const current = await lockLocation(client, id, locationId);
          if (!current) throw new NotFoundError();
          const bookings = await countLocationBookings(client, id, locationId);
          if (bookings > 0) throw new ConflictError(M.locationInUse({ count: bookings }));
          await deleteLocation(client, locationId);
          await recordAudit(client, request.auditActor, {
            action: 'facility.location_removed',
            target: { type: 'facility_location', id: locationId },
            before: { facility_id: id, ...locationFields(current) },
          });
        });
      } catch (error) {
        if (isForeignKeyViolation(error)) throw new ConflictError(M.locationInUse({ count: await countLocationBookings(pool, id, locationId) }));
        throw error;
      }
      return detailOf(pool, id);
    },
  );
}
