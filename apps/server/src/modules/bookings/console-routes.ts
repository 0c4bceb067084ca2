import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageSchema } from '@portal/contracts/errors';
import {
  agentClientsParamsSchema,
  agentClientsQuerySchema,
  agentClientsSchema,
  changeBookingAmountRequestSchema,
  changeBookingAssigneeRequestSchema,
  changeBookingStatusRequestSchema,
  changeInvoiceStatusRequestSchema,
  consoleBookingDetailSchema,
  consoleBookingOptionsSchema,
  consoleBookingParamsSchema,
  consoleBookingsEndpoint,
  consoleBookingWriteResultSchema,
  createConsoleBookingRequestSchema,
  CONSOLE_BOOKINGS_URL,
} from '@portal/contracts/console-bookings';
import { operatorCan } from '@portal/contracts/operator-permissions';
import type { Queryable } from '../../db/queryable.ts';
import { operatorListRoute, operatorRoute } from '../../kit/operator-routes.ts';
import { type AuditActor } from '../../lib/audit/audit-log.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { currentOperator } from '../../plugins/operator-session.ts';
import type { BookingWriteListener } from './public.ts';
import { agentClients, bookingOptions, findConsoleBooking, listConsoleBookings } from './console-repository.ts';
import {
  changeBookingAmount,
  changeBookingAssignee,
  changeBookingStatus,
  changeInvoiceStatus,
  createBooking,
  createBookingOperations,
  type BookingWrite,
} from './operations-service.ts';

/**
 * The console's Bookings endpoints (issue 14; docs/console-bookings.md). Reads need bookings.read; create, status
 * and assignee bookings.manage; invoice status and amount bookings.finance. Every write goes through
 * operations-service.ts (the CLI's simulate-booking commands too): one transaction with the history and audit rows,
 * then the partners' notifications after the commit. A write answers the booking as it is now.
 */
