import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleListEndpoint, articleSchema, learningHomeSchema, learningSearchResultSchema } from '@portal/contracts/learning';
import { consoleContentEndpoint, consoleContentItemSchema } from '@portal/contracts/console-content';
import type { Locale } from '@portal/contracts/preferences';
import { consoleRequest, createTestOperator, operatorClientFor, type TestOperator } from '../../test/console-sign-in.ts';
import { createPartner } from '../../test/factories.ts';
import { TestClient } from '../../test/http-client.ts';
import { signInAs } from '../../test/sign-in.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { groupId, partnerTypeId, publishedItem, testSection } from './learning-test-support.ts';

/**
 * Learning's articles, search, votes and visibility (issue 38), and the console's authoring: what a partner may see is
 * decided inside the SQL, so another group's partner never receives, searches, or guesses a hidden item.
 */

let context: TestContext;
let articles: number;
let clinics: number;
let insurers: number;
let contentOperator: TestOperator;

beforeAll(async () => {
  context = await createTestApp();
  articles = await testSection(context, 'article');
  clinics = await groupId(context, 'clinics-network');
  insurers = await groupId(context, 'insurers-network');
  contentOperator = await createTestOperator(context, { role: 'content' });
});
afterAll(async () => context?.close());

async function partnerIn(groupSlug: string, options: { locale?: Locale; partnerType?: string } = {}) {
  const partner = await createPartner(context.database.pool, { referralGroupSlug: groupSlug, ...options });
  const client = new TestClient(context.app);
  await signInAs(context, client, partner.userId);
  return { partner, client };
}

const article = (title: string, body = 'Ask the clinic for the passport copy before the booking.', extra: Record<string, unknown> = {}) => ({
  kind: 'article' as const,
  section_id: articles,
  title_en: title,
  summary_en: `About ${title}`,
  body_md_en: body,
  ...extra,
});

describe('visibility', () => {
  it("shows an item for one referral group to that group's partners only; others get the same 404 as an unknown id", async () => {
    const id = await publishedItem(context, article('Cardiac package checklist for clinics', 'Cardiac work-up steps', { audience: 'chosen', group_ids: [clinics] }));
    const inside = await partnerIn('clinics-network');
    const outside = await partnerIn('insurers-network');

    const seen = articleListEndpoint.page.parse((await inside.client.get('/api/learning/articles?per_page=100')).json());
    expect(seen.data.map((row) => row.id)).toContain(id);
    expect((await inside.client.get(`/api/learning/articles/${id}`)).statusCode).toBe(200);

    const hidden = articleListEndpoint.page.parse((await outside.client.get('/api/learning/articles?per_page=100')).json());
    expect(hidden.data.map((row) => row.id)).not.toContain(id);
    const searched = learningSearchResultSchema.parse((await outside.client.get('/api/learning/search?q=cardiac')).json());
    expect(searched.hits.map((hit) => hit.id)).not.toContain(id);
    const byTitle = articleListEndpoint.page.parse((await outside.client.get('/api/learning/articles?search=cardiac')).json());
    expect(byTitle.total).toBe(0);

    const guessed = await outside.client.get(`/api/learning/articles/${id}`);
    const unknown = await outside.client.get('/api/learning/articles/999999');
    expect(guessed.statusCode).toBe(404);
    expect(guessed.body).toBe(unknown.body);
    expect((await outside.client.post(`/api/learning/items/${id}/vote`, { helpful: true })).statusCode).toBe(404);
    const home = learningHomeSchema.parse((await outside.client.get('/api/learning/home')).json());
    expect(home.new_items.map((item) => item.id)).not.toContain(id);
  });

  it('shows an item chosen for a partner type to partners of that type, whatever their group', async () => {
    const hospitals = await partnerTypeId(context, 'Hospital');
    const id = await publishedItem(context, article('Hospital discharge letters', 'Discharge letters go to the facility', { audience: 'chosen', partner_type_ids: [hospitals] }));
    const hospital = await partnerIn('insurers-network', { partnerType: 'Hospital' });
    const clinic = await partnerIn('insurers-network', { partnerType: 'Clinic' });
    expect((await hospital.client.get(`/api/learning/articles/${id}`)).statusCode).toBe(200);
    expect((await clinic.client.get(`/api/learning/articles/${id}`)).statusCode).toBe(404);
  });

  it('serves neither drafts nor archived items', async () => {
    const draft = await publishedItem(context, { ...article('Draft about visas'), draft: true });
    const archived = await publishedItem(context, article('Old visa rules'));
    const operator = await operatorClientFor(context, contentOperator);
    expect((await consoleRequest(operator, 'POST', `/api/console/content/${archived}/archive`)).statusCode).toBe(200);
    const { client } = await partnerIn('partners');
    expect((await client.get(`/api/learning/articles/${draft}`)).statusCode).toBe(404);
    expect((await client.get(`/api/learning/articles/${archived}`)).statusCode).toBe(404);
    const searched = learningSearchResultSchema.parse((await client.get('/api/learning/search?q=visa')).json());
    expect(searched.hits).toEqual([]);
  });

  it('answers 401 without a session and 422 for a bad id or query', async () => {
    expect((await new TestClient(context.app).get('/api/learning/articles')).statusCode).toBe(401);
    expect((await new TestClient(context.app).get('/api/learning/home')).statusCode).toBe(401);
    const { client } = await partnerIn('partners');
    expect((await client.get('/api/learning/articles/abc')).statusCode).toBe(422);
    const bad = await client.get('/api/learning/articles?sort=patient');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['sort']);
  });
});

