import type { Readable, Writable } from 'node:stream';

/**
 * Back-pressure for the exports: the writers produce a batch of rows at a time and then wait here until
 * the consumer (the HTTP response) has taken what is buffered, so a slow download slows the database reads
 * instead of growing memory.
 */
export async function waitForDrain(stream: Writable, signal?: AbortSignal): Promise<void> {
  // Let pending I/O run first: ExcelJS hands its XML to zlib without waiting for it, and compression
  // callbacks only run when the event loop gets a turn.
  await new Promise((resolve) => setImmediate(resolve));
  if (!stream.writableNeedDrain || stream.destroyed || signal?.aborted) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
    signal?.addEventListener('abort', done);
  });
}

/** PDFKit pushes into its own readable buffer whatever the reader does: wait until the reader catches up. */
export async function waitForReader(stream: Readable, limitBytes = 1_048_576, signal?: AbortSignal): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  while (stream.readableLength > limitBytes && !stream.destroyed && !signal?.aborted) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
