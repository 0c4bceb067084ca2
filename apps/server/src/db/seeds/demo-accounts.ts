import type pg from 'pg';
import type { Config } from '../../config.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { inTransaction } from '../queryable.ts';
import {
  ensureReferralGroup,
  insertPartnerProfile,
  insertReferralAgent,
  insertUser,
  type UserStatus,
} from '../../modules/auth/repository.ts';
import type { PartnerRole } from '@portal/contracts/partner-roles';
import { configureTwoFactor } from '../../modules/auth/two-factor-setup.ts';
import { DEMO_AGENTS, DEMO_EMAILS, DEMO_PASSWORD, DEMO_RECOVERY_CODES, DEMO_TOTP_SECRET } from './demo-identities.ts';

/** A demo login as main.ts prints it and the README lists it. */
export interface DemoAccount {
  email: string;
  password: string;
  description: string;
  /** Base32 TOTP secret of the two-factor account: any authenticator app (or `oathtool --totp -b`) computes codes. */
  totpSecret?: string;
  /** Its one-time recovery codes (each works once per database). */
  recoveryCodes?: string[];
  /** Set for a demo operator of the console (its role), who signs in at /console/login. */
  operatorRole?: string;
}

export { DEMO_RECOVERY_CODES, DEMO_TOTP_SECRET };

export const DEMO_PARTNER_TYPES = ['Clinic', 'Corporate HR', 'Individual', 'Insurance broker', 'Travel agency'];
export const DEMO_INDUSTRIES = ['Education', 'Healthcare', 'Hospitality', 'Insurance', 'Technology'];

/** Logos live in apps/web/public/logos and are served with the SPA's assets under /build/. */
const logo = (slug: string) => `/build/logos/${slug}.svg`;

const AGENTS = {
  main: { name: DEMO_AGENTS.main, logo: logo('harbor-health-partners'), group: 'partners' },
  second: { name: DEMO_AGENTS.second, logo: logo('northwind-care-network'), group: 'partners' },
  affiliates: { name: DEMO_AGENTS.affiliates, logo: logo('bright-path-affiliates'), group: 'affiliates' },
  pending: { name: 'Lakeside Physiotherapy', logo: logo('lakeside-physiotherapy'), group: 'partners' },
} as const;
const GROUPS = { partners: 'Partners', affiliates: 'affiliates' } as const;

interface DemoPerson {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  agent: keyof typeof AGENTS;
  partnerType: string;
  industry: string | null;
  status: UserStatus;
  passwordUpdatedCheck: boolean;
  firstLogin: boolean;
  twoFactor: boolean;
  /** Inside the agent (issue 17); the owner when not given. */
  role?: PartnerRole;
  description: string;
}

const PEOPLE: DemoPerson[] = [
  {
    email: DEMO_EMAILS.partner, firstName: 'Amelia', lastName: 'Hart', phone: '+971501234567', agent: 'main',
    partnerType: 'Clinic', industry: 'Healthcare', status: 'approved', passwordUpdatedCheck: true, firstLogin: false, twoFactor: false,
    description: `Owner of ${DEMO_AGENTS.main}, the agent with the most data: sees the whole agent, manages its team`,
  },
  {
    email: DEMO_EMAILS.second, firstName: 'Omar', lastName: 'Haddad', phone: '+4915123456789', agent: 'second',
    partnerType: 'Insurance broker', industry: 'Insurance', status: 'approved', passwordUpdatedCheck: true, firstLogin: false, twoFactor: false,
    description: `Partner of another agent, ${DEMO_AGENTS.second}: sees only its own data`,
  },
  {
    email: DEMO_EMAILS.affiliate, firstName: 'Priya', lastName: 'Nair', phone: '+919876543210', agent: 'affiliates',
    partnerType: 'Travel agency', industry: 'Hospitality', status: 'approved', passwordUpdatedCheck: true, firstLogin: false, twoFactor: false,
    description: `Partner in the affiliates group (${DEMO_AGENTS.affiliates}): /commission-structure sends it to /`,
  },
  {
    email: DEMO_EMAILS.twoFactor, firstName: 'Daniel', lastName: 'Okafor', phone: '+61412345678', agent: 'main',
    partnerType: 'Corporate HR', industry: 'Technology', status: 'approved', passwordUpdatedCheck: true, firstLogin: false, twoFactor: true,
    role: 'manager',
    description: `Manager of ${DEMO_AGENTS.main}, two-factor on: after the password, a code from the TOTP secret below (or a recovery code)`,
  },
  {
    email: DEMO_EMAILS.mustChangePassword, firstName: 'Sofia', lastName: 'Marin', phone: '+16175550143', agent: 'main',
    partnerType: 'Individual', industry: null, status: 'approved', passwordUpdatedCheck: false, firstLogin: true, twoFactor: false,
    role: 'agent',
    description: 'Must set a new password first (password_updated_check false); no industry, so "individual"',
  },
  {
    email: DEMO_EMAILS.agent, firstName: 'Grace', lastName: 'Mwangi', phone: '+254712345678', agent: 'main',
    partnerType: 'Clinic', industry: 'Healthcare', status: 'approved', passwordUpdatedCheck: true, firstLogin: false, twoFactor: false,
    role: 'agent',
    description: `Agent of ${DEMO_AGENTS.main}: sees only the patients she referred`,
  },
  {
    email: DEMO_EMAILS.secondAgent, firstName: 'Lucas', lastName: 'Moreau', phone: '+33612345678', agent: 'main',
    partnerType: 'Clinic', industry: 'Healthcare', status: 'approved', passwordUpdatedCheck: true, firstLogin: false, twoFactor: false,
    role: 'agent',
    description: `Agent of ${DEMO_AGENTS.main}: sees only the patients he referred`,
  },
  {
    email: DEMO_EMAILS.finance, firstName: 'Elena', lastName: 'Petrova', phone: '+35799123456', agent: 'main',
    partnerType: 'Clinic', industry: 'Healthcare', status: 'approved', passwordUpdatedCheck: true, firstLogin: false, twoFactor: false,
    role: 'finance',
    description: `Finance of ${DEMO_AGENTS.main}: earnings, payouts and payment details, no patient data`,
  },
  {
    email: DEMO_EMAILS.pending, firstName: 'Noah', lastName: 'Fischer', phone: '+12125550187', agent: 'pending',
    partnerType: 'Clinic', industry: 'Healthcare', status: 'pending', passwordUpdatedCheck: true, firstLogin: true, twoFactor: false,
    description: `Registered, pending approval: sign-in shows /approval-waiting (approve: npm run admin -- approve ${DEMO_EMAILS.pending})`,
  },
];

