import { PassThrough, type Writable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ExportFormat, ExportSource, ExportWriteOptions } from './export-columns.ts';
import { writePdf, PDF_CONTENT_TYPE } from './pdf-writer.ts';
import { writeXlsx, XLSX_CONTENT_TYPE } from './xlsx-writer.ts';

const WRITERS: Record<ExportFormat, { contentType: string; write: <Row>(output: Writable, source: ExportSource<Row>, options: ExportWriteOptions) => Promise<number> }> = {
  xlsx: { contentType: XLSX_CONTENT_TYPE, write: writeXlsx },
  pdf: { contentType: PDF_CONTENT_TYPE, write: writePdf },
};

export interface ExportReply<Row> extends ExportSource<Row> {
  format: ExportFormat;
  /** the download's file name without its extension, e.g. 'bookings-2025-03-01' */
  name: string;
  /** called once when the file is written, fails or is abandoned (an export slot, say) */
  release?: () => void;
}

/**
 * Letters, digits, '.', '_' and '-' only: the name goes into a quoted header parameter, where a quote or a line
 * break would end it, and browsers read anything beyond ASCII there differently.
 */
export const exportFileName = (name: string, format: ExportFormat) => `${name.replace(/[^A-Za-z0-9._-]+/g, '-')}.${format}`;

/**
 * Answers the request with the export as a file download, written while it is sent: the rows are read a batch at a
 * time as the client takes the file (the writers wait on back-pressure). `x-export-rows` tells the row count
 * before the body ends. The file is private to the signed-in partner (`private, no-store`). When the client goes
 * away the writing stops, and with it the reads; a failure after the headers are sent can only cut the download
 * short, so it is logged and the body is ended with the error.
 */
export function sendExportFile<Row>(request: FastifyRequest, reply: FastifyReply, file: ExportReply<Row>): FastifyReply {
  const writer = WRITERS[file.format];
  const fileName = exportFileName(file.name, file.format);
  const output = new PassThrough();
  const abort = new AbortController();
  request.raw.on('close', () => abort.abort());
  reply.raw.on('close', () => abort.abort());
  writer
    .write(output, file, { signal: abort.signal })
    .catch((error: unknown) => {
      request.log.error({ err: error, file: fileName }, 'export failed');
      output.destroy(error as Error);
    })
    .finally(() => file.release?.());
  return reply
    .header('content-type', writer.contentType)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .header('x-export-rows', String(file.document.total))
    .send(output);
}
