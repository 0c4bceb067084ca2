import { Readable } from 'node:stream';
import type { TestContext } from '../../test/test-app.ts';
import type { ContentCreate } from '@portal/contracts/console-content';
import { contentCreateSchema } from '@portal/contracts/console-content';
import type { AuditActor } from '../../lib/audit/audit-log.ts';
import { insertSection } from './content-repository.ts';
import { createContentService } from './content-service.ts';

/** Learning content for tests: sections, published items, a video file (a WebM header and filler: file-type reads it as WebM). */

const TEST_ACTOR: AuditActor = { type: 'system', id: null, role: null };

export async function testSection(context: TestContext, kind: 'article' | 'knowledge' | 'video' | 'poster', slug = `${kind}-section`): Promise<number> {
  return insertSection(context.database.pool, { kind, slug, title_en: `Section ${slug}`, title_ar: `قسم ${slug}`, position: 0 });
}

export async function groupId(context: TestContext, slug: string): Promise<number> {
  const { rows } = await context.database.pool.query<{ id: number }>(
    `INSERT INTO referral_groups (slug, name) VALUES ($1, $1) ON CONFLICT (slug) DO UPDATE SET slug = excluded.slug RETURNING id`,
    [slug],
  );
  return rows[0]!.id;
}

export async function partnerTypeId(context: TestContext, name: string): Promise<number> {
  const { rows } = await context.database.pool.query<{ id: number }>(
    `INSERT INTO partner_types (name) VALUES ($1) ON CONFLICT (name) DO UPDATE SET name = excluded.name RETURNING id`,
    [name],
  );
  return rows[0]!.id;
}

export function webmBytes(size = 4096): Buffer {
  const inner = Buffer.concat([Buffer.from([0x42, 0x82, 0x84]), Buffer.from('webm')]);
  const header = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | inner.length]), inner]);
  const filler = Buffer.alloc(Math.max(0, size - header.length));
  for (let index = 0; index < filler.length; index += 1) filler[index] = index % 251;
  return Buffer.concat([header, filler]);
}

export const TEST_CAPTIONS_EN = 'WEBVTT\n\n00:00.000 --> 00:04.000\nWelcome to the referral programme.\n\n00:04.000 --> 00:09.000\nEvery booking starts with a passport copy.\n';
export const TEST_CAPTIONS_AR = 'WEBVTT\n\n00:00.000 --> 00:04.000\nمرحبًا بكم في برنامج الإحالة.\n\n00:04.000 --> 00:09.000\nتبدأ كل حجز بنسخة من جواز السفر.\n';

/** Creates and (unless `draft`) publishes an item through the content service, as the console would. */
export async function publishedItem(context: TestContext, input: ContentCreate & { draft?: boolean; video?: { bytes?: Buffer; duration: number } }): Promise<number> {
  const service = createContentService({ pool: context.database.pool, storage: context.app.storage });
  const { draft, video, ...create } = input;
  const id = await service.create(TEST_ACTOR, null, contentCreateSchema.parse(create));
  if (video) await service.attachVideo(TEST_ACTOR, id, Readable.from([video.bytes ?? webmBytes()]), { filename: 'clip.webm', durationSeconds: video.duration });
  if (!draft) await service.publish(TEST_ACTOR, id);
  return id;
}