async function upsertNamed(client: pg.PoolClient, table: 'partner_types' | 'partner_industries', name: string): Promise<number> {
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO ${table} (name) VALUES ($1) ON CONFLICT (name) DO UPDATE SET name = excluded.name RETURNING id`,
    [name],
  );
  return rows[0]!.id;
}

/**
 * The six demo logins of demo-identities.ts with their organisations, partner types and industries,
 * in one transaction. Other areas' seeds then give the agents their data (bookings…).
 */
export async function seedDemoAccounts(pool: pg.Pool, config: Config): Promise<DemoAccount[]> {
  const hashes = new Map<string, string>();
  for (const person of PEOPLE) hashes.set(person.email, await hashPassword(DEMO_PASSWORD));

  return inTransaction(pool, async (client) => {
    const typeIds = new Map<string, number>();
    for (const name of DEMO_PARTNER_TYPES) typeIds.set(name, await upsertNamed(client, 'partner_types', name));
    const industryIds = new Map<string, number>();
    for (const name of DEMO_INDUSTRIES) industryIds.set(name, await upsertNamed(client, 'partner_industries', name));

    const agentIds = new Map<keyof typeof AGENTS, number>();
    for (const [key, agent] of Object.entries(AGENTS) as [keyof typeof AGENTS, (typeof AGENTS)[keyof typeof AGENTS]][]) {
      const groupId = await ensureReferralGroup(client, agent.group, GROUPS[agent.group]);
      agentIds.set(key, await insertReferralAgent(client, { name: agent.name, logo: agent.logo, referralGroupId: groupId }));
    }

    const accounts: DemoAccount[] = [];
    for (const person of PEOPLE) {
      const userId = await insertUser(client, {
        firstName: person.firstName,
        lastName: person.lastName,
        email: person.email,
        phone: person.phone,
        passwordHash: hashes.get(person.email)!,
        status: person.status,
        passwordUpdatedCheck: person.passwordUpdatedCheck,
        firstLogin: person.firstLogin,
      });
      await insertPartnerProfile(client, {
        userId,
        partnerTypeId: typeIds.get(person.partnerType)!,
        partnerIndustryId: person.industry === null ? null : industryIds.get(person.industry)!,
        referralAgentId: agentIds.get(person.agent)!,
        organisation: AGENTS[person.agent].name,
        role: person.role ?? 'owner',
      });
      const account: DemoAccount = { email: person.email, password: DEMO_PASSWORD, description: person.description };
      if (person.twoFactor) {
        await configureTwoFactor(client, config.appKey, { id: userId, email: person.email }, {
          secret: DEMO_TOTP_SECRET,
          recoveryCodes: [...DEMO_RECOVERY_CODES],
        });
        account.totpSecret = DEMO_TOTP_SECRET;
        account.recoveryCodes = [...DEMO_RECOVERY_CODES];
      }
      accounts.push(account);
    }
    return accounts;
  });
}
