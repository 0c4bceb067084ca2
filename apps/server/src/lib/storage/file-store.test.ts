import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentDisposition, createFileStore, FileRejectedError, safeFileName, SignedUrlError, sweepAbandonedUploads, type FileStore } from './file-store.ts';
import { createLocalDriver } from './local-driver.ts';
import { createS3Driver } from './s3-driver.ts';
import { startS3TestServer } from './s3-test-support.ts';
import { FileNotFoundError, type StorageDriver } from './storage-driver.ts';

/**
 * The storage contract: the same tests on both drivers, the local folder and an S3-compatible server (s3rver,
 * started here). What an area relies on (limits, sniffing, re-encoding, encryption, generated keys, downloads) must
 * not depend on where the bytes are.
 */
const APP_KEY = 'storage-test-app-key-0123456789abcdefghijklmnop';
const scratch = mkdtempSync(path.join(tmpdir(), 'portal-storage-'));
let s3: Awaited<ReturnType<typeof startS3TestServer>>;

beforeAll(async () => {
  s3 = await startS3TestServer();
});
afterAll(async () => {
  await s3?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

const png = () => sharp({ create: { width: 8, height: 6, channels: 3, background: '#0b7285' } }).png().toBuffer();
/** A JPEG carrying EXIF the way a phone writes it: a copyright line, a camera and GPS-like fields. */
const jpegWithExif = () =>
  sharp({ create: { width: 16, height: 12, channels: 3, background: '#e8590c' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'Patient photo — do not share', Make: 'PhoneCam', Model: 'X-1000' }, IFD3: { GPSLatitudeRef: 'N' } })
    .toBuffer();
const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
const stream = (bytes: Buffer) => Readable.from([bytes]);

const drivers: [string, () => StorageDriver][] = [
  ['local', () => createLocalDriver(mkdtempSync(path.join(scratch, 'files-')))],
  ['s3', () => createS3Driver(s3.options)],
];

describe.each(drivers)('file storage on the %s driver', (driverName, makeDriver) => {
  let driver: StorageDriver;
  let store: FileStore;
  let temporaryDirectory: string;

  beforeAll(() => {
    driver = makeDriver();
    temporaryDirectory = mkdtempSync(path.join(scratch, 'tmp-'));
    store = createFileStore({ driver, appKey: APP_KEY, temporaryDirectory, appUrl: 'http://portal.test' });
    store.defineKind({ name: 'agent-logo', maxBytes: 64 * 1024, types: ['image/png', 'image/jpeg', 'image/webp'] });
    store.defineKind({ name: 'contract', maxBytes: 64 * 1024, types: ['application/pdf'] });
    store.defineKind({ name: 'attachment', maxBytes: 64 * 1024, types: ['application/pdf', 'image/png'] });
    store.defineKind({ name: 'facility-list', maxBytes: 64 * 1024, types: ['text/csv'] });
    store.defineKind({ name: 'medical-document', maxBytes: 64 * 1024, types: ['application/pdf', 'image/png'], encrypted: true });
  });
  afterAll(async () => {
    await driver.close?.();
  });

  const bytesOf = async (readable: Readable) => buffer(readable);

  it('stores, reads back, tells whether a key exists, and deletes', async () => {
    const saved = await store.save('contract', stream(pdf), { filename: 'Signed contract.pdf' });
    expect(saved).toMatchObject({ kind: 'contract', contentType: 'application/pdf', size: pdf.length, name: 'Signed contract.pdf', encrypted: false });
    expect(saved.key).toMatch(/^contract\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.pdf$/);
    expect(await driver.exists(saved.key)).toBe(true);
    expect(await bytesOf(await store.read(saved))).toEqual(pdf);
    await store.delete(saved.key);
    expect(await driver.exists(saved.key)).toBe(false);
    await expect(store.read(saved)).rejects.toBeInstanceOf(FileNotFoundError);
    await store.delete(saved.key); // twice is fine
  });

  it('reads a byte range of a plain file (video range requests), and refuses one of an encrypted file', async () => {
    const saved = await store.save('contract', stream(pdf), { filename: 'ranged.pdf' });
    expect((await bytesOf(await store.readRange(saved, { start: 0, end: 3 }))).toString()).toBe('%PDF');
    expect(await bytesOf(await store.readRange(saved, { start: 5, end: pdf.length - 1 }))).toEqual(pdf.subarray(5));
    const sealed = await store.save('medical-document', stream(pdf), { filename: 'sealed.pdf' });
    await expect(store.readRange(sealed, { start: 0, end: 3 })).rejects.toThrow(/encrypted/);
  });

  it('generates every key: the name a user sent never becomes a path', async () => {
    const first = await store.save('contract', stream(pdf), { filename: '../../../etc/passwd.pdf' });
    const second = await store.save('contract', stream(pdf), { filename: '../../../etc/passwd.pdf' });
    expect(first.key).not.toBe(second.key);
    expect(first.key).not.toContain('passwd');
    expect(first.name).toBe('passwd.pdf');
    await expect(driver.get('../outside.pdf')).rejects.toBeInstanceOf(FileNotFoundError);
    await expect(driver.put('contract/../../x.pdf', stream(pdf), { size: pdf.length, contentType: 'application/pdf' })).rejects.toThrow();
  });

  it('refuses an upload one byte over its kind’s limit, and keeps nothing of it', async () => {
    const limit = 64 * 1024;
    const exact = Buffer.concat([pdf, Buffer.alloc(limit - pdf.length, 0x20)]);
    expect((await store.save('contract', stream(exact))).size).toBe(limit);
    // Streamed in chunks, as a slow upload arrives: refused as the limit is crossed.
    const over = Readable.from((function* () {
      yield pdf;
      for (let sent = pdf.length; sent <= limit; sent += 4096) yield Buffer.alloc(4096, 0x20);
    })());
    const refusal = await store.save('contract', over).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(FileRejectedError);
    expect(refusal).toMatchObject({ reason: 'too_large', statusCode: 422, message: 'The file may be at most 64 KB.' });
    await expect(store.save('contract', stream(Buffer.alloc(0)))).rejects.toMatchObject({ reason: 'empty' });
    expect(readdirSync(temporaryDirectory)).toEqual([]);
  });

  it('reads the type from the bytes: a PNG named .pdf is refused where only PDFs go, and stored as a PNG where PNGs may', async () => {
    const image = await png();
    await expect(store.save('contract', stream(image), { filename: 'invoice.pdf' })).rejects.toMatchObject({
      reason: 'type_not_allowed',
      message: 'A PNG file is not accepted here (application/pdf).',
    });
    const stored = await store.save('attachment', stream(image), { filename: 'invoice.pdf' });
    expect(stored).toMatchObject({ contentType: 'image/png', name: 'invoice.png' });
    expect(stored.key).toMatch(/\.png$/);
    expect((await sharp(await bytesOf(await store.read(stored))).metadata()).format).toBe('png');
  });

  it('refuses an HTML page named .png, and markup where plain text is accepted', async () => {
    await expect(store.save('agent-logo', stream(html), { filename: 'logo.png' })).rejects.toMatchObject({ reason: 'type_not_allowed' });
    await expect(store.save('facility-list', stream(html), { filename: 'list.csv' })).rejects.toMatchObject({ reason: 'type_not_allowed' });
    const csv = Buffer.from('ticket,patient\n1001,Amelia Hart\n1002,سلمى\n');
    const list = await store.save('facility-list', stream(csv), { filename: 'March list.xlsx' });
    expect(list).toMatchObject({ contentType: 'text/csv', name: 'March list.csv' });
    expect(await bytesOf(await store.read(list))).toEqual(csv);
  });

  it('re-encodes images: the EXIF of the upload is gone, the picture is not', async () => {
    const original = await jpegWithExif();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const stored = await store.save('agent-logo', stream(original), { filename: 'logo.jpg' });
    const bytes = await bytesOf(await store.read(stored));
    const metadata = await sharp(bytes).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 16, height: 12 });
    expect(metadata.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('PhoneCam'))).toBe(false);
    expect(bytes.includes(Buffer.from('Patient photo'))).toBe(false);
    expect(stored.size).toBe(bytes.length);
  });

  it('encrypts private kinds at rest: other bytes in storage, the same ones back, refused when altered', async () => {
    const stored = await store.save('medical-document', stream(pdf), { filename: 'referral letter.pdf' });
    expect(stored).toMatchObject({ encrypted: true, contentType: 'application/pdf', size: pdf.length });
    const atRest = await bytesOf(await driver.get(stored.key));
    expect(atRest.equals(pdf)).toBe(false);
    expect(atRest.includes(Buffer.from('/Catalog'))).toBe(false);
    expect(await bytesOf(await store.read(stored))).toEqual(pdf);

    // Another APP_KEY cannot read it.
    const stranger = createFileStore({ driver, appKey: `${APP_KEY}-other`, temporaryDirectory, appUrl: 'http://portal.test' });
    await expect(bytesOf(await stranger.read(stored))).rejects.toThrow();
    // Neither can anyone who flipped a byte in storage.
    const altered = Buffer.from(atRest);
    altered[altered.length - 1] = altered.at(-1)! ^ 0x01;
    await driver.delete(stored.key);
    await driver.put(stored.key, stream(altered), { size: altered.length, contentType: 'application/octet-stream' });
    await expect(bytesOf(await store.read(stored))).rejects.toThrow();
  });

  it('hands out short-lived signed download links with Content-Disposition', async () => {
    const plain = await store.save('contract', stream(pdf), { filename: 'Contract «2026».pdf' });
    const url = await store.signedUrl(plain, { expiresInSeconds: 60 });
    if (driverName === 's3') {
      // The bucket answers it itself, with the headers the link was signed for.
      const response = await fetch(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toBe(contentDisposition('Contract «2026».pdf', 'attachment'));
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(Buffer.from(await response.arrayBuffer())).toEqual(pdf);
    } else {
      expect(url.startsWith('http://portal.test/api/files/signed?')).toBe(true);
    }
    // An encrypted file always goes through the portal, which decrypts it.
    const secret = await store.save('medical-document', stream(pdf), { filename: 'letter.pdf' });
    const portalUrl = new URL(await store.signedUrl(secret, { disposition: 'inline' }));
    expect(portalUrl.pathname).toBe('/api/files/signed');
    const query = Object.fromEntries(portalUrl.searchParams);
    const { file, headers } = store.verifySignedDownload(query);
    expect(headers).toMatchObject({ 'content-type': 'application/pdf', 'content-disposition': contentDisposition('letter.pdf', 'inline'), 'x-content-type-options': 'nosniff' });
    expect(await bytesOf(await store.read(file))).toEqual(pdf);
    expect(() => store.verifySignedDownload({ ...query, name: 'other.pdf' })).toThrow(SignedUrlError);
    expect(() => store.verifySignedDownload({ ...query, key: plain.key })).toThrow(SignedUrlError);
    const expired = new URL(await store.signedUrl(secret, { expiresInSeconds: -1 }));
    expect(() => store.verifySignedDownload(Object.fromEntries(expired.searchParams))).toThrow(SignedUrlError);
  });
});

