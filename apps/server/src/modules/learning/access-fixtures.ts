import type { PartnerAccessFixture, PartnerAccessRequest, PartnerAccessWorld } from '../../test/partner-access.ts';
import { publishedItem, TEST_CAPTIONS_EN, testSection } from './learning-test-support.ts';

/**
 * Learning content is not an agent's: an item shown to every partner is served to every role of every agent
 * ('everyone'). Who may see an item meant for chosen groups or types is learning.test.ts's and videos.test.ts's.
 */
async function article(world: PartnerAccessWorld): Promise<PartnerAccessRequest> {
  const id = await publishedItem(world.context, { kind: 'article', section_id: await testSection(world.context, 'article', 'access'), title_en: 'Access matrix article' });
  return { params: { id }, body: { helpful: true } };
}

async function video(world: PartnerAccessWorld): Promise<PartnerAccessRequest> {
  const section = await testSection(world.context, 'video', 'access');
  const id = await publishedItem(world.context, { kind: 'video', section_id: section, title_en: 'Access matrix video', captions_en: TEST_CAPTIONS_EN, video: { duration: 20 } });
  return { params: { id, section, language: 'en' }, body: { ranges: [[0, 5]], position: 5 } };
}

export const accessFixtures: PartnerAccessFixture[] = [
  { route: 'GET /api/learning/articles/:id', visibleTo: 'everyone', create: article, served: [200] },
  { route: 'POST /api/learning/items/:id/vote', visibleTo: 'everyone', create: article, served: [200] },
  { route: 'GET /api/learning/video-sections/:section/start', visibleTo: 'everyone', create: video, served: [200] },
  { route: 'GET /api/learning/videos/:id', visibleTo: 'everyone', create: video, served: [200] },
  { route: 'GET /api/learning/videos/:id/file', visibleTo: 'everyone', create: video, served: [200] },
  { route: 'GET /api/learning/videos/:id/captions/:language', visibleTo: 'everyone', create: video, served: [200] },
  { route: 'POST /api/learning/videos/:id/progress', visibleTo: 'everyone', create: video, served: [200] },
];