describe('articles', () => {
  it('reads in Arabic when there is Arabic, and falls back to English saying so', async () => {
    const both = await publishedItem(context, article('Passport copies', 'Every booking needs a passport copy.', { title_ar: 'نسخ جوازات السفر', body_md_ar: 'يحتاج كل حجز إلى نسخة من جواز السفر.' }));
    const english = await publishedItem(context, article('Interpreter requests', 'Ask for an interpreter two days ahead.'));
    const { client } = await partnerIn('partners', { locale: 'ar' });
    const arabic = articleSchema.parse((await client.get(`/api/learning/articles/${both}`)).json());
    expect(arabic).toMatchObject({ title: 'نسخ جوازات السفر', language: 'ar', fallback: false });
    expect(arabic.body_html).toContain('جواز السفر');
    const fallback = articleSchema.parse((await client.get(`/api/learning/articles/${english}`)).json());
    expect(fallback).toMatchObject({ title: 'Interpreter requests', language: 'en', fallback: true });
  });

  it('has a table of contents from its headings, a reading time and related articles of its section', async () => {
    const body = `## Before you refer\n\n${'word '.repeat(450)}\n\n## After the booking\n\n### Follow-up call\n\nCall the patient.`;
    const id = await publishedItem(context, article('Referral basics', body));
    const sibling = await publishedItem(context, article('Referral follow-ups'));
    const { client } = await partnerIn('partners');
    const read = articleSchema.parse((await client.get(`/api/learning/articles/${id}`)).json());
    expect(read.toc).toEqual([
      { id: 'section-before-you-refer', text: 'Before you refer', depth: 2 },
      { id: 'section-after-the-booking', text: 'After the booking', depth: 2 },
      { id: 'section-follow-up-call', text: 'Follow-up call', depth: 3 },
    ]);
    expect(read.body_html).toContain('<h2 id="section-before-you-refer">');
    expect(read.reading_minutes).toBe(3);
    expect(read.related.map((item) => item.id)).toContain(sibling);
    const home = learningHomeSchema.parse((await client.get('/api/learning/home')).json());
    expect(home.continue.article?.id).toBe(id);
  });

  it('takes one helpful vote per partner per version: voting again changes it, a new version asks again', async () => {
    const id = await publishedItem(context, article('Refund timelines'));
    const { client } = await partnerIn('partners');
    const first = await client.post(`/api/learning/items/${id}/vote`, { helpful: false, reason: 'outdated' });
    expect(first.json()).toMatchObject({ version: 1, my_vote: { helpful: false, reason: 'outdated' }, helpful_count: 0 });
    const again = await client.post(`/api/learning/items/${id}/vote`, { helpful: true });
    expect(again.json()).toMatchObject({ version: 1, my_vote: { helpful: true, reason: null }, helpful_count: 1 });
    const { rows } = await context.database.pool.query('SELECT count(*)::int AS n FROM learning_votes WHERE item_id = $1', [id]);
    expect(rows[0].n).toBe(1);

    const operator = await operatorClientFor(context, contentOperator);
    expect((await consoleRequest(operator, 'PUT', `/api/console/content/${id}`, { section_id: articles, title_en: 'Refund timelines', body_md_en: 'Refunds take ten working days.' })).statusCode).toBe(200);
    expect(articleSchema.parse((await client.get(`/api/learning/articles/${id}`)).json())).toMatchObject({ version: 1, my_vote: { helpful: true } });
    expect((await consoleRequest(operator, 'POST', `/api/console/content/${id}/publish`, {})).statusCode).toBe(200);
    const republished = articleSchema.parse((await client.get(`/api/learning/articles/${id}`)).json());
    expect(republished).toMatchObject({ version: 2, my_vote: null });
    expect(republished.body_html).toContain('ten working days');
    expect((await client.post(`/api/learning/items/${id}/vote`, { helpful: 'yes' })).statusCode).toBe(422);
  });

  it('sorts by most helpful', async () => {
    const section = await testSection(context, 'article', 'helpful-sort');
    const quiet = await publishedItem(context, { ...article('Quiet article'), section_id: section });
    const loved = await publishedItem(context, { ...article('Loved article'), section_id: section });
    const { client } = await partnerIn('partners');
    await client.post(`/api/learning/items/${loved}/vote`, { helpful: true });
    const page = articleListEndpoint.page.parse((await client.get(`/api/learning/articles?section=${section}&sort=helpful`)).json());
    expect(page.data.map((row) => row.id)).toEqual([loved, quiet]);
  });
});

