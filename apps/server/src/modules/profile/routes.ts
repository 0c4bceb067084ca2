import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { z } from 'zod';
import { messageSchema, validationErrorSchema } from '@portal/contracts/errors';
import {
  AVATAR_MAX_BYTES,
  AVATAR_SIZE,
  AVATAR_UPLOAD_CONTENT_TYPE,
  EMAIL_CHANGE_EXPIRE_MINUTES,
  EMAIL_CHANGE_MAX_REQUESTS,
  EMAIL_CHANGE_WINDOW_SECONDS,
  EMAIL_CONFIRM_PATH,
  NOTIFICATION_PREFERENCES_URL,
  PROFILE_AVATAR_URL,
  PROFILE_EMAIL_CONFIRM_URL,
  PROFILE_EMAIL_URL,
  PROFILE_URL,
  channelIsChoosable,
  confirmEmailChangeRequestSchema,
  emailChangedSchema,
  emailChangeRequestedSchema,
  emailChangeRequestSchema,
  notificationPreferencesSchema,
  profileSchema,
  updateNotificationPreferencesRequestSchema,
  updateProfileRequestSchema,
  type Profile,
} from '@portal/contracts/profile';
import { inTransaction, type Queryable } from '../../db/queryable.ts';
import { partnerRoute } from '../../kit/partner-routes.ts';
import { recordAudit } from '../../lib/audit/audit-log.ts';
import { NotFoundError, TooManyRequestsError, ValidationError } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { RateLimiter } from '../../lib/rate-limiter.ts';
import { FileRejectedError, type StoredFile } from '../../lib/storage/file-store.ts';
import { FileNotFoundError } from '../../lib/storage/storage-driver.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { partnerAuditActor } from '../../plugins/audit-actor.ts';
import { currentUser } from '../../plugins/auth-guard.ts';
import { emailChangeConfirmMail, emailChangeNoticeMail } from './mails.ts';
import { PROFILE_MESSAGES as M } from './messages.ts';
import * as repository from './repository.ts';
import { uploadBodyParser } from '../../lib/upload-body.ts';

/** The file store's kind of a person's avatar: the 512 px WebP the route made, never the upload itself. */
export const AVATAR_KIND = 'avatar';
/** A 512 px WebP avatar is far below this; a bound all the same. */
const STORED_AVATAR_MAX_BYTES = 1024 * 1024;
/** Decompression bombs: an upload over this many pixels is refused before it is decoded. */
const MAX_INPUT_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp']);

/** The version in the avatar's URL is its stored file's name, so a new upload is never served from a cache. */
function avatarUrl(file: StoredFile | null): string | null {
  if (!file) return null;
  const name = file.key.slice(file.key.lastIndexOf('/') + 1).replace(/\.[a-z0-9]+$/i, '');
  return `${PROFILE_AVATAR_URL}?v=${name}`;
}

function present(record: repository.ProfileRecord): Profile {
  return {
    first_name: record.first_name,
    last_name: record.last_name,
    email: record.email,
    pending_email: record.pending_email,
    locale: record.locale,
    theme: record.theme,
    time_zone: record.time_zone,
    avatar_url: avatarUrl(record.avatar_file),
  };
}

