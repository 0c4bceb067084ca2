import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { messageSchema } from '@portal/contracts/errors';
import {
  consolePartnerReferralCodeParamsSchema,
  consolePartnerReferralCodeSchema,
  consolePartnerReferralCodeUrl,
  isReferralCode,
  normaliseReferralCode,
  REFERRAL_CODE_GRACE_DAYS,
  REFERRAL_CODES_URL,
  REFERRAL_DETAILS_URL,
  REFERRAL_MEMBER_FIGURES_URL,
  REFERRAL_QR_PNG_URL,
  REFERRAL_QR_SVG_URL,
  REFERRAL_REGENERATE_URL,
  REFERRAL_REMEMBER_DAYS,
  referralCodeParamsSchema,
  referralCodeResolutionSchema,
  referralDetailsSchema,
  referralLinkPath,
  referralMemberFiguresQuerySchema,
  referralMemberFiguresSchema,
  referralQrQuerySchema,
  type ConsolePartnerReferralCode,
  type ReferralDetails,
} from '@portal/contracts/referral-details';
import { inTransaction, type Queryable } from '../../db/queryable.ts';
import { operatorRoute } from '../../kit/operator-routes.ts';
import { partnerRoute } from '../../kit/partner-routes.ts';
import { recordAudit } from '../../lib/audit/audit-log.ts';
import { NotFoundError, TooManyRequestsError } from '../../lib/errors.ts';
import { RateLimiter } from '../../lib/rate-limiter.ts';
import { currentUser } from '../../plugins/auth-guard.ts';
import { REFERRAL_DETAILS_MESSAGES as M } from './messages.ts';
import { agentIdentity, currentCode, ensureCode, memberFigures, partnerExists, regenerateCode, resolveCode, retiredCodes } from './repository.ts';

/** Public lookups per IP address and minute: enough for a booking form, too few to walk the code space. */
export const LOOKUPS_PER_MINUTE = 30;
/**
 * A member's own regenerations per day (24-hour window from the first): each one leaves the old code working for 30
 * days, so an unbounded number would fill posters' worth of live codes. Operators' regenerations (audited) are not
 * counted.
 */
export const REGENERATIONS_PER_DAY = 5;
const DAY_SECONDS = 86_400;

const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 2 } as const;

/**
 * The partner's referral details (their agent, their code, its link and QR code, regeneration), the per-member
 * figures of managers and owners (team.read), the public resolution of a code, and the console's view of a partner's
 * code with regeneration (audited). docs/referral-details.md says what each decides.
 */