describe('search', () => {
  it('ranks a title match over a body match, and marks the matches in the snippet', async () => {
    const inBody = await publishedItem(context, article('Dental work abroad', 'Patients ask about lithotripsy after the dental visit.'));
    const inTitle = await publishedItem(context, article('Lithotripsy packages', 'Kidney stone treatment in three days.'));
    const { client } = await partnerIn('partners');
    const result = learningSearchResultSchema.parse((await client.get('/api/learning/search?q=lithotripsy')).json());
    expect(result.hits.map((hit) => hit.id).slice(0, 2)).toEqual([inTitle, inBody]);
    expect(result.hits.find((hit) => hit.id === inBody)!.snippet).toContain('«lithotripsy»');
  });

  it('finds Arabic text with Arabic words', async () => {
    const id = await publishedItem(context, article('Cancer care', 'Oncology packages.', { title_ar: 'علاج الأورام', body_md_ar: 'باقات علاج الأورام في المستشفيات الشريكة.' }));
    const { client } = await partnerIn('partners', { locale: 'ar' });
    const result = learningSearchResultSchema.parse((await client.get(`/api/learning/search?q=${encodeURIComponent('الأورام')}`)).json());
    expect(result.hits.map((hit) => hit.id)).toContain(id);
    expect(result.hits.find((hit) => hit.id === id)).toMatchObject({ title: 'علاج الأورام', language: 'ar' });
  });

  it('refuses a search with control characters', async () => {
    const { client } = await partnerIn('partners');
    expect((await client.get('/api/learning/search?q=a%00b')).statusCode).toBe(422);
  });
});