/** Reads the upload into memory, refusing it one byte past AVATAR_MAX_BYTES. */
async function readBounded(upload: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of upload) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    size += buffer.length;
    if (size > AVATAR_MAX_BYTES) {
      upload.destroy();
      throw ValidationError.field('avatar', M.avatarTooLarge);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * The avatar as stored: a PNG, JPEG or WebP (read from its bytes, not its name), turned upright by its EXIF
 * orientation, cropped to a centred 512 px square and written as WebP without any metadata (sharp keeps none unless
 * asked: EXIF, GPS, ICC, XMP all gone).
 */
export async function avatarImage(bytes: Buffer): Promise<Buffer> {
  if (bytes.length === 0) throw ValidationError.field('avatar', M.avatarEmpty);
  let format: string | undefined;
  try {
    format = (await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw ValidationError.field('avatar', M.avatarTypeNotAllowed);
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw ValidationError.field('avatar', M.avatarTypeNotAllowed);
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention', withoutEnlargement: false })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw ValidationError.field('avatar', M.avatarTypeNotAllowed);
  }
}

/**
 * The signed-in person's profile (issue 17): name, avatar, time zone (language and theme stay with PATCH
 * /api/user/preferences), the e-mail address change, and the notification preferences the notification service
 * honours. Every route acts on the caller's own row only; the body never names a user.
 */
export async function profileRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const pool = app.database.pool;
  const limiter = new RateLimiter(pool);
  const tags = ['profile'];

  app.storage.defineKind({ name: AVATAR_KIND, maxBytes: STORED_AVATAR_MAX_BYTES, types: ['image/webp'] });
  // The avatar upload's body is the image itself (this module's routes only: encapsulated).
  app.addContentTypeParser(AVATAR_UPLOAD_CONTENT_TYPE, uploadBodyParser);

  async function profileOf(db: Queryable, userId: number): Promise<Profile> {
    const record = await repository.findProfile(db, userId);
    if (!record) throw new NotFoundError();
    return present(record);
  }

  async function discard(file: StoredFile | null): Promise<void> {
    if (!file) return;
    await app.storage.delete(file.key).catch((error: unknown) => app.log.warn({ err: error, key: file.key }, 'an avatar could not be deleted'));
  }

  app.get(
    PROFILE_URL,
    partnerRoute(app, { permission: 'portal.use', tags, summary: "The signed-in person's profile", response: { 200: profileSchema } }),
    async (request) => profileOf(pool, currentUser(request).id),
  );

  app.patch(
    PROFILE_URL,
    partnerRoute(app, {
      permission: 'portal.use',
      tags,
      summary: 'Change your first and last name and your time zone (null follows the device)',
      body: updateProfileRequestSchema,
      response: { 200: profileSchema },
    }),
    async (request) => {
      const user = currentUser(request);
      return inTransaction(pool, async (client) => {
        const before = await repository.findProfile(client, user.id);
        if (!before) throw new NotFoundError();
        await repository.updateProfile(client, user.id, request.body);
        const after = await profileOf(client, user.id);
        if (before.first_name !== after.first_name || before.last_name !== after.last_name) {
          await recordAudit(client, request.auditActor, {
            action: 'profile.name_changed',
            target: { type: 'user', id: user.id },
            before: { first_name: before.first_name, last_name: before.last_name },
            after: { first_name: after.first_name, last_name: after.last_name },
          });
        }
        return after;
      });
    },
  );

  // ---- avatar ----

  app.get(
    PROFILE_AVATAR_URL,
    partnerRoute(app, {
      permission: 'portal.use',
      tags,
      summary: "The signed-in person's avatar (512 px WebP), inline",
      querystring: z.object({ v: z.string().max(64).optional() }),
      response: { 404: messageSchema },
    }),
    async (request, reply) => {
      const record = await repository.findProfile(pool, currentUser(request).id);
      const file = record?.avatar_file;
      if (!file) throw new NotFoundError(M.noAvatar);
      try {
        const stream = await app.storage.read(file);
        return reply.headers(app.storage.downloadHeaders(file, { disposition: 'inline' })).send(stream as never);
      } catch (error) {
        if (error instanceof FileNotFoundError) throw new NotFoundError(M.noAvatar);
        throw error;
      }
    },
  );

  app.put(
    PROFILE_AVATAR_URL,
    partnerRoute(app, {
      permission: 'portal.use',
      tags,
      summary: 'Upload your avatar: a PNG, JPEG or WebP of at most 5 MB, stored as a 512 px square without metadata',
      description: 'The body is the image itself (Content-Type application/octet-stream). 422 with `errors.avatar` when refused.',
      consumes: [AVATAR_UPLOAD_CONTENT_TYPE],
      response: { 200: profileSchema },
    }),
    async (request) => {
      const user = currentUser(request);
      const upload: unknown = request.body;
      if (upload === undefined || upload === null) throw ValidationError.field('avatar', M.avatarEmpty);
      if (!(upload instanceof Readable)) throw ValidationError.field('avatar', M.avatarNotSent);
      const image = await avatarImage(await readBounded(upload));
      let stored: StoredFile;
      try {
        stored = await app.storage.save(AVATAR_KIND, Readable.from(image), { filename: 'avatar.webp' });
      } catch (error) {
        if (error instanceof FileRejectedError) throw ValidationError.field('avatar', M.avatarTypeNotAllowed);
        throw error;
      }
      const { profile, previous } = await inTransaction(pool, async (client) => {
        const replaced = await repository.setAvatar(client, user.id, stored);
        await recordAudit(client, request.auditActor, {
          action: 'profile.avatar_changed',
          target: { type: 'user', id: user.id },
          before: { avatar: replaced?.key ?? null },
          after: { avatar: stored.key },
        });
        return { profile: await profileOf(client, user.id), previous: replaced };
      });
      await discard(previous);
      return profile;
    },
  );

  app.delete(
    PROFILE_AVATAR_URL,
    partnerRoute(app, { permission: 'portal.use', tags, summary: 'Remove your avatar', response: { 200: profileSchema } }),
    async (request) => {
      const user = currentUser(request);
      const { profile, previous } = await inTransaction(pool, async (client) => {
        const replaced = await repository.setAvatar(client, user.id, null);
        if (replaced) {
          await recordAudit(client, request.auditActor, {
            action: 'profile.avatar_removed',
            target: { type: 'user', id: user.id },
            before: { avatar: replaced.key },
            after: { avatar: null },
          });
        }
        return { profile: await profileOf(client, user.id), previous: replaced };
      });
      await discard(previous);
      return profile;
    },
  );

  // ---- e-mail address change ----

  app.post(
    PROFILE_EMAIL_URL,
    partnerRoute(app, {
      permission: 'portal.use',
      tags,
      summary: 'Ask to change your e-mail address: a 15-minute link goes to the new one, a notice to the old one',
      description: `Needs the current password. ${EMAIL_CHANGE_MAX_REQUESTS} requests an hour, then 429. The address changes only when the link is followed.`,
      body: emailChangeRequestSchema,
      response: { 200: emailChangeRequestedSchema, 422: validationErrorSchema },
    }),
    async (request) => {
      const user = currentUser(request);
      const key = `email-change:${user.id}`;
      // Every attempt counts, a wrong password included: the limit also bounds guessing the password here. The count
      // is the one the atomic upsert returns, so parallel requests cannot all pass a check made before any is counted.
      if ((await limiter.hit(key, EMAIL_CHANGE_WINDOW_SECONDS)) > EMAIL_CHANGE_MAX_REQUESTS) {
        throw new TooManyRequestsError(M.emailChangeThrottled, Math.max(1, await limiter.availableIn(key)));
      }

      const { email, current_password: password } = request.body;
      const hash = await repository.passwordHashOf(pool, user.id);
      if (!hash || !(await verifyPassword(hash, password))) throw ValidationError.field('current_password', M.currentPasswordWrong);
      const record = await repository.findProfile(pool, user.id);
      if (!record) throw new NotFoundError();
      if (email.toLowerCase() === record.email.toLowerCase()) throw ValidationError.field('email', M.emailUnchanged);
      if (await repository.emailTaken(pool, email, user.id)) throw ValidationError.field('email', M.emailTaken);

      const token = randomToken();
      const link = `${app.config.appUrl}${EMAIL_CONFIRM_PATH}?token=${encodeURIComponent(token)}`;
      await inTransaction(pool, async (client) => {
        await repository.insertEmailChange(client, user.id, email, sha256(token), EMAIL_CHANGE_EXPIRE_MINUTES);
        await app.mailer.queue(emailChangeConfirmMail({ to: email, firstName: record.first_name, link, locale: record.locale }), { db: client });
        await app.mailer.queue(
          emailChangeNoticeMail({ to: record.email, firstName: record.first_name, newEmail: email, locale: record.locale }),
          { db: client },
        );
        await recordAudit(client, request.auditActor, {
          action: 'auth.email_change_requested',
          target: { type: 'user', id: user.id },
          before: { email: record.email },
          after: { email },
        });
      });
      return { pending_email: email, expires_in_minutes: EMAIL_CHANGE_EXPIRE_MINUTES };
    },
  );

  app.post(
    PROFILE_EMAIL_CONFIRM_URL,
    {
      schema: {
        tags,
        summary: 'Follow an e-mail change link: the address changes now (no session needed; the token proves the new address)',
        description: 'A link works once, within 15 minutes of the request; otherwise 422 with `errors.token`.',
        body: confirmEmailChangeRequestSchema,
        response: { 200: emailChangedSchema, 422: validationErrorSchema },
      },
    },
    async (request) =>
      inTransaction(pool, async (client) => {
        const change = await repository.consumeEmailChange(client, sha256(request.body.token));
        if (!change) throw ValidationError.field('token', M.emailLinkInvalid);
        // The account is the token's (change.user_id), never the session's: whoever is signed in on this browser.
        if (await repository.emailTaken(client, change.new_email, change.user_id)) throw ValidationError.field('email', M.emailTaken);
        // Taken between the check and the write (two accounts confirming the same address at once): the same 422.
        if (!(await repository.setEmail(client, change.user_id, change.new_email))) throw ValidationError.field('email', M.emailTaken);
        await recordAudit(
          client,
          partnerAuditActor(request, change.user_id),
          { action: 'auth.email_changed', target: { type: 'user', id: change.user_id }, before: { email: change.old_email }, after: { email: change.new_email } },
        );
        return { email: change.new_email };
      }),
  );

  // ---- notification preferences ----

  app.get(
    NOTIFICATION_PREFERENCES_URL,
    partnerRoute(app, {
      permission: 'portal.use',
      tags,
      summary: 'Which notification events reach you on which channel (in-app, e-mail); mandatory ones are locked on',
      response: { 200: notificationPreferencesSchema },
    }),
    async (request) => ({ preferences: await repository.notificationPreferences(pool, currentUser(request).id) }),
  );

  app.put(
    NOTIFICATION_PREFERENCES_URL,
    partnerRoute(app, {
      permission: 'portal.use',
      tags,
      summary: 'Turn notification channels on or off; a mandatory (locked) one is a 422',
      body: updateNotificationPreferencesRequestSchema,
      response: { 200: notificationPreferencesSchema },
    }),
    async (request) => {
      const user = currentUser(request);
      const errors: Record<string, string[]> = {};
      request.body.preferences.forEach((choice, index) => {
        if (!channelIsChoosable(choice.event, choice.channel)) errors[`preferences.${index}.enabled`] = [M.preferenceLocked];
      });
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);
      return inTransaction(pool, async (client) => {
        await repository.saveNotificationPreferences(client, user.id, request.body.preferences);
        return { preferences: await repository.notificationPreferences(client, user.id) };
      });
    },
  );
}
