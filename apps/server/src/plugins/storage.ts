import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema } from '@portal/contracts/errors';
import type { Config } from '../config.ts';
import { createFileStore, SIGNED_DOWNLOAD_PATH, sweepAbandonedUploads, type FileStore } from '../lib/storage/file-store.ts';
import { createLocalDriver } from '../lib/storage/local-driver.ts';
import { createS3Driver } from '../lib/storage/s3-driver.ts';
import { FileNotFoundError, type StorageDriver } from '../lib/storage/storage-driver.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** File storage (lib/storage/file-store.ts): areas define their kinds, save uploads, answer downloads. */
    storage: FileStore;
  }
}

/** The configured driver: the bucket when S3_* are set, otherwise DATA_DIR/files. */
export function storageDriverFor(config: Config): StorageDriver {
  return config.storage.driver === 's3' ? createS3Driver(config.storage) : createLocalDriver(config.storage.directory);
}

/**
 * `app.storage`, and the one route every signed portal download goes through (GET /api/files/signed?…): a URL the
 * file store signed (HMAC of APP_KEY), valid until its expiry, for files the bucket cannot hand out itself (the local
 * driver, encrypted files). Downloads of signed-in users go through the areas' own authorised routes
 * (`app.storage.read` + `downloadHeaders`).
 */
export const storagePlugin = fp(
  async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const driver = storageDriverFor(app.config);
    const temporaryDirectory = path.join(app.config.dataDir, 'tmp', 'uploads');
    const storage = createFileStore({ driver, appKey: app.config.appKey, temporaryDirectory, appUrl: app.config.appUrl });
    // What a process that died mid-upload left behind; never fails the start.
    app.addHook('onReady', async () => {
      await sweepAbandonedUploads(temporaryDirectory).catch((error: unknown) => app.log.warn({ err: error }, 'old uploads could not be swept'));
    });
    app.decorate('storage', storage);
    app.addHook('onClose', async () => driver.close?.());

    const text = z.string().max(2048).optional();
    app.get(
      SIGNED_DOWNLOAD_PATH,
      {
        schema: {
          tags: ['files'],
          summary: 'Download a file through a short-lived signed link',
          description: 'The link is made by the server (FileStore.signedUrl) and works until it expires; 403 after that or when altered.',
          querystring: z.object({ key: text, expires: text, disposition: text, name: text, type: text, encrypted: text, signature: text }),
          response: { 403: messageSchema, 404: messageSchema },
        },
      },
      async (request, reply) => {
        const { file, headers } = storage.verifySignedDownload(request.query);
        try {
          const stream = await storage.read(file);
          // A stream is sent as it is (Fastify serializes no stream), whatever the declared answers' types say.
          return reply.headers(headers).send(stream as never);
        } catch (error) {
          if (error instanceof FileNotFoundError) return reply.code(404).send({ message: 'The file does not exist any more.' });
          throw error;
        }
      },
    );
  },
  { name: 'storage' },
);