describe('the console', () => {
  it('creates, saves and publishes with audit rows; the list flags stale items', async () => {
    const operator = await operatorClientFor(context, contentOperator);
    const created = await consoleRequest(operator, 'POST', '/api/console/content', {
      kind: 'article',
      section_id: articles,
      title_en: 'Travel insurance for patients',
      body_md_en: '# Cover\n\nHospital stays <script>alert(1)</script> are covered. [Read](javascript:alert(1))',
      audience: 'chosen',
      group_ids: [insurers],
    });
    expect(created.statusCode).toBe(201);
    const item = consoleContentItemSchema.parse(created.json());
    expect(item).toMatchObject({ status: 'draft', latest_version: 1, published_version: null, audience: 'chosen', group_ids: [insurers], owner: { id: contentOperator.id } });
    expect(item.latest.body_html_en).not.toMatch(/script|javascript/);
    expect(item.latest.body_html_en).toContain('<h2 id="section-cover">Cover</h2>');

    const published = consoleContentItemSchema.parse((await consoleRequest(operator, 'POST', `/api/console/content/${item.id}/publish`, {})).json());
    expect(published).toMatchObject({ status: 'published', published_version: 1 });
    const audits = await context.database.pool.query<{ action: string }>(
      `SELECT action FROM audit_events WHERE target_type = 'learning_item' AND target_id = $1 ORDER BY id`,
      [String(item.id)],
    );
    expect(audits.rows.map((row) => row.action)).toEqual(['content.created', 'content.published']);

    await context.database.pool.query(`UPDATE learning_items SET last_reviewed_at = now() - interval '200 days' WHERE id = $1`, [item.id]);
    const stale = consoleContentEndpoint.page.parse((await consoleRequest(operator, 'GET', '/api/console/content?stale=1&per_page=100')).json());
    expect(stale.data.find((row) => row.id === item.id)).toMatchObject({ stale: true });
    await consoleRequest(operator, 'POST', `/api/console/content/${item.id}/reviewed`);
    const fresh = consoleContentEndpoint.page.parse((await consoleRequest(operator, 'GET', '/api/console/content?stale=1&per_page=100')).json());
    expect(fresh.data.map((row) => row.id)).not.toContain(item.id);
  });

  it('answers 422 with the fields, 404 for an unknown item, 403 for a role without content, 419 without the token, 401 signed out', async () => {
    const operator = await operatorClientFor(context, contentOperator);
    const invalid = await consoleRequest(operator, 'POST', '/api/console/content', { kind: 'article', title_en: '', audience: 'chosen' });
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(invalid.json().errors)).toContain('title_en');
    const noSection = await consoleRequest(operator, 'POST', '/api/console/content', { kind: 'article', title_en: 'No section', audience: 'chosen' });
    expect(noSection.statusCode).toBe(422);
    expect(Object.keys(noSection.json().errors).sort()).toEqual(['audience', 'section_id']);
    const badCaptions = await consoleRequest(operator, 'POST', '/api/console/content', { kind: 'video', section_id: await testSection(context, 'video'), title_en: 'Clip', captions_en: 'not vtt' });
    expect(badCaptions.json().errors).toHaveProperty('captions_en');
    expect((await consoleRequest(operator, 'GET', '/api/console/content/999999')).statusCode).toBe(404);

    const support = await operatorClientFor(context, await createTestOperator(context, { role: 'support' }));
    expect((await consoleRequest(support, 'GET', '/api/console/content')).statusCode).toBe(403);
    expect((await operator.post('/api/console/content', { kind: 'article', section_id: articles, title_en: 'x' })).statusCode).toBe(419);
    expect((await new TestClient(context.app).get('/api/console/content')).statusCode).toBe(401);
    const { client } = await partnerIn('partners');
    expect((await client.get('/api/console/content')).statusCode).toBe(401);
  });

  it('previews Markdown through the same sanitiser', async () => {
    const operator = await operatorClientFor(context, contentOperator);
    const preview = await consoleRequest(operator, 'POST', '/api/console/content/preview', { markdown: '## Steps\n\n<img src=x onerror=alert(1)> **Bold**' });
    expect(preview.json()).toEqual({ html: '<h2 id="section-steps">Steps</h2>\n<p> <strong>Bold</strong></p>\n', toc: [{ id: 'section-steps', text: 'Steps', depth: 2 }] });
  });
});
