/**
 * Runs the embedded PostgreSQL (PGlite, WebAssembly) in a worker thread and serves it over the
 * PostgreSQL wire protocol on a loopback port. PGlite executes on the thread that calls it; on the
 * server's main thread a busy query would freeze every request, so it lives here and the server talks
 * to it with the same `pg` driver it uses for a real PostgreSQL server (one data path).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

interface WorkerInput {
  dataDir: string;
  /** A tarball of a data folder (Database.snapshot) to start from instead of an empty cluster. */
  templateFile?: string | undefined;
}

const { dataDir, templateFile } = workerData as WorkerInput;
const database = await PGlite.create({
  dataDir,
  extensions: { pg_trgm, btree_gin },
  ...(templateFile ? { loadDataDir: new Blob([readFileSync(templateFile)]) } : {}),
});
// The server's pool uses one connection; the others are for a second process attaching to a running
// portal's database (the admin command). The socket server runs their statements one at a time.
const server = new PGLiteSocketServer({ db: database, port: 0, host: '127.0.0.1', maxConnections: 4 });
await server.start();
const port = Number(server.getServerConn().split(':').pop());
parentPort?.postMessage({ type: 'ready', port });

parentPort?.on('message', (message: { type: string; file?: string }) => {
  if (message.type === 'snapshot' && message.file) {
    const file = message.file;
    // Uncompressed: loading it is then a copy, not a gunzip, which is the point of a template.
    void database
      .dumpDataDir('none')
      .then(async (tarball) => writeFileSync(file, Buffer.from(await tarball.arrayBuffer())))
      .then(() => parentPort?.postMessage({ type: 'snapshotted' }))
      .catch((error: unknown) => parentPort?.postMessage({ type: 'failed', error: String(error) }));
    return;
  }
  if (message.type !== 'stop') return;
  void (async () => {
    await server.stop();
    await database.close();
    parentPort?.postMessage({ type: 'stopped' });
  })();
});
