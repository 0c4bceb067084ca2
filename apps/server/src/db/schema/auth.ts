import { bigint, boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Mirrors migrations/0001_foundation.sql; the SQL file is the source of truth for the database.
const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const referralGroups = pgTable('referral_groups', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  slug: text('slug').notNull(),
  name: text('name').notNull(),
});

export const referralAgents = pgTable('referral_agents', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  logo: text('logo'),
  referralGroupId: integer('referral_group_id').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export const partnerTypes = pgTable('partner_types', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
});

export const partnerIndustries = pgTable('partner_industries', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
});

export const users = pgTable('users', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  phone: text('phone'),
  passwordHash: text('password_hash').notNull(),
  status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull().default('pending'),
  passwordUpdatedCheck: boolean('password_updated_check').notNull().default(true),
  firstLogin: boolean('first_login').notNull().default(true),
  passwordChangedAt: timestamptz('password_changed_at').notNull().defaultNow(),
  twoFactorSecret: text('two_factor_secret'),
  twoFactorConfirmedAt: timestamptz('two_factor_confirmed_at'),
  twoFactorLastStep: bigint('two_factor_last_step', { mode: 'number' }),
  approvedAt: timestamptz('approved_at'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

export const partnerProfiles = pgTable('partner_profiles', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id').notNull(),
  partnerTypeId: integer('partner_type_id').notNull(),
  partnerIndustryId: integer('partner_industry_id'),
  referralAgentId: integer('referral_agent_id').notNull(),
  organisation: text('organisation'),
});

export const twoFactorRecoveryCodes = pgTable('two_factor_recovery_codes', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id').notNull(),
  codeHash: text('code_hash').notNull(),
  usedAt: timestamptz('used_at'),
});

export const sessions = pgTable('sessions', {
  id: text('id').primaryKey(),
  userId: integer('user_id'),
  csrfToken: text('csrf_token').notNull(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  remember: boolean('remember').notNull().default(false),
  ip: text('ip'),
  userAgent: text('user_agent'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  lastActivityAt: timestamptz('last_activity_at').notNull().defaultNow(),
  expiresAt: timestamptz('expires_at').notNull(),
});

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: timestamptz('reset_at').notNull(),
});

export const passwordResetTokens = pgTable('password_reset_tokens', {
  email: text('email').primaryKey(),
  tokenHash: text('token_hash').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export const loginLinks = pgTable('login_links', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id').notNull(),
  tokenHash: text('token_hash').notNull(),
  purpose: text('purpose').notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
  usedAt: timestamptz('used_at'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});
