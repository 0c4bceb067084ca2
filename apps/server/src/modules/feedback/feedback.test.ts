import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackListEndpoint, feedbackThreadSchema } from '@portal/contracts/feedback';
import { consoleFeedbackEndpoint, consoleFeedbackThreadSchema } from '@portal/contracts/console-feedback';
import type { PartnerRole } from '@portal/contracts/partner-roles';
import { consoleRequest, createTestOperator, type TestOperator, operatorClientFor } from '../../test/console-sign-in.ts';
import { createPartner } from '../../test/factories.ts';
import { ONE_PAGE_PDF, PDF_HTML_POLYGLOT, PDF_WITH_SCRIPT } from '../../test/pdf-fixtures.ts';
import { TestClient } from '../../test/http-client.ts';
import { latestMail, readOutbox } from '../../test/outbox.ts';
import { signInAs } from '../../test/sign-in.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

/** Feedback (issue 17): submitting with attachments, who sees which thread, replies, and the console's support inbox. */

let context: TestContext;
let support: TestOperator;
let content: TestOperator;
let png: Buffer;
const pdf = ONE_PAGE_PDF;

beforeAll(async () => {
  context = await createTestApp();
  support = await createTestOperator(context, { role: 'support' });
  content = await createTestOperator(context, { role: 'content' });
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366cc' } }).png().toBuffer();
});
afterAll(async () => context?.close());

async function member(options: { role?: PartnerRole; referralAgentId?: number; locale?: 'en' | 'ar'; firstName?: string } = {}) {
  const partner = await createPartner(context.database.pool, options);
  const client = new TestClient(context.app);
  await signInAs(context, client, partner.userId);
  return { partner, client };
}

function operatorClient(operator: TestOperator = support): Promise<TestClient> {
  return operatorClientFor(context, operator);
}

function upload(client: TestClient, bytes: Buffer, filename: string) {
  return client.post(`/api/feedback/attachments?filename=${encodeURIComponent(filename)}`, bytes, { 'content-type': 'application/octet-stream' });
}

async function submit(client: TestClient, body: Record<string, unknown> = {}) {
  return client.post('/api/feedback', { category: 'booking', message: 'The clinic asked for the passport copy twice.', ...body });
}

async function threadOf(client: TestClient, body: Record<string, unknown> = {}) {
  const response = await submit(client, body);
  expect(response.statusCode).toBe(201);
  return feedbackThreadSchema.parse(response.json());
}

