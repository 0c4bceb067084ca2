import type pg from 'pg';
import type { PartnerRole } from '@portal/contracts/partner-roles';
import type { Locale } from '@portal/contracts/preferences';
import { hashPassword } from '../lib/passwords.ts';
import type { AuthenticatedUser } from '../plugins/auth-guard.ts';

export interface PartnerOptions {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  status?: 'pending' | 'approved' | 'rejected';
  passwordUpdatedCheck?: boolean;
  firstLogin?: boolean;
  /** An existing referral agent to join; by default a new one is made. */
  referralAgentId?: number;
  referralGroupSlug?: string;
  partnerType?: string;
  industry?: string | null;
  /** The saved language (default 'en', the column's default). */
  locale?: Locale;
  /** The member's role inside the agent (default 'owner', the column's default). */
  role?: PartnerRole;
}

export interface CreatedPartner {
  userId: number;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  referralAgentId: number;
  role: PartnerRole;
  passwordUpdatedCheck: boolean;
}

/** The partner as the auth guard hands them to a service: for tests that call a service without HTTP. */
export function authenticatedUserOf(partner: CreatedPartner): AuthenticatedUser {
  return {
    id: partner.userId,
    email: partner.email,
    firstName: partner.firstName,
    lastName: partner.lastName,
    referralAgentId: partner.referralAgentId,
    role: partner.role,
    passwordUpdatedCheck: partner.passwordUpdatedCheck,
  };
}

let sequence = 0;

/** Inserts a partner (user, profile and, unless given, a new referral agent) straight into the database. */
export async function createPartner(pool: pg.Pool, options: PartnerOptions = {}): Promise<CreatedPartner> {
  sequence += 1;
  const email = options.email ?? `partner${sequence}-${Math.random().toString(36).slice(2, 8)}@example.test`;
  const password = options.password ?? 'Correct-Horse-9';
  const firstName = options.firstName ?? 'Test';
  const lastName = options.lastName ?? `Partner${sequence}`;
  const passwordUpdatedCheck = options.passwordUpdatedCheck ?? true;
  const role = options.role ?? 'owner';
  const groupSlug = options.referralGroupSlug ?? 'partners';
  const groupName = groupSlug === 'affiliates' ? 'affiliates' : 'Partners';

  const group = await pool.query<{ id: number }>(
    `INSERT INTO referral_groups (slug, name) VALUES ($1, $2)
     ON CONFLICT (slug) DO UPDATE SET slug = excluded.slug RETURNING id`,
    [groupSlug, groupName],
  );
  let referralAgentId = options.referralAgentId;
  if (!referralAgentId) {
    const agent = await pool.query<{ id: number }>(
      `INSERT INTO referral_agents (name, logo, referral_group_id) VALUES ($1, $2, $3) RETURNING id`,
      [`Agent ${sequence}`, '/build/logos/default.svg', group.rows[0]!.id],
    );
    referralAgentId = agent.rows[0]!.id;
  }
  const type = await pool.query<{ id: number }>(
    `INSERT INTO partner_types (name) VALUES ($1) ON CONFLICT (name) DO UPDATE SET name = excluded.name RETURNING id`,
    [options.partnerType ?? 'Clinic'],
  );
  let industryId: number | null = null;
  if (options.industry !== null) {
    const industry = await pool.query<{ id: number }>(
      `INSERT INTO partner_industries (name) VALUES ($1) ON CONFLICT (name) DO UPDATE SET name = excluded.name RETURNING id`,
      [options.industry ?? 'Healthcare'],
    );
    industryId = industry.rows[0]!.id;
  }
  const user = await pool.query<{ id: number }>(
    `INSERT INTO users (first_name, last_name, email, password_hash, status, password_updated_check, first_login, approved_at, locale)
     VALUES ($1, $2, $3, $4, $5, $6, $7, CASE WHEN $5 = 'approved' THEN now() END, $8) RETURNING id`,
    [
      firstName,
      lastName,
      email,
      await hashPassword(password),
      options.status ?? 'approved',
      passwordUpdatedCheck,
      options.firstLogin ?? false,
      options.locale ?? 'en',
    ],
  );
  await pool.query(
    `INSERT INTO partner_profiles (user_id, partner_type_id, partner_industry_id, referral_agent_id, role) VALUES ($1, $2, $3, $4, $5)`,
    [user.rows[0]!.id, type.rows[0]!.id, industryId, referralAgentId, role],
  );
  return { userId: user.rows[0]!.id, email, password, firstName, lastName, referralAgentId, role, passwordUpdatedCheck };
}
