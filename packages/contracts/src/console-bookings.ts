import { z } from 'zod';
import { PARTNER_ROLES } from './partner-roles.ts';
import { BOOKING_STATUSES_NEEDING_REASON } from './booking-lifecycle.ts';
import { BOOKING_STATUSES, INVOICE_STATUSES, type BookingStatus } from './bookings.ts';
import { CONSOLE_API_PREFIX } from './console-session.ts';
import { idField, idStringField, textField } from './fields.ts';
import { DECIMAL_AMOUNT_PATTERN, decimalToMinor, fitsCurrency, minorDigits, minorToDecimal } from './money.ts';
import { defaultedSortQueryField, enumQueryField, idQueryField, listEndpoint, listQuerySchema, textQueryField } from './list-query.ts';

/**
 * The console's Bookings pages (issue 14): every agent's bookings, one booking with its history, and the operator's
 * writes: create; the status along the lifecycle (booking-lifecycle.ts); the assignee (bookings.manage); the invoice
 * status and the amount (bookings.finance). Each write names the value it expects to replace (expected_*), so two
 * operators changing the same booking cannot overwrite each other unseen: the second gets 409.
 */

export const CONSOLE_BOOKINGS_URL = `${CONSOLE_API_PREFIX}/bookings`;
export const CONSOLE_BOOKING_SORTS = ['date_time', 'created_at', 'amount', 'ticket_id'] as const;
export const BOOKING_REASON_MAX = 1000;
export const PATIENT_NAME_MAX = 120;
export const TICKET_ID_MAX = 30;
/** The largest amount a booking takes (bookings_amount_max: below 10^12, in the currency's decimals). */
export const BOOKING_AMOUNT_MAX = '999999999999';

export const consoleBookingListQuerySchema = listQuerySchema({
  filters: {
    /** ticket number, patient, facility, service, specialty or assignee (the bookings' own search text) */
    search: textQueryField('search', 100),
    status: enumQueryField('status', BOOKING_STATUSES),
    invoice_status: enumQueryField('invoice status', INVOICE_STATUSES),
    agent_id: idQueryField('agent'),
    facility_id: idQueryField('facility'),
    sort: defaultedSortQueryField(CONSOLE_BOOKING_SORTS, '-date_time'),
  },
  defaultPageSize: 20,
});
export type ConsoleBookingListQuery = z.output<typeof consoleBookingListQuerySchema>;

/** A decimal string with exactly its currency's decimals ('1234.50' AED, '150000' JPY, '12.500' KWD). */
const money = z.string().regex(DECIMAL_AMOUNT_PATTERN);
const reference = z.object({ id: z.number().int(), name: z.string() });

export const consoleBookingRowSchema = z.object({
  id: z.number().int(),
  /** without the 'MT-' prefix; null when none was issued */
  ticket_id: z.string().nullable(),
  /** the appointment, ISO 8601 (UTC) */
  date_time: z.string(),
  status: z.enum(BOOKING_STATUSES),
  invoice_status: z.enum(INVOICE_STATUSES),
  /** a decimal string with its currency's decimals ('1234.50' AED, '150000' JPY) */
  amount: money,
  currency: z.string().length(3),
  patient: z.string(),
  referral_agent: reference,
  facility: reference,
  service: z.string(),
  /** 'First Last', or null when unassigned */
  assignee: z.string().nullable(),
  created_at: z.string(),
});
export type ConsoleBookingRow = z.infer<typeof consoleBookingRowSchema>;

export const consoleBookingsEndpoint = listEndpoint(CONSOLE_BOOKINGS_URL, consoleBookingListQuerySchema, consoleBookingRowSchema);

export const consoleBookingParamsSchema = z.object({ id: idStringField('id') });

/** One step of the booking's status history (booking_status_history): who moved it, when, from what to what, why. */
export const bookingStatusChangeSchema = z.object({
  /** null for the booking's creation */
  from_status: z.enum(BOOKING_STATUSES).nullable(),
  to_status: z.enum(BOOKING_STATUSES),
  /** operator, cli or system */
  actor_type: z.string(),
  /** the operator's name, the CLI's user, or null */
  actor_name: z.string().nullable(),
  reason: z.string().nullable(),
  at: z.string(),
});
export type BookingStatusChange = z.infer<typeof bookingStatusChangeSchema>;