export async function consoleBookingRoutes(fastify: FastifyInstance, listeners: readonly BookingWriteListener[]): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const pool = app.database.pool;


  /** Makes the write, fires its events after the commit, answers the booking. */
  async function write(request: FastifyRequest, change: (client: Queryable, actor: AuditActor) => Promise<BookingWrite>) {
    const actor = request.auditActor;
    const operations = createBookingOperations({
      pool,
      notifier: app.notifications,
      onPublishError: (error, events) => request.log.error({ err: error, events }, 'a booking notification could not be stored'),
      listeners,
    });
    const id = await operations.run((client) => change(client, actor));
    const booking = await findConsoleBooking(pool, id);
    if (!booking) throw new NotFoundError();
    return booking;
  }

  const tags = ['console-bookings'];
  const writeResponses = { 200: consoleBookingWriteResultSchema, 404: messageSchema, 409: messageSchema };

  operatorListRoute(app, {
    endpoint: consoleBookingsEndpoint,
    permission: 'bookings.read',
    tags,
    summary: "Every agent's bookings: search, filter by status, invoice status, agent and facility; sort",
    list: (_operator, query) => listConsoleBookings(pool, query),
  });

  app.get(
    `${CONSOLE_BOOKINGS_URL}/options`,
    operatorRoute(app, {
      permission: 'bookings.read',
      tags,
      summary: 'What the filters and forms choose from: agents, facilities with locations and priced services, staff',
      response: { 200: consoleBookingOptionsSchema },
    }),
    async () => bookingOptions(pool),
  );

  app.get(
    `${CONSOLE_BOOKINGS_URL}/agents/:id/clients`,
    operatorRoute(app, {
      permission: 'bookings.manage',
      tags,
      summary: "An agent's patients (the latest 50 matching the search) and approved partners, for the create form",
      params: agentClientsParamsSchema,
      querystring: agentClientsQuerySchema,
      response: { 200: agentClientsSchema, 404: messageSchema },
    }),
    async (request) => {
      const found = await agentClients(pool, request.params.id, request.query.search);
      if (!found) throw new NotFoundError();
      return found;
    },
  );

  app.get(
    `${CONSOLE_BOOKINGS_URL}/:id`,
    operatorRoute(app, {
      permission: 'bookings.read',
      tags,
      summary: 'A booking: patient, agent, facility, service, money, assignee, its status history and other changes',
      params: consoleBookingParamsSchema,
      response: { 200: consoleBookingDetailSchema, 404: messageSchema },
    }),
    async (request) => {
      const booking = await findConsoleBooking(pool, request.params.id);
      if (!booking) throw new NotFoundError();
      return booking;
    },
  );

  app.post(
    CONSOLE_BOOKINGS_URL,
    operatorRoute(app, {
      permission: 'bookings.manage',
      tags,
      summary: "Create a pending booking for an agent's patient (an existing or a new one); its agent's partners are notified",
      description: 'The amount defaults to the service price; another amount needs bookings.finance (403 otherwise).',
      body: createConsoleBookingRequestSchema,
      response: { 200: consoleBookingWriteResultSchema, 404: messageSchema, 409: messageSchema },
    }),
    async (request) => {
      const body = request.body;
      const mayPrice = operatorCan(currentOperator(request).role, 'bookings.finance');
      return write(request, (client, actor) =>
        createBooking(
          client,
          actor,
          {
            referralAgentId: body.referral_agent_id,
            clientId: body.client_id,
            newPatient: body.new_patient,
            referredByUserId: body.referred_by_user_id,
            facilityId: body.facility_id,
            locationId: body.facility_location_id,
            serviceId: body.service_id,
            dateTime: new Date(body.date_time).toISOString(),
            amount: body.amount,
            currency: body.currency,
            ticketId: body.ticket_id,
            assigneeId: body.assignee_id,
          },
          { mayPrice },
        ),
      );
    },
  );

  app.post(
    `${CONSOLE_BOOKINGS_URL}/:id/status`,
    operatorRoute(app, {
      permission: 'bookings.manage',
      tags,
      summary: 'Move the booking along its lifecycle (pending → confirmed → completed, or cancelled / no_show, with a reason)',
      description: '409 when its status is no longer `expected_status`; 422 when the lifecycle does not allow the move.',
      params: consoleBookingParamsSchema,
      body: changeBookingStatusRequestSchema,
      response: writeResponses,
    }),
    async (request) =>
      write(request, (client, actor) =>
        changeBookingStatus(client, actor, { id: request.params.id }, {
          to: request.body.status,
          expected: request.body.expected_status,
          reason: request.body.reason,
        }),
      ),
  );

  app.post(
    `${CONSOLE_BOOKINGS_URL}/:id/assignee`,
    operatorRoute(app, {
      permission: 'bookings.manage',
      tags,
      summary: 'Assign the booking to a staff member, or to nobody',
      params: consoleBookingParamsSchema,
      body: changeBookingAssigneeRequestSchema,
      response: writeResponses,
    }),
    async (request) => write(request, (client, actor) => changeBookingAssignee(client, actor, { id: request.params.id }, request.body.assignee_id)),
  );

  app.post(
    `${CONSOLE_BOOKINGS_URL}/:id/invoice-status`,
    operatorRoute(app, {
      permission: 'bookings.finance',
      tags,
      summary: "Mark the booking's invoice paid or unpaid; its agent's partners are notified",
      description: '409 when the invoice status is no longer `expected_invoice_status`.',
      params: consoleBookingParamsSchema,
      body: changeInvoiceStatusRequestSchema,
      response: writeResponses,
    }),
    async (request) =>
      write(request, (client, actor) =>
        changeInvoiceStatus(client, actor, { id: request.params.id }, { to: request.body.invoice_status, expected: request.body.expected_invoice_status }),
      ),
  );

  app.post(
    `${CONSOLE_BOOKINGS_URL}/:id/amount`,
    operatorRoute(app, {
      permission: 'bookings.finance',
      tags,
      summary: "Set the booking's amount and currency",
      description: '409 when the amount is no longer `expected_amount`.',
      params: consoleBookingParamsSchema,
      body: changeBookingAmountRequestSchema,
      response: writeResponses,
    }),
    async (request) =>
      write(request, (client, actor) =>
        changeBookingAmount(client, actor, { id: request.params.id }, {
          amount: request.body.amount,
          currency: request.body.currency,
          expected: request.body.expected_amount,
          reason: request.body.reason,
        }),
      ),
  );
}