describe('names and headers', () => {
  it('keeps a safe, readable name with the sniffed extension', () => {
    expect(safeFileName('C:\\Users\\amelia\\Desktop\\scan 01.jpeg', 'png')).toBe('scan 01.png');
    expect(safeFileName('evil\u0000name<script>.pdf', 'pdf')).toBe('evil name script.pdf');
    expect(safeFileName(undefined, 'pdf')).toBe('file.pdf');
    expect(safeFileName('..', 'pdf')).toBe('file.pdf');
  });

  it('writes Content-Disposition with an ASCII fallback and the UTF-8 name', () => {
    expect(contentDisposition('تقرير مارس.pdf', 'attachment')).toBe(
      `attachment; filename="_____ ____.pdf"; filename*=UTF-8''%D8%AA%D9%82%D8%B1%D9%8A%D8%B1%20%D9%85%D8%A7%D8%B1%D8%B3.pdf`,
    );
    expect(contentDisposition('a "quoted" (name).pdf', 'inline')).toBe(`inline; filename="a _quoted_ (name).pdf"; filename*=UTF-8''a%20%22quoted%22%20%28name%29.pdf`);
  });
});

describe('temporary uploads', () => {
  it('sweeps the folders a dead process left, older than an hour, and no other', async () => {
    const directory = mkdtempSync(path.join(scratch, 'sweep-'));
    for (const name of ['upload-abandoned', 'upload-in-progress', 'not-an-upload']) {
      mkdirSync(path.join(directory, name));
      writeFileSync(path.join(directory, name, 'upload'), 'bytes');
    }
    const twoHoursAgo = new Date(Date.now() - 2 * 3600 * 1000);
    utimesSync(path.join(directory, 'upload-abandoned'), twoHoursAgo, twoHoursAgo);
    utimesSync(path.join(directory, 'not-an-upload'), twoHoursAgo, twoHoursAgo);
    expect(await sweepAbandonedUploads(directory)).toBe(1);
    expect(readdirSync(directory).sort()).toEqual(['not-an-upload', 'upload-in-progress']);
    expect(await sweepAbandonedUploads(path.join(directory, 'missing'))).toBe(0);
  });
});
