import { Readable } from 'node:stream';
import type { CreatedPartner } from '../../test/factories.ts';
import { ONE_PAGE_PDF } from '../../test/pdf-fixtures.ts';
import type { PartnerAccessFixture, PartnerAccessRequest, PartnerAccessWorld } from '../../test/partner-access.ts';
import { claimUploads, insertMessage, insertThread, insertUpload } from './repository.ts';
import { FEEDBACK_ATTACHMENT_KIND } from './service.ts';

const PDF = ONE_PAGE_PDF;

/**
 * A feedback thread of `member` with one attached PDF (issue 17's matrix). Who sees it: its author, and the owner and
 * managers of the agent ('managers'); another agent, or an agent or finance colleague, gets 404.
 */
async function threadOf(world: PartnerAccessWorld, member: CreatedPartner): Promise<PartnerAccessRequest> {
  const pool = world.context.database.pool;
  const id = await insertThread(pool, {
    referralAgentId: member.referralAgentId,
    authorUserId: member.userId,
    category: 'other',
    rating: null,
    pageUrl: '/feedback',
    appVersion: null,
    language: 'en',
  });
  const messageId = await insertMessage(pool, { threadId: id, authorType: 'partner', authorUserId: member.userId, body: 'Access matrix' });
  const file = await world.context.app.storage.save(FEEDBACK_ATTACHMENT_KIND, Readable.from([PDF]), { filename: 'matrix.pdf' });
  const attachmentId = await insertUpload(pool, member.userId, file);
  await claimUploads(pool, member.userId, [attachmentId], messageId);
  return { params: { id, attachmentId }, body: { message: 'Access matrix reply' } };
}

export const accessFixtures: PartnerAccessFixture[] = [
  { route: 'GET /api/feedback/:id', visibleTo: 'managers', create: threadOf, served: [200] },
  { route: 'POST /api/feedback/:id/replies', visibleTo: 'managers', create: threadOf, served: [201] },
  { route: 'GET /api/feedback/:id/attachments/:attachmentId', visibleTo: 'managers', create: threadOf, served: [200] },
];
