import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { bookingListQuerySchema, bookingPageSchema, type BookingListQuery } from '@portal/contracts/bookings';
import type { PartnerPermission } from '@portal/contracts/partner-roles';
import { assertPartnerCan, currentUser, type AuthenticatedUser } from '../../plugins/auth-guard.ts';
import { requestQueryValues } from '../../lib/paginate.ts';
import { partnerErrorResponses } from '../../kit/partner-routes.ts';
import { createBookingsService, type BookingsService } from './service.ts';
import { sendExportFile } from '../../lib/exports/send-export.ts';
import { bookingExportColumns, bookingsExportDocument, bookingsExportName } from './export-columns.ts';

/** Bookings carry patients' names: finance (no referrals.read) gets 403; an 'agent' sees only their own (toFilters). */
const BOOKINGS_PERMISSION: PartnerPermission = 'referrals.read';

/** Query keys carried into the paginator's page links (Laravel's withQueryString). */
const LINK_KEYS = ['team', 'filter_by', 'from', 'to', 'search', 'medical_service_provider', 'invoice_status', 'sort', 'per_page', 'timezone'];

/**
 * GET /api/clients/bookings: the signed-in partner's bookings (their referral agent's), filtered, sorted and
 * paged; with `format=xlsx|pdf` the whole filtered list as a file.
 *
 * The session is checked before the query is (401 before 422, as Laravel's middleware order gives), but its
 * lookup is deferred to the handler: a valid list without search words reads the session and the page in one
 * statement (one database round trip instead of two on the portal's busiest read; see
 * docs/decisions-bookings.md), and the auth guard then rules on that session before the page is used.
 * Everything else (invalid queries, exports, searches) has the guard read the session first, as other routes do.
 */
export async function bookingsRoutes(app: FastifyInstance): Promise<void> {
  const service = createBookingsService({ pool: app.database.pool, reader: app.database.reader, appUrl: app.config.appUrl });

  // The page is built field by field from typed rows (toBookingRow), so nothing else can reach the wire. In
  // production the 200 answer is serialised as it is; checking it against the schema again on every request
  // cost ~8% of the server's CPU under load. Development and tests keep the check, so drift still fails loudly.
  const trustPage = app.config.isProduction;

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/clients/bookings',
    {
      // `partner` as partnerRoute sets it (the role matrix test reads it); the check itself is in the handler, after
      // the session is read (inside the page statement on the fast path).
      config: { sessionLookup: 'deferred', partner: { permission: BOOKINGS_PERMISSION } },
      // Validation errors wait in request.validationError until the guard has ruled (401 before 422).
      attachValidation: true,
      serializerCompiler: (route) =>
        trustPage && route.httpStatus === '200'
          ? (data) => JSON.stringify(data)
          : serializerCompiler(route as unknown as Parameters<typeof serializerCompiler>[0]),
      schema: {
        tags: ['bookings'],
        summary: "The partner's bookings (My Referrals), or with format=xlsx|pdf the whole filtered list as a file",
        querystring: bookingListQuerySchema,
        response: { ...partnerErrorResponses, 200: bookingPageSchema },
      },
    },
    async (request, reply) => {
      const { query } = request;
      const sessionId = app.sessions.deferredSessionId(request);
      if (sessionId && !request.validationError && !query.format && service.readsSessionInQuery(query)) {
        return service.listWithSession(sessionId, query, linkQuery(request.url), async (session) => {
          await app.sessions.adopt(request, reply, session);
          await app.requireUser(request, reply);
          const user = currentUser(request);
          assertPartnerCan(user, BOOKINGS_PERMISSION);
          return user;
        });
      }
      await app.requireUser(request, reply);
      assertPartnerCan(currentUser(request), BOOKINGS_PERMISSION);
      if (request.validationError) throw request.validationError;
      const user = currentUser(request);
      if (query.format) return sendExport(service, request, reply, user, query);
      return service.list(user, query, linkQuery(request.url));
    },
  );
}

function linkQuery(url: string): Record<string, string> {
  return requestQueryValues(url, LINK_KEYS);
}

async function sendExport(
  service: BookingsService,
  request: FastifyRequest,
  reply: FastifyReply,
  user: AuthenticatedUser,
  query: BookingListQuery,
): Promise<FastifyReply> {
  // The file is written in the language of the person who asks for it (their saved one: lib/locale.ts).
  const started = await service.startExport(user, query, request.locale);
  return sendExportFile(request, reply, {
    format: query.format!,
    name: bookingsExportName(started.meta),
    columns: bookingExportColumns(request.locale),
    document: bookingsExportDocument(started.meta, request.locale),
    rows: started.rows,
    release: started.release,
  });
}