/** One other change of the booking (invoice status, amount, assignee), from the audit log, newest first. */
export const bookingChangeSchema = z.object({
  action: z.string(),
  actor_type: z.string(),
  actor_name: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  at: z.string(),
});
export type BookingChange = z.infer<typeof bookingChangeSchema>;

export const consoleBookingDetailSchema = consoleBookingRowSchema.extend({
  location: z.object({ id: z.number().int(), name: z.string(), city: z.string() }).nullable(),
  specialty: z.string().nullable(),
  patient_detail: z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }),
  /** the partner who referred the patient, when known */
  referred_by: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  assignee_id: z.number().int().nullable(),
  updated_at: z.string(),
  /** oldest first */
  status_history: z.array(bookingStatusChangeSchema),
  /** invoice status, amount and assignee changes, oldest first */
  changes: z.array(bookingChangeSchema),
});
export type ConsoleBookingDetail = z.infer<typeof consoleBookingDetailSchema>;

// ---- the create form's choices ----

export const bookingServiceOptionSchema = z.object({
  /** facility_service_details.id */
  id: z.number().int(),
  name: z.string(),
  specialty: z.string().nullable(),
  price: money,
  currency: z.string().length(3),
});
export const bookingFacilityOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  city: z.string(),
  locations: z.array(z.object({ id: z.number().int(), name: z.string(), city: z.string() })),
  services: z.array(bookingServiceOptionSchema),
});
export type BookingFacilityOption = z.infer<typeof bookingFacilityOptionSchema>;

/** What the filters and the forms choose from: agents, facilities with their locations and priced services, staff. */
export const consoleBookingOptionsSchema = z.object({
  agents: z.array(reference),
  facilities: z.array(bookingFacilityOptionSchema),
  staff: z.array(reference),
});
export type ConsoleBookingOptions = z.infer<typeof consoleBookingOptionsSchema>;

export const agentClientsParamsSchema = z.object({ id: idStringField('agent') });
export const agentClientsQuerySchema = z.object({ search: textQueryField('search', 100) });
/** An agent's patients (the latest 50 matching) and partners: the create form's second step. */
export const agentClientsSchema = z.object({
  clients: z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable(), phone: z.string().nullable() })),
  /**
   * The agent's active members who may refer (issue 17: every role that reads referrals, so not finance), the owner
   * first: the booking's referring member, the owner when none is chosen.
   */
  partners: z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string(), role: z.enum(PARTNER_ROLES) })),
});
export type AgentClients = z.infer<typeof agentClientsSchema>;
export const AGENT_CLIENTS_LIMIT = 50;

// ---- writes ----

/**
 * An amount as text, as typed: up to 12 digits and 4 decimals, never negative ('1500', '1500.5', '12.345'). Whether its
 * currency has that many decimals is checked with the currency (`amountFitsCurrency`): the server writes it with
 * exactly the currency's decimals.
 */
export function amountField(label = 'amount') {
  return z
    .string({ error: `The ${label} field is required.` })
    .trim()
    .min(1, `The ${label} field is required.`)
    .regex(/^\d{1,12}(\.\d{1,4})?$/, `The ${label} field must be a number (for example 1500.00).`)
    .transform((value) => value.replace(/^0+(?=\d)/, ''));
}

/** 422 on `amount` when the currency cannot hold it: half a yen, a fourth decimal of a dinar (issue 31). */
export function amountFitsCurrency(value: { amount?: string | null | undefined; currency?: string | null | undefined }, context: z.RefinementCtx) {
  if (value.amount == null || value.currency == null || fitsCurrency(value.amount, value.currency)) return;
  const digits = minorDigits(value.currency);
  context.addIssue({
    code: 'custom',
    path: ['amount'],
    message: digits === 0 ? `The amount field must be a whole number in ${value.currency}.` : `The amount field must have at most ${digits} decimals in ${value.currency}.`,
  });
}