describe('submitting feedback', () => {
  it('stores a thread without attachments, with the page, version and language attached', async () => {
    const { client } = await member();
    const thread = await threadOf(client, { rating: 4, page_url: '/bookings?search=ABC', app_version: '1.2.3', language: 'en' });
    expect(thread).toMatchObject({ category: 'booking', status: 'new', rating: 4, page_url: '/bookings?search=ABC', app_version: '1.2.3', language: 'en', can_reply: true });
    expect(thread.messages).toHaveLength(1);
    expect(thread.messages[0]!.attachments).toEqual([]);
    const list = feedbackListEndpoint.page.parse((await client.get('/api/feedback')).json());
    expect(list.data.map((row) => row.id)).toEqual([thread.id]);
  });

  it('stores an image and a PDF, encrypted at rest, and serves them only to who may see the thread', async () => {
    const { partner, client } = await member();
    const image = await upload(client, png, 'screenshot.png');
    const document = await upload(client, pdf, 'referral letter.pdf');
    expect(image.statusCode).toBe(201);
    expect(document.statusCode).toBe(201);
    expect(document.json()).toMatchObject({ content_type: 'application/pdf' });
    const thread = await threadOf(client, { attachment_ids: [image.json().id, document.json().id] });
    const attachments = thread.messages[0]!.attachments;
    expect(attachments.map((file) => file.content_type).sort()).toEqual(['application/pdf', 'image/png']);

    const { rows } = await context.database.pool.query<{ file: { encrypted: boolean } }>('SELECT file FROM feedback_attachments WHERE message_id = $1', [thread.messages[0]!.id]);
    expect(rows.every((row) => row.file.encrypted)).toBe(true);

    const pdfId = attachments.find((file) => file.content_type === 'application/pdf')!.id;
    const download = await client.get(`/api/feedback/${thread.id}/attachments/${pdfId}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawBody.equals(pdf)).toBe(true);
    expect(download.headers['content-disposition']).toContain('attachment');

    const stranger = await member();
    expect((await stranger.client.get(`/api/feedback/${thread.id}/attachments/${pdfId}`)).statusCode).toBe(404);
    const colleague = await member({ role: 'agent', referralAgentId: partner.referralAgentId });
    expect((await colleague.client.get(`/api/feedback/${thread.id}/attachments/${pdfId}`)).statusCode).toBe(404);
  });

  it('refuses a file that is neither an image nor a PDF with 422, whatever its name says', async () => {
    const { client } = await member();
    const html = await upload(client, Buffer.from('<html><script>alert(1)</script></html>'), 'photo.png');
    expect(html.statusCode).toBe(422);
    expect(html.json().errors.file).toEqual(['A file must be an image (PNG, JPEG or WebP) or a PDF.']);
    const zip = await upload(client, Buffer.from('PK\u0003\u0004 not really a zip'), 'notes.pdf');
    expect(zip.statusCode).toBe(422);
  });

  it('N7: checks a PDF by its content and says why one is refused', async () => {
    const { client } = await member();
    const refusals = [
      [PDF_HTML_POLYGLOT, 'The file holds a web page as well as a PDF: save it again as a plain PDF.'],
      [PDF_WITH_SCRIPT, 'The PDF contains scripts, actions or embedded files: print it to a new PDF and attach that one.'],
      [Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'), 'The file is not a readable PDF.'],
    ] as const;
    for (const [bytes, reason] of refusals) {
      const response = await upload(client, bytes, 'letter.pdf');
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.file).toEqual([reason]);
    }
    expect((await upload(client, pdf, 'letter.pdf')).statusCode).toBe(201);
  });

  it('refuses a file over 10 MB with 422', async () => {
    const { client } = await member();
    const large = Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024)]);
    const response = await upload(client, large, 'scan.pdf');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.file).toEqual(['A file may be at most 10 MB.']);
  });

  it('refuses more than 3 attachments, and another member’s upload', async () => {
    const { client } = await member();
    const ids: number[] = [];
    for (let index = 0; index < 4; index += 1) ids.push((await upload(client, png, `shot-${index}.png`)).json().id);
    const tooMany = await submit(client, { attachment_ids: ids });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors.attachment_ids).toEqual(['At most 3 files may be attached.']);

    const other = await member();
    const theirs = (await upload(other.client, png, 'theirs.png')).json().id;
    const stolen = await submit(client, { attachment_ids: [theirs] });
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json().errors).toHaveProperty('attachment_ids');
    // Nothing was stored by the refused submission.
    expect(feedbackListEndpoint.page.parse((await client.get('/api/feedback')).json()).total).toBe(0);
  });

  it('answers 422 with the fields for a bad submission, and 401 without a session', async () => {
    const { client } = await member();
    const response = await client.post('/api/feedback', { category: 'complaint', rating: 6, message: '' });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['category', 'message', 'rating']);
    expect((await new TestClient(context.app).get('/api/feedback')).statusCode).toBe(401);
  });
});

describe('who sees a thread', () => {
  it("gives 404 for another agent's thread, and for a colleague's to a plain agent or finance", async () => {
    const owner = await member({ role: 'owner' });
    const agent = await member({ role: 'agent', referralAgentId: owner.partner.referralAgentId });
    const finance = await member({ role: 'finance', referralAgentId: owner.partner.referralAgentId });
    const manager = await member({ role: 'manager', referralAgentId: owner.partner.referralAgentId });
    const outsider = await member({ role: 'owner' });
    const agentsThread = await threadOf(agent.client, { message: 'Grace’s question about a booking.' });
    const ownersThread = await threadOf(owner.client, { message: 'Amelia’s question about a payout.', category: 'payout' });

    expect((await outsider.client.get(`/api/feedback/${agentsThread.id}`)).statusCode).toBe(404);
    expect((await outsider.client.post(`/api/feedback/${agentsThread.id}/replies`, { message: 'Hi' })).statusCode).toBe(404);
    expect((await agent.client.get(`/api/feedback/${ownersThread.id}`)).statusCode).toBe(404);
    expect((await finance.client.get(`/api/feedback/${agentsThread.id}`)).statusCode).toBe(404);
    expect((await agent.client.post(`/api/feedback/${ownersThread.id}/replies`, { message: 'Hi' })).statusCode).toBe(404);

    // Owners and managers see the agent's threads; each member their own.
    expect((await owner.client.get(`/api/feedback/${agentsThread.id}`)).statusCode).toBe(200);
    expect((await manager.client.get(`/api/feedback/${agentsThread.id}`)).statusCode).toBe(200);
    const idsOf = async (client: TestClient) => feedbackListEndpoint.page.parse((await client.get('/api/feedback')).json()).data.map((row) => row.id).sort();
    expect(await idsOf(manager.client)).toEqual([agentsThread.id, ownersThread.id].sort());
    expect(await idsOf(agent.client)).toEqual([agentsThread.id]);
    expect(await idsOf(finance.client)).toEqual([]);
    expect(await idsOf(outsider.client)).toEqual([]);
  });
});

describe('the conversation', () => {
  it('lets the partner reply with an attachment until the thread is closed, then answers 409', async () => {
    const { client } = await member();
    const thread = await threadOf(client);
    const file = (await upload(client, png, 'second.png')).json().id;
    const replied = await client.post(`/api/feedback/${thread.id}/replies`, { message: 'Here is the screenshot.', attachment_ids: [file] });
    expect(replied.statusCode).toBe(201);
    expect(feedbackThreadSchema.parse(replied.json()).messages[1]!.attachments).toHaveLength(1);

    const operator = await operatorClient();
    expect((await consoleRequest(operator, 'PUT', `/api/console/feedback/${thread.id}/status`, { status: 'closed' })).statusCode).toBe(200);
    const closed = await client.post(`/api/feedback/${thread.id}/replies`, { message: 'One more thing.' });
    expect(closed.statusCode).toBe(409);
    expect(feedbackThreadSchema.parse((await client.get(`/api/feedback/${thread.id}`)).json())).toMatchObject({ status: 'closed', can_reply: false });
  });

  it('never shows internal notes to the partner, in the thread, its count or a search', async () => {
    const { client } = await member();
    const thread = await threadOf(client);
    const operator = await operatorClient();
    const note = await consoleRequest(operator, 'POST', `/api/console/feedback/${thread.id}/replies`, { message: 'Secret: partner is on the watch list.', internal: true });
    expect(note.statusCode).toBe(201);
    expect(consoleFeedbackThreadSchema.parse(note.json()).messages.some((message) => message.internal)).toBe(true);

    const seen = await client.get(`/api/feedback/${thread.id}`);
    expect(seen.body).not.toContain('watch list');
    expect(feedbackThreadSchema.parse(seen.json()).messages).toHaveLength(1);
    expect(feedbackThreadSchema.parse(seen.json()).status).toBe('new');
    const list = await client.get('/api/feedback');
    expect(list.body).not.toContain('watch list');
    expect(feedbackListEndpoint.page.parse(list.json()).data[0]!.message_count).toBe(1);
    expect(feedbackListEndpoint.page.parse((await client.get('/api/feedback?search=watch')).json()).total).toBe(0);
  });

  it("tells the author of an operator's reply live and by e-mail, in their language, and marks it answered", async () => {
    const { partner, client } = await member({ locale: 'ar', firstName: 'Amelia' });
    const thread = await threadOf(client);
    const operator = await operatorClient();
    const reply = await consoleRequest(operator, 'POST', `/api/console/feedback/${thread.id}/replies`, { message: 'The hospital has your documents now.' });
    expect(reply.statusCode).toBe(201);
    expect(consoleFeedbackThreadSchema.parse(reply.json()).status).toBe('answered');

    const { rows } = await context.database.pool.query<{ type: string; title: string; link: string }>('SELECT type, title, link FROM notifications WHERE user_id = $1', [
      partner.userId,
    ]);
    expect(rows).toEqual([{ type: 'feedback.answered', title: 'ردّ فريق الدعم على ملاحظتك', link: `/feedback/${thread.id}` }]);

    await context.app.mailer.flush();
    const mail = latestMail(context.config.mail.outboxDir, partner.email);
    expect(mail?.subject).toBe('ردّ فريق الدعم على ملاحظتك');
    expect(mail?.text).toContain('The hospital has your documents now.');
    expect(mail?.links.some((link) => link.endsWith(`/feedback/${thread.id}`))).toBe(true);
    // One e-mail: the notification service adds no twin of its own.
    expect(readOutbox(context.config.mail.outboxDir).filter((each) => each.to.includes(partner.email))).toHaveLength(1);

    // The partner sees the support team's answer, not the operator's name.
    const seen = feedbackThreadSchema.parse((await client.get(`/api/feedback/${thread.id}`)).json());
    expect(seen.messages[1]).toMatchObject({ author_type: 'operator', body: 'The hospital has your documents now.', author_name: 'دعم الشركاء' });
    // Replying to an answered thread puts it back in review.
    await client.post(`/api/feedback/${thread.id}/replies`, { message: 'Thank you!' });
    expect(feedbackThreadSchema.parse((await client.get(`/api/feedback/${thread.id}`)).json()).status).toBe('in_review');
  });
});

describe('the support inbox', () => {
  async function auditOf(threadId: number) {
    const { rows } = await context.database.pool.query<{ action: string; actor_id: string; before: unknown; after: unknown }>(
      "SELECT action, actor_id, before, after FROM audit_events WHERE target_type = 'feedback_thread' AND target_id = $1 ORDER BY id",
      [String(threadId)],
    );
    return rows;
  }

  it('filters by status, category, agent, assignee and search; assigns, changes status and audits each action', async () => {
    const first = await member({ firstName: 'Ingrid' });
    const second = await member();
    const a = await threadOf(first.client, { category: 'payout', message: 'Where is my October payout?' });
    const b = await threadOf(second.client, { category: 'content', message: 'The Budapest clinic prices are old.' });
    const operator = await operatorClient();
    const idsOf = async (query: string) =>
      consoleFeedbackEndpoint.page.parse((await consoleRequest(operator, 'GET', `/api/console/feedback?${query}`)).json()).data.map((row) => row.id);

    expect(await idsOf(`agent_id=${first.partner.referralAgentId}`)).toEqual([a.id]);
    expect(await idsOf(`category=content&agent_id=${second.partner.referralAgentId}`)).toEqual([b.id]);
    expect(await idsOf('search=october%20payout')).toEqual([a.id]);
    expect(await idsOf('search=Ingrid')).toContain(a.id);

    const assigned = await consoleRequest(operator, 'PUT', `/api/console/feedback/${a.id}/assignee`, { assignee_id: support.id });
    expect(assigned.statusCode).toBe(200);
    expect(consoleFeedbackThreadSchema.parse(assigned.json()).assignee).toEqual({ id: support.id, name: 'Test support' });
    expect(await idsOf(`assignee_id=${support.id}`)).toEqual([a.id]);
    // Only an operator who works the inbox may be assigned.
    const wrong = await consoleRequest(operator, 'PUT', `/api/console/feedback/${a.id}/assignee`, { assignee_id: content.id });
    expect(wrong.statusCode).toBe(422);

    await consoleRequest(operator, 'PUT', `/api/console/feedback/${a.id}/status`, { status: 'in_review' });
    expect(await idsOf(`status=in_review&agent_id=${first.partner.referralAgentId}`)).toEqual([a.id]);
    await consoleRequest(operator, 'POST', `/api/console/feedback/${a.id}/replies`, { message: 'Checking with finance.', internal: true });
    await consoleRequest(operator, 'POST', `/api/console/feedback/${a.id}/replies`, { message: 'It is paid on the 5th.' });

    const audit = await auditOf(a.id);
    expect(audit.map((row) => row.action)).toEqual(['feedback.assigned', 'feedback.status_changed', 'feedback.note_added', 'feedback.replied']);
    expect(audit.every((row) => row.actor_id === String(support.id))).toBe(true);
    expect(audit[1]).toMatchObject({ before: { status: 'new' }, after: { status: 'in_review' } });

    const options = await consoleRequest(operator, 'GET', '/api/console/feedback/options');
    expect(options.json().operators.map((entry: { id: number }) => entry.id)).toContain(support.id);
    expect(options.json().operators.map((entry: { id: number }) => entry.id)).not.toContain(content.id);
  });

  it('refuses an operator whose role lacks feedback.manage (403) and a partner (401)', async () => {
    const { client } = await member();
    const thread = await threadOf(client);
    const operator = await operatorClient(content);
    expect((await consoleRequest(operator, 'GET', '/api/console/feedback')).statusCode).toBe(403);
    expect((await consoleRequest(operator, 'GET', `/api/console/feedback/${thread.id}`)).statusCode).toBe(403);
    expect((await consoleRequest(operator, 'POST', `/api/console/feedback/${thread.id}/replies`, { message: 'Hello' })).statusCode).toBe(403);
    expect((await client.get(`/api/console/feedback/${thread.id}`)).statusCode).toBe(401);
  });
});

