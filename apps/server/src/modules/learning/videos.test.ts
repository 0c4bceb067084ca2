import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleContentItemSchema } from '@portal/contracts/console-content';
import { videoLibrarySchema, videoProgressSchema, videoSchema } from '@portal/contracts/learning';
import { consoleHeaders, consoleRequest, createTestOperator, operatorClientFor } from '../../test/console-sign-in.ts';
import { createPartner } from '../../test/factories.ts';
import { TestClient } from '../../test/http-client.ts';
import { signInAs } from '../../test/sign-in.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { groupId, publishedItem, TEST_CAPTIONS_AR, TEST_CAPTIONS_EN, testSection, webmBytes } from './learning-test-support.ts';

/** Videos (issue 38): the file with range and conditional requests, captions, progress merged on the server, resume. */

let context: TestContext;
let section: number;
let videoId: number;
const bytes = webmBytes(10_000);

beforeAll(async () => {
  context = await createTestApp();
  section = await testSection(context, 'video', 'onboarding');
  videoId = await publishedItem(context, {
    kind: 'video',
    section_id: section,
    title_en: 'Your first referral',
    title_ar: 'إحالتك الأولى',
    summary_en: 'Two minutes on the booking form.',
    captions_en: TEST_CAPTIONS_EN,
    captions_ar: TEST_CAPTIONS_AR,
    video: { bytes, duration: 100 },
  });
});
afterAll(async () => context?.close());

async function partner(groupSlug = 'partners') {
  const created = await createPartner(context.database.pool, { referralGroupSlug: groupSlug });
  const client = new TestClient(context.app);
  await signInAs(context, client, created.userId);
  return { partner: created, client };
}