export async function referralDetailsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const pool = app.database.pool;
  const linkOf = (code: string) => `${app.config.appUrl}${referralLinkPath(code)}`;
  const tags = ['referral-details'];

  async function detailsOf(db: Queryable, user: { id: number; referralAgentId: number }, code: { code: string; created_at: string }): Promise<ReferralDetails> {
    const agent = await agentIdentity(db, user.referralAgentId);
    if (!agent) throw new NotFoundError();
    return {
      agent: { id: agent.id, name: agent.name, logo: agent.logo, group: { slug: agent.group_slug, name: agent.group_name } },
      code: code.code,
      link: linkOf(code.code),
      code_created_at: code.created_at,
      previous_codes: await retiredCodes(db, user.id),
      grace_days: REFERRAL_CODE_GRACE_DAYS,
      remember_days: REFERRAL_REMEMBER_DAYS,
    };
  }

  app.get(
    REFERRAL_DETAILS_URL,
    partnerRoute(app, {
      permission: 'portal.use',
      tags,
      summary: "The partner's referral identity: their agent (name, logo, group), their personal code and link; the code is made on the first visit",
      response: { 200: referralDetailsSchema, 404: messageSchema },
    }),
    async (request) => {
      const user = currentUser(request);
      return detailsOf(pool, user, await ensureCode(pool, user.id));
    },
  );

  app.post(
    REFERRAL_REGENERATE_URL,
    partnerRoute(app, {
      permission: 'portal.use',
      tags,
      summary: 'Give the partner a new referral code; the old code and link keep working for 30 days',
      description: `${REGENERATIONS_PER_DAY} a day per member, then 429 with Retry-After.`,
      response: { 200: referralDetailsSchema, 404: messageSchema, 429: messageSchema },
    }),
    async (request) => {
      const user = currentUser(request);
      // Counted atomically before the work (the count hit() answers), so parallel requests cannot all slip under it.
      const limiter = new RateLimiter(pool);
      const key = `referral-code-regenerate:${user.id}`;
      if ((await limiter.hit(key, DAY_SECONDS)) > REGENERATIONS_PER_DAY) {
        const seconds = Math.max(1, await limiter.availableIn(key));
        throw new TooManyRequestsError(M.tooManyRegenerations({ max: REGENERATIONS_PER_DAY, minutes: Math.ceil(seconds / 60) }), seconds);
      }
      return inTransaction(pool, async (client) => {
        const { before, after } = await regenerateCode(client, user.id);
        await recordAudit(client, request.auditActor, {
          action: 'referral_code.regenerated',
          target: { type: 'user', id: user.id },
          before: { code: before },
          after: { code: after.code },
        });
        return detailsOf(client, user, after);
      });
    },
  );

  /** The QR code of the partner's current link, as an image to show (inline) or a named file (`?download=1`). */
  async function sendQr(format: 'png' | 'svg', download: boolean, userId: number, reply: FastifyReply) {
    const { code } = await ensureCode(pool, userId);
    const link = linkOf(code);
    const body = format === 'png' ? await QRCode.toBuffer(link, { ...QR_OPTIONS, type: 'png', width: 1024 }) : await QRCode.toString(link, { ...QR_OPTIONS, type: 'svg' });
    const filename = `referral-${code}.${format}`;
    return reply
      .headers({
        'content-type': format === 'png' ? 'image/png' : 'image/svg+xml; charset=utf-8',
        'content-disposition': `${download ? 'attachment' : 'inline'}; filename="${filename}"`,
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
        // An SVG opened on its own is a document: no script, nothing loaded from elsewhere.
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      })
      .send(body);
  }

  for (const [url, format] of [
    [REFERRAL_QR_PNG_URL, 'png'],
    [REFERRAL_QR_SVG_URL, 'svg'],
  ] as const) {
    app.get(
      url,
      partnerRoute(app, {
        permission: 'portal.use',
        tags,
        summary: `The QR code of the partner's referral link as ${format.toUpperCase()} (\`?download=1\`: as a file to save)`,
        querystring: referralQrQuerySchema,
        response: {},
      }),
      async (request, reply) => sendQr(format, request.query.download === '1', currentUser(request).id, reply),
    );
  }

  app.get(
    REFERRAL_MEMBER_FIGURES_URL,
    partnerRoute(app, {
      permission: 'team.read',
      tags,
      summary: "Each member of the partner's agent with the bookings they referred and completed this month and last month",
      description: 'Months are counted in `timezone` (the viewer’s zone: saved on the profile, else the device’s; UTC when absent). Active members, and deactivated or suspended ones with figures in the two months (`status`); never invited people. Referred: bookings made in the month; completed: status completed with the appointment in the month.',
      querystring: referralMemberFiguresQuerySchema,
      response: { 200: referralMemberFiguresSchema },
    }),
    async (request) => {
      const user = currentUser(request);
      const timeZone = request.query.timezone ?? 'UTC';
      const { rows, thisMonth, lastMonth } = await memberFigures(pool, user.referralAgentId, timeZone);
      return {
        time_zone: timeZone,
        this_month: thisMonth,
        last_month: lastMonth,
        members: rows.map((row) => ({
          user_id: row.user_id,
          name: `${row.first_name} ${row.last_name}`.trim(),
          role: row.role,
          status: row.status,
          this_month: { referred: row.referred_this, completed: row.completed_this },
          last_month: { referred: row.referred_last, completed: row.completed_last },
        })),
      };
    },
  );

  // ---- public resolution ----

  app.get(
    `${REFERRAL_CODES_URL}/:code`,
    {
      schema: {
        tags,
        summary: 'Resolve a referral code (public): whether it works, the referral agent’s display name and the partner’s current code, nothing else',
        description: `A current code, or one regenerated less than ${REFERRAL_CODE_GRACE_DAYS} days ago, of an approved partner; 404 for any other. ${LOOKUPS_PER_MINUTE} lookups a minute per IP address, then 429.`,
        params: referralCodeParamsSchema,
        response: { 200: referralCodeResolutionSchema, 404: messageSchema, 429: messageSchema },
      },
    },
    async (request) => {
      const limiter = new RateLimiter(pool);
      const key = `referral-code-lookup:${request.ip}`;
      if ((await limiter.hit(key, 60)) > LOOKUPS_PER_MINUTE) {
        const seconds = Math.max(1, await limiter.availableIn(key));
        throw new TooManyRequestsError(M.tooManyLookups({ seconds }), seconds);
      }
      const code = normaliseReferralCode(request.params.code);
      const resolved = isReferralCode(code) ? await resolveCode(pool, code) : null;
      if (!resolved) throw new NotFoundError();
      return { valid: true as const, code: resolved.code, current_code: resolved.current_code, agent_name: resolved.agent_name };
    },
  );

  // ---- the console: a partner's code ----

  async function consoleCodeOf(db: Queryable, userId: number): Promise<ConsolePartnerReferralCode> {
    const current = await currentCode(db, userId);
    return {
      code: current?.code ?? null,
      link: current ? linkOf(current.code) : null,
      created_at: current?.created_at ?? null,
      previous_codes: await retiredCodes(db, userId),
    };
  }

  const consoleUrl = consolePartnerReferralCodeUrl(':id' as unknown as number);
  const consoleParams = consolePartnerReferralCodeParamsSchema;

  app.get(
    consoleUrl,
    operatorRoute(app, {
      permission: 'partners.read',
      tags,
      summary: "A partner's referral code, its link and the retired codes that still work (null code: not made yet)",
      params: consoleParams,
      response: { 200: consolePartnerReferralCodeSchema, 404: messageSchema },
    }),
    async (request) => {
      if (!(await partnerExists(pool, request.params.id))) throw new NotFoundError();
      return consoleCodeOf(pool, request.params.id);
    },
  );

  app.post(
    `${consoleUrl}/regenerate`,
    operatorRoute(app, {
      permission: 'partners.manage',
      tags,
      summary: "Give a partner a new referral code (audited); the old one keeps working for 30 days",
      params: consoleParams,
      response: { 200: consolePartnerReferralCodeSchema, 404: messageSchema },
    }),
    async (request) =>
      inTransaction(pool, async (client) => {
        const userId = request.params.id;
        if (!(await partnerExists(client, userId))) throw new NotFoundError();
        const { before, after } = await regenerateCode(client, userId);
        await recordAudit(client, request.auditActor, {
          action: 'referral_code.regenerated',
          target: { type: 'user', id: userId },
          before: { code: before },
          after: { code: after.code },
        });
        return consoleCodeOf(client, userId);
      }),
  );
}
