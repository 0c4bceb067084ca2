import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import type { RegistrationOptions, RegistrationRequest } from '@portal/contracts/auth';
import type { Locale } from '@portal/contracts/preferences';
import { inTransaction } from '../../db/queryable.ts';
import { TooManyRequestsError, ValidationError, type FieldErrors } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { RateLimiter } from '../../lib/rate-limiter.ts';
import { AUTH_MESSAGES } from './messages.ts';
import {
  emailTaken,
  ensureReferralGroup,
  insertPartnerProfile,
  insertReferralAgent,
  insertUser,
  listPartnerIndustries,
  listPartnerTypes,
  partnerIndustryExists,
  partnerTypeExists,
} from './repository.ts';
import type { AuthDependencies } from './service.ts';

/** The referral group a self-registered organisation joins. */
export const REGISTRATION_GROUP = { slug: 'partners', name: 'Partners' } as const;
/** Shown for an organisation until an operator gives it its own logo. */
export const DEFAULT_AGENT_LOGO = '/build/logos/default.svg';
const REGISTRATIONS_PER_HOUR_PER_IP = 10;

/** The number in E.164 (+971501234567); the request schema has already checked it for the country. */
export function toE164(phone: string, country: string): string {
  const parsed = parsePhoneNumberFromString(phone, country as CountryCode);
  if (!parsed?.isValid()) throw ValidationError.field('phone', 'The phone number is not valid for the chosen country.');
  return parsed.number;
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/** The partner registration of the auth routes: the form's options and the registration itself. */
export type RegistrationService = ReturnType<typeof createRegistrationService>;

export function createRegistrationService(deps: Pick<AuthDependencies, 'pool'>) {
  return {
    async registrationOptions(): Promise<RegistrationOptions> {
      const [partnerTypes, partnerIndustries] = [await listPartnerTypes(deps.pool), await listPartnerIndustries(deps.pool)];
      return { partner_types: partnerTypes, partner_industries: partnerIndustries };
    },

    /**
     * POST /api/registration: a new referral agent for the organisation (in the `partners` group), a user
     * pending approval, and their partner profile, in one transaction. A claimed organisation name never
     * joins an existing agent: that would hand a stranger another organisation's data once approved. The account
     * keeps the language the person registered in (`locale`), so the approval e-mail is written in it.
     */
    async registerPartner(input: RegistrationRequest, ip: string, locale: Locale = 'en'): Promise<number> {
      const limiter = new RateLimiter(deps.pool);
      const key = `registration:${ip}`;
      if (await limiter.tooManyAttempts(key, REGISTRATIONS_PER_HOUR_PER_IP)) {
        const seconds = await limiter.availableIn(key);
        throw new TooManyRequestsError(AUTH_MESSAGES.tooManyRegistrations({ seconds: Math.max(1, seconds) }), seconds);
      }
      await limiter.hit(key, 3600);

      const errors: FieldErrors = {};
      if (await emailTaken(deps.pool, input.email)) errors.email = [AUTH_MESSAGES.emailTaken];
      if (!(await partnerTypeExists(deps.pool, input.partner_type_id))) errors.partner_type_id = [AUTH_MESSAGES.partnerTypeInvalid];
      const industryId = input.partner_industry_id ?? null;
      if (industryId !== null && !(await partnerIndustryExists(deps.pool, industryId))) {
        errors.partner_industry_id = [AUTH_MESSAGES.partnerIndustryInvalid];
      }
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);

      const phone = toE164(input.phone, input.phone_country);
      const passwordHash = await hashPassword(input.password);
      try {
        return await inTransaction(deps.pool, async (client) => {
          const groupId = await ensureReferralGroup(client, REGISTRATION_GROUP.slug, REGISTRATION_GROUP.name);
          const agentId = await insertReferralAgent(client, { name: input.organisation, logo: DEFAULT_AGENT_LOGO, referralGroupId: groupId });
          const userId = await insertUser(client, {
            firstName: input.first_name,
            lastName: input.last_name,
            email: input.email,
            phone,
            passwordHash,
            status: 'pending',
            locale,
          });
          await insertPartnerProfile(client, {
            userId,
            partnerTypeId: input.partner_type_id,
            partnerIndustryId: industryId,
            referralAgentId: agentId,
            organisation: input.organisation,
          });
          return userId;
        });
      } catch (error) {
        // Two registrations of one address racing past the check above: the unique index decides.
        if (isUniqueViolation(error)) throw ValidationError.field('email', AUTH_MESSAGES.emailTaken);
        throw error;
      }
    },
  };
}