describe('the video file', () => {
  const url = () => `/api/learning/videos/${videoId}/file`;

  it('answers the whole file, and the first, middle and last bytes as 206 with Content-Range', async () => {
    const { client } = await partner();
    const whole = await client.get(url());
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-type']).toBe('video/webm');
    expect(whole.rawBody).toEqual(bytes);
    for (const [range, start, end] of [
      ['bytes=0-99', 0, 99],
      ['bytes=5000-5009', 5000, 5009],
      ['bytes=9990-', 9990, 9999],
      ['bytes=9990-20000', 9990, 9999],
    ] as const) {
      const part = await client.get(url(), { range });
      expect(part.statusCode, range).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes ${start}-${end}/10000`);
      expect(part.headers['content-length']).toBe(String(end - start + 1));
      expect(part.rawBody).toEqual(bytes.subarray(start, end + 1));
    }
  });

  it('answers suffix ranges, 416 past the end, and the whole file for several ranges at once', async () => {
    const { client } = await partner();
    const suffix = await client.get(url(), { range: 'bytes=-500' });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.headers['content-range']).toBe('bytes 9500-9999/10000');
    expect(suffix.rawBody).toEqual(bytes.subarray(9500));
    const tooLong = await client.get(url(), { range: 'bytes=-20000' });
    expect(tooLong.headers['content-range']).toBe('bytes 0-9999/10000');
    for (const range of ['bytes=10000-', 'bytes=-0']) {
      const refused = await client.get(url(), { range });
      expect(refused.statusCode, range).toBe(416);
      expect(refused.headers['content-range']).toBe('bytes */10000');
    }
    expect((await client.get(url(), { range: 'bytes=0-1,5-6' })).statusCode).toBe(200);
    expect((await client.get(url(), { range: 'items=0-1' })).statusCode).toBe(200);
  });

  it('answers conditional requests: If-None-Match and If-Modified-Since give 304, a stale If-Range gives the whole file', async () => {
    const { client } = await partner();
    const first = await client.get(url());
    const etag = String(first.headers.etag);
    const modified = String(first.headers['last-modified']);
    expect((await client.get(url(), { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await client.get(url(), { 'if-none-match': '"other"' })).statusCode).toBe(200);
    expect((await client.get(url(), { 'if-modified-since': modified })).statusCode).toBe(304);
    expect((await client.get(url(), { 'if-modified-since': 'Mon, 01 Jan 2001 00:00:00 GMT' })).statusCode).toBe(200);
    expect((await client.get(url(), { range: 'bytes=0-9', 'if-range': etag })).statusCode).toBe(206);
    expect((await client.get(url(), { range: 'bytes=0-9', 'if-range': '"stale"' })).statusCode).toBe(200);
    expect((await client.get(url(), { range: 'bytes=0-9', 'if-range': modified })).statusCode).toBe(206);
  });

  it('is a 404 for a partner the video is hidden from, and 401 signed out', async () => {
    const hidden = await publishedItem(context, { kind: 'video', section_id: section, title_en: 'Group only', audience: 'chosen', group_ids: [await groupId(context, 'video-group')], video: { duration: 30 } });
    const { client } = await partner();
    expect((await client.get(`/api/learning/videos/${hidden}/file`, { range: 'bytes=0-9' })).statusCode).toBe(404);
    expect((await client.get(`/api/learning/videos/${hidden}`)).statusCode).toBe(404);
    expect((await new TestClient(context.app).get(url())).statusCode).toBe(401);
  });
});

describe('captions and the transcript', () => {
  it('serves WebVTT in English and Arabic and the cues for the transcript', async () => {
    const { client } = await partner();
    const video = videoSchema.parse((await client.get(`/api/learning/videos/${videoId}`)).json());
    expect(video.caption_languages).toEqual(['en', 'ar']);
    expect(video.transcripts[0]!.cues[1]).toEqual({ start: 4, end: 9, text: 'Every booking starts with a passport copy.' });
    const arabic = await client.get(`/api/learning/videos/${videoId}/captions/ar`);
    expect(arabic.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(arabic.body).toBe(TEST_CAPTIONS_AR.trim());
    expect((await client.get(`/api/learning/videos/${videoId}/captions/fr`)).statusCode).toBe(422);
  });
});

describe('progress', () => {
  it('merges reports in any order, completes at 90 % coverage and resumes where the partner stopped, on any device', async () => {
    const { partner: who, client } = await partner();
    const report = (ranges: [number, number][], position: number, via = client) => via.post(`/api/learning/videos/${videoId}/progress`, { ranges, position });
    expect(videoProgressSchema.parse((await report([[0, 30]], 30)).json())).toMatchObject({ ranges: [[0, 30]], coverage: 0.3, completed: false });
    expect((await report([[50, 60]], 60)).json().ranges).toEqual([[0, 30], [50, 60]]);
    expect((await report([[25, 55]], 55)).json()).toMatchObject({ ranges: [[0, 60]], watched_seconds: 60 });

    const phone = new TestClient(context.app);
    await signInAs(context, phone, who.userId);
    const resumed = videoSchema.parse((await phone.get(`/api/learning/videos/${videoId}`)).json());
    expect(resumed.resume_at_seconds).toBe(55);
    const library = videoLibrarySchema.parse((await phone.get('/api/learning/videos?filter=in_progress')).json());
    expect(library.continue_watching.map((card) => card.id)).toEqual([videoId]);

    const skipped = videoProgressSchema.parse((await report([[99, 100]], 100)).json());
    expect(skipped.completed).toBe(false);
    const done = videoProgressSchema.parse((await report([[60, 90]], 90)).json());
    expect(done).toMatchObject({ ranges: [[0, 90], [99, 100]], coverage: 0.91, completed: true });
    expect(videoLibrarySchema.parse((await client.get('/api/learning/videos?filter=watched')).json()).sections[0]!.videos.map((card) => card.id)).toContain(videoId);
  });

  it('accepts the CSRF token in the body (navigator.sendBeacon) and refuses a report without one', async () => {
    const { client } = await partner();
    const token = decodeURIComponent(client.cookie('XSRF-TOKEN')!);
    const beacon = await client.post(`/api/learning/videos/${videoId}/progress`, { ranges: [[0, 5]], position: 5, _token: token }, { 'x-xsrf-token': '' });
    expect(beacon.statusCode).toBe(200);
    const forged = await client.post(`/api/learning/videos/${videoId}/progress`, { ranges: [[0, 5]], position: 5, _token: 'guess' }, { 'x-xsrf-token': '' });
    expect(forged.statusCode).toBe(419);
    const invalid = await client.post(`/api/learning/videos/${videoId}/progress`, { ranges: [[10, 5]], position: -1 });
    expect(invalid.statusCode).toBe(422);
  });

  it('opens the video in progress when the URL names none, else the first not watched', async () => {
    const startSection = await testSection(context, 'video', 'start-rules');
    const first = await publishedItem(context, { kind: 'video', section_id: startSection, title_en: 'First', position: 1, video: { duration: 20 } });
    const second = await publishedItem(context, { kind: 'video', section_id: startSection, title_en: 'Second', position: 2, video: { duration: 20 } });
    const { client } = await partner();
    expect((await client.get(`/api/learning/video-sections/${startSection}/start`)).json().id).toBe(first);
    await client.post(`/api/learning/videos/${first}/progress`, { ranges: [[0, 20]], position: 20 });
    expect((await client.get(`/api/learning/video-sections/${startSection}/start`)).json().id).toBe(second);
    await client.post(`/api/learning/videos/${second}/progress`, { ranges: [[0, 4]], position: 4 });
    expect((await client.get(`/api/learning/video-sections/${startSection}/start`)).json()).toMatchObject({ id: second, title: 'Second' });
  });
});

describe('uploading', () => {
  it('takes an MP4 or WebM through the file store, checked by its bytes', async () => {
    const operator = await operatorClientFor(context, await createTestOperator(context, { role: 'content' }));
    const created = consoleContentItemSchema.parse((await consoleRequest(operator, 'POST', '/api/console/content', { kind: 'video', section_id: section, title_en: 'Upload test' })).json());
    const publishEarly = await consoleRequest(operator, 'POST', `/api/console/content/${created.id}/publish`, {});
    expect(publishEarly.statusCode).toBe(409);
    const headers = { ...consoleHeaders(operator), 'content-type': 'application/octet-stream' };
    const html = await operator.request('PUT', `/api/console/content/${created.id}/video?filename=clip.webm&duration_seconds=12`, Buffer.from('<html><script>alert(1)</script></html>'), headers);
    expect(html.statusCode).toBe(422);
    const uploaded = await operator.request('PUT', `/api/console/content/${created.id}/video?filename=clip.webm&duration_seconds=12`, webmBytes(2048), headers);
    expect(uploaded.statusCode).toBe(200);
    expect(consoleContentItemSchema.parse(uploaded.json()).video).toMatchObject({ content_type: 'video/webm', size: 2048, duration_seconds: 12 });
    expect((await consoleRequest(operator, 'POST', `/api/console/content/${created.id}/publish`, {})).statusCode).toBe(200);
  });
});