export const currencyField = z
  .string({ error: 'The currency field is required.' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'The currency field must be a three-letter ISO 4217 code (for example AED).');

/**
 * An amount with its currency, the currency able to hold it, written with the currency's decimals ('13900.5' AED →
 * '13900.50'): the console's amount form checks it before sending.
 */
export const amountInCurrencySchema = z
  .object({ amount: amountField(), currency: currencyField })
  .superRefine(amountFitsCurrency)
  .transform((value) => ({ ...value, amount: minorToDecimal(decimalToMinor(value.amount, value.currency) ?? 0, value.currency) }));

const isoInstant = z
  .string({ error: 'The appointment field is required.' })
  .trim()
  .refine((value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) && !Number.isNaN(Date.parse(value)), 'The appointment field must be a date and time.');

const newPatientSchema = z.object({
  name: textField('patient name', { max: PATIENT_NAME_MAX }),
  email: textField('patient e-mail', { max: 254 }).pipe(z.email('The patient e-mail field must be a valid e-mail address.')).nullish(),
  phone: textField('patient phone', { max: 40 }).nullish(),
});

export const createConsoleBookingRequestSchema = z
  .object({
    referral_agent_id: idField('agent'),
    /** an existing patient of the agent… */
    client_id: idField('patient').nullish(),
    /** …or a new one */
    new_patient: newPatientSchema.nullish(),
    /** the agent's partner who referred the patient */
    referred_by_user_id: idField('partner').nullish(),
    facility_id: idField('facility'),
    facility_location_id: idField('location').nullish(),
    /** the facility's priced service (facility_service_details.id) */
    service_id: idField('service'),
    date_time: isoInstant,
    /** default: the service's price and currency; another amount needs bookings.finance */
    amount: amountField().nullish(),
    currency: currencyField.nullish(),
    ticket_id: textField('ticket number', { max: TICKET_ID_MAX })
      .regex(/^[A-Za-z0-9-]+$/, 'The ticket number field may only contain letters, digits and dashes.')
      .nullish(),
    assignee_id: idField('assignee').nullish(),
  })
  .superRefine((value, context) => {
    if (!value.client_id && !value.new_patient) {
      context.addIssue({ code: 'custom', path: ['client_id'], message: 'Choose a patient of the agent, or enter a new one.' });
    }
    if (value.client_id && value.new_patient) {
      context.addIssue({ code: 'custom', path: ['client_id'], message: 'Choose an existing patient or a new one, not both.' });
    }
    if ((value.amount == null) !== (value.currency == null)) {
      context.addIssue({ code: 'custom', path: [value.amount == null ? 'amount' : 'currency'], message: 'Give the amount and its currency together.' });
    }
    amountFitsCurrency(value, context);
  });
export type CreateConsoleBookingRequest = z.input<typeof createConsoleBookingRequestSchema>;

export const changeBookingStatusRequestSchema = z
  .object({
    status: z.enum(BOOKING_STATUSES, { error: 'The selected status is invalid.' }),
    /** the status the operator saw: 409 when it has changed since */
    expected_status: z.enum(BOOKING_STATUSES, { error: 'The expected status field is required.' }),
    reason: textField('reason', { max: BOOKING_REASON_MAX, multiline: true }).nullish(),
  })
  .superRefine((value, context) => {
    if ((BOOKING_STATUSES_NEEDING_REASON as readonly BookingStatus[]).includes(value.status) && !value.reason) {
      context.addIssue({ code: 'custom', path: ['reason'], message: 'The reason field is required.' });
    }
  });
export type ChangeBookingStatusRequest = z.input<typeof changeBookingStatusRequestSchema>;

export const changeInvoiceStatusRequestSchema = z.object({
  invoice_status: z.enum(INVOICE_STATUSES, { error: 'The selected invoice status is invalid.' }),
  expected_invoice_status: z.enum(INVOICE_STATUSES, { error: 'The expected invoice status field is required.' }),
});

export const changeBookingAmountRequestSchema = z
  .object({
    amount: amountField(),
    currency: currencyField,
    /** the amount the operator saw ('1500.00'): 409 when it has changed since */
    expected_amount: amountField('expected amount'),
    reason: textField('reason', { max: BOOKING_REASON_MAX, multiline: true }).nullish(),
  })
  .superRefine(amountFitsCurrency);

export const changeBookingAssigneeRequestSchema = z.object({
  /** null: unassigned */
  assignee_id: idField('assignee').nullable(),
});

/** What a write answers: the booking as it is now. */
export const consoleBookingWriteResultSchema = consoleBookingDetailSchema;
