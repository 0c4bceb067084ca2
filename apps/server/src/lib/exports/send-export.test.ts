import http from 'node:http';
import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { listenOnLoopback } from '../../test/listen.ts';
import { pdfText } from '../../test/pdf-text.ts';
import type { ExportFormat } from './export-columns.ts';
import { exportFileName, sendExportFile } from './send-export.ts';
import { EARNING_COLUMNS, earnings, earningsDocument, inBatches, type Earning } from './exports-test-support.ts';

interface Route {
  rows: () => AsyncIterable<Earning[]>;
  name?: string;
}

/** An app with one export route, its error log, and a promise of each release of the export's slot. */
function exportApp(route: Route) {
  const logged: { msg: string; file?: string; err?: { message: string } }[] = [];
  const log = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logged.push(JSON.parse(chunk.toString()) as (typeof logged)[number]);
      callback();
    },
  });
  const app = Fastify({ logger: { level: 'error', stream: log } });
  let releases = 0;
  let released!: () => void;
  const releasedOnce = new Promise<void>((resolve) => (released = resolve));
  app.get<{ Querystring: { format: ExportFormat } }>('/export', (request, reply) =>
    sendExportFile(request, reply, {
      format: request.query.format,
      name: route.name ?? 'earnings-2025-03',
      columns: EARNING_COLUMNS,
      document: earningsDocument(12),
      rows: route.rows(),
      release: () => {
        releases += 1;
        released();
      },
    }),
  );
  return { app, logged, releasedOnce, releases: () => releases };
}

describe('sendExportFile', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('answers a workbook download, private, with the row count, and releases the export once', async () => {
    const server = exportApp({ rows: () => inBatches(earnings(12), 5) });
    app = server.app;
    const response = await app.inject({ method: 'GET', url: '/export?format=xlsx' });
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'content-disposition': 'attachment; filename="earnings-2025-03.xlsx"',
      'cache-control': 'private, no-store',
      'x-export-rows': '12',
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(workbook.getWorksheet('Earnings')!.getRow(20).getCell(1).value).toBe('E-1011');
    await server.releasedOnce;
    expect(server.releases()).toBe(1);
    expect(server.logged).toEqual([]);
  });

  it('answers a PDF download, with a file name that cannot break out of its header', async () => {
    const server = exportApp({ rows: () => inBatches(earnings(2), 5), name: 'earnings "March"\r\nx: 1/é' });
    app = server.app;
    const response = await app.inject({ method: 'GET', url: '/export?format=pdf' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="earnings-March-x-1-.pdf"');
    expect(pdfText(response.rawPayload).info.Keywords).toBe('earnings, 12 rows');
    await server.releasedOnce;
    expect(server.releases()).toBe(1);
  });

  it('logs a failure while writing, cuts the download short, and releases the export', async () => {
    async function* failing(): AsyncGenerator<Earning[]> {
      yield earnings(3);
      throw new Error('the database went away');
    }
    const server = exportApp({ rows: failing });
    app = server.app;
    const port = await listenOnLoopback(app);
    const outcome = await new Promise<string>((resolve) => {
      http
        .get(`http://127.0.0.1:${port}/export?format=xlsx`, (response) => {
          expect(response.statusCode).toBe(200);
          response.on('error', () => resolve('cut short'));
          response.on('aborted', () => resolve('cut short'));
          response.on('end', () => resolve('complete'));
          response.resume();
        })
        .on('error', () => resolve('cut short'));
    });
    expect(outcome).toBe('cut short');
    await server.releasedOnce;
    expect(server.releases()).toBe(1);
    expect(server.logged).toEqual([
      expect.objectContaining({ msg: 'export failed', file: 'earnings-2025-03.xlsx', err: expect.objectContaining({ message: 'the database went away' }) }),
    ]);
  });

  for (const format of ['pdf', 'xlsx'] as const) {
    it(`stops reading rows when the client goes away (${format})`, async () => {
      const MAX_BATCHES = 2_000;
      let batchesRead = 0;
      let finished = false;
      async function* endless(): AsyncGenerator<Earning[]> {
        try {
          for (; batchesRead < MAX_BATCHES; batchesRead += 1) yield earnings(200);
        } finally {
          finished = true;
        }
      }
      const server = exportApp({ rows: endless });
      app = server.app;
      const port = await listenOnLoopback(app);
      await new Promise<void>((resolve, reject) => {
        const request = http.get(`http://127.0.0.1:${port}/export?format=${format}`, (response) => {
          response.once('data', () => {
            request.destroy();
            resolve();
          });
        });
        request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
      });
      await server.releasedOnce;
      // 2,000 batches are 400,000 rows: far more than the socket and stream buffers hold before back-pressure.
      expect(finished).toBe(true);
      expect(batchesRead).toBeLessThan(MAX_BATCHES);
      expect(server.releases()).toBe(1);
    });
  }

  it('names the file with letters, digits, dots, dashes and underscores only', () => {
    expect(exportFileName('bookings-2025-03-01', 'pdf')).toBe('bookings-2025-03-01.pdf');
    expect(exportFileName('a b_c.d', 'xlsx')).toBe('a-b_c.d.xlsx');
    expect(exportFileName('"; filename*=x', 'xlsx')).toBe('-filename-x.xlsx');
  });
});
