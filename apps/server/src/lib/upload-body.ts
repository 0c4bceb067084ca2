import type { IncomingMessage } from 'node:http';
import { PassThrough, type Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';

/**
 * After a refusal, at most this much of an upload is read (and thrown away) so that its sender receives the answer;
 * beyond it the connection is closed. Four times the largest upload the portal takes (10 MB).
 */
const DISCARD_AT_MOST_BYTES = 40 * 1024 * 1024;

/** What to do once a request with an upload body has been answered (see uploadAnswered). */
const answeredUploads = new WeakMap<IncomingMessage, () => void>();

/**
 * The content-type parser of the routes whose body is a file (avatar, logo, feedback attachment, rate import): the
 * route reads the body as a stream, bounded by its own limit.
 *
 * A route that refuses an upload part-way (too large, the wrong type) stops reading and destroys the stream it was
 * given. Destroying the request itself would close the connection with bytes still unread, which the kernel answers
 * with a TCP reset: the sender gets "connection reset" instead of the 422 saying the limit (the outside probe's N4).
 * So the route gets a stream of its own, fed by the request; when the route drops it, or has answered, before the
 * upload's end, the rest of the request is read and discarded (up to DISCARD_AT_MOST_BYTES), and the refusal is
 * logged with its status and the bytes received (uploadAnswered, an onResponse hook of the app).
 */
export function uploadBodyParser(request: FastifyRequest, payload: Readable, done: (error: Error | null, body?: unknown) => void): void {
  const body = new PassThrough();
  let received = 0;
  let discarding = false;
  payload.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (discarding && received > DISCARD_AT_MOST_BYTES) payload.destroy();
  });
  const discardRest = () => {
    if (discarding || payload.readableEnded) return;
    discarding = true;
    payload.unpipe(body);
    payload.resume();
  };
  body.once('close', discardRest);
  payload.pipe(body);
  answeredUploads.set(request.raw, () => {
    if (!discarding && payload.readableEnded) return;
    discardRest();
    request.log.warn(
      { upload: { receivedBytes: received, declaredBytes: Number(request.headers['content-length']) || null } },
      'upload refused before its end: the rest is discarded so the sender gets the answer',
    );
  });
  done(null, body);
}

/** onResponse hook (app.ts): finishes a refused upload's request and logs it. */
export async function uploadAnswered(request: FastifyRequest): Promise<void> {
  answeredUploads.get(request.raw)?.();
}
