import { bigint, char, index, integer, numeric, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

// Mirrors migrations/0002_bookings.sql; the SQL file is the source of truth for the database (triggers,
// the trigram GIN index and the functions behind search_text and booking_stats live only there).
const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** numeric(12,2) read as a string: money never becomes a float. */
const money = (name: string) => numeric(name, { precision: 12, scale: 2 });

export const facilities = pgTable('facilities', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  country: text('country').notNull(),
  city: text('city').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export const facilityLocations = pgTable(
  'facility_locations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    facilityId: integer('facility_id').notNull(),
    name: text('name').notNull(),
    address: text('address'),
    city: text('city').notNull(),
    country: text('country').notNull(),
  },
  (table) => [index('facility_locations_facility').on(table.facilityId), unique().on(table.id, table.facilityId)],
);

export const specialties = pgTable('specialties', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
});

export const services = pgTable('services', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
  specialtyId: integer('specialty_id'),
});

export const facilityServiceDetails = pgTable(
  'facility_service_details',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    facilityId: integer('facility_id').notNull(),
    serviceId: integer('service_id').notNull(),
    specialtyId: integer('specialty_id'),
    price: money('price').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
  },
  (table) => [unique().on(table.facilityId, table.serviceId), unique().on(table.id, table.facilityId)],
);

export const staff = pgTable('staff', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email'),
});

export const clients = pgTable(
  'clients',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    referralAgentId: integer('referral_agent_id').notNull(),
    referredByUserId: integer('referred_by_user_id'),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [index('clients_referral_agent').on(table.referralAgentId), unique().on(table.id, table.referralAgentId)],
);

export const bookings = pgTable(
  'bookings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ticketId: text('ticket_id').unique(),
    dateTime: timestamptz('date_time').notNull(),
    clientId: integer('client_id').notNull(),
    facilityId: integer('facility_id').notNull(),
    facilityLocationId: integer('facility_location_id'),
    assigneeId: integer('assignee_id'),
    facilityServiceDetailId: integer('facility_service_detail_id').notNull(),
    specialtyId: integer('specialty_id'),
    status: text('status', { enum: ['pending', 'confirmed', 'completed', 'cancelled', 'no_show'] }).notNull().default('pending'),
    invoiceStatus: text('invoice_status', { enum: ['paid', 'unpaid'] }).notNull().default('unpaid'),
    amount: money('amount').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    referralAgentId: integer('referral_agent_id').notNull(),
    referredByUserId: integer('referred_by_user_id'),
    /** Written by the bookings_before_write trigger; never set it from application code. */
    searchText: text('search_text').notNull().default(''),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('bookings_agent_date').on(table.referralAgentId, table.dateTime.desc(), table.id.desc()),
    index('bookings_agent_facility_date').on(table.referralAgentId, table.facilityId, table.dateTime.desc(), table.id.desc()),
    index('bookings_agent_invoice_date').on(table.referralAgentId, table.invoiceStatus, table.dateTime.desc(), table.id.desc()),
    index('bookings_agent_created').on(table.referralAgentId, table.createdAt.desc(), table.id.desc()),
    index('bookings_agent_amount').on(table.referralAgentId, table.amount, table.id),
    index('bookings_agent_ticket').on(table.referralAgentId, sql`coalesce(${table.ticketId}, '')`, table.id),
    index('bookings_client').on(table.clientId),
  ],
);

/** One row per referral agent: its bookings' exact count and a data version bumped by every write. */
export const bookingStats = pgTable('booking_stats', {
  referralAgentId: integer('referral_agent_id').primaryKey(),
  total: bigint('total', { mode: 'number' }).notNull(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

export type BookingRow = typeof bookings.$inferSelect;
export type FacilityRow = typeof facilities.$inferSelect;
