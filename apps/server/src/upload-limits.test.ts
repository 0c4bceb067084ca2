import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PROFILE_AVATAR_URL } from '@portal/contracts/profile';
import { FEEDBACK_ATTACHMENTS_URL } from '@portal/contracts/feedback';
import { RATE_IMPORT_URL } from '@portal/contracts/console-commission-rates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleHeaders, createTestOperator, signInOperatorAs } from './test/console-sign-in.ts';
import { createPartner } from './test/factories.ts';
import { TestClient } from './test/http-client.ts';
import { signInAs } from './test/sign-in.ts';
import { createTestApp, type TestContext } from './test/test-app.ts';

/**
 * The outside probe's N4 (issue 33): over a real socket, an upload larger than its route's limit gets the 422 that
 * names the limit, not a connection reset, and the refusal is logged. (app.inject has no socket: it cannot reset.)
 */
describe('uploads over their limit are answered, not reset', () => {
  let context: TestContext;
  let origin: string;
  const logLines: string[] = [];
  let partnerCookies: Record<string, string>;
  let operatorCookies: Record<string, string>;

  beforeAll(async () => {
    context = await createTestApp({}, { logStream: { write: (line) => void logLines.push(line) } });
    await context.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(context.app.server.address() as AddressInfo).port}`;
    const partner = await createPartner(context.database.pool);
    const client = new TestClient(context.app);
    await signInAs(context, client, partner.userId);
    partnerCookies = { cookie: cookieHeader(client), 'x-xsrf-token': decodeURIComponent(client.cookie('XSRF-TOKEN')!) };
    const operator = await createTestOperator(context, { role: 'admin' });
    const console = new TestClient(context.app);
    await signInOperatorAs(context, console, operator.id);
    operatorCookies = { cookie: cookieHeader(console), ...consoleHeaders(console) };
  });
  afterAll(async () => {
    await context?.close();
  });

  function cookieHeader(client: TestClient): string {
    return [...client.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** Sends `bytes` zero bytes as the body, the way curl --data-binary does: the whole body, whatever the answer. */
  function upload(method: 'PUT' | 'POST', path: string, bytes: number, headers: Record<string, string>): Promise<{ status: number; body: { message: string; errors: Record<string, string[]> } }> {
    return new Promise((resolve, reject) => {
      const outgoing = httpRequest(`${origin}${path}`, {
        method,
        headers: { ...headers, accept: 'application/json', 'content-type': 'application/octet-stream', 'content-length': String(bytes) },
      });
      outgoing.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) }));
        response.on('error', reject);
      });
      outgoing.on('error', reject);
      const chunk = Buffer.alloc(64 * 1024);
      let left = bytes;
      const writeMore = () => {
        while (left > 0) {
          const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
          left -= piece.length;
          if (!outgoing.write(piece)) return void outgoing.once('drain', writeMore);
        }
        outgoing.end();
      };
      writeMore();
    });
  }

  it.each([
    ['an avatar of 6 MB', 'PUT', PROFILE_AVATAR_URL, 6_000_000, 'avatar', /at most 5 MB/],
    ['an avatar of 20 MB', 'PUT', PROFILE_AVATAR_URL, 20_000_000, 'avatar', /at most 5 MB/],
    ['a feedback attachment of 12 MB', 'POST', `${FEEDBACK_ATTACHMENTS_URL}?filename=scan.pdf`, 12_000_000, 'file', /at most 10 MB/],
  ] as const)('%s: 422 with the limit', async (_what, method, path, bytes, field, limit) => {
    const before = logLines.length;
    const answer = await upload(method, path, bytes, partnerCookies);
    expect(answer.status).toBe(422);
    expect(answer.body.errors[field]).toEqual([expect.stringMatching(limit)]);
    const logged = logLines.slice(before).map((line) => JSON.parse(line) as { msg: string; upload?: { receivedBytes: number } });
    expect(logged).toContainEqual(expect.objectContaining({ msg: expect.stringMatching(/^upload refused before its end/), upload: expect.objectContaining({ receivedBytes: expect.any(Number) }) }));
  });

  it("the console's rate import of 3 MB: 422 with the limit", async () => {
    const answer = await upload('POST', `${RATE_IMPORT_URL}?apply=false`, 3_000_000, operatorCookies);
    expect(answer.status).toBe(422);
    expect(answer.body.errors.file).toEqual([expect.stringMatching(/larger than 2 MB/)]);
  });
});
