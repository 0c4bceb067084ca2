import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3DriverOptions } from './s3-driver.ts';

/**
 * A local S3-compatible server for the s3 driver's tests: s3rver (an npm package, pure JavaScript, no binary),
 * listening on a free loopback port with one empty bucket, its objects in a temporary folder. It checks request
 * signatures with its fixed key pair, so the driver is tested with real SigV4 signing and presigned URLs.
 */
export async function startS3TestServer(bucket = 'portal-test-files'): Promise<{ options: S3DriverOptions; stop(): Promise<void> }> {
  const directory = mkdtempSync(path.join(tmpdir(), 'portal-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const address = (await server.run()) as { port: number };
  return {
    options: {
      endpoint: `http://127.0.0.1:${address.port}`,
      bucket,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
