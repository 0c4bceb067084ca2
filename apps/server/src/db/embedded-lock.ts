import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';

/**
 * PGlite has no lock of its own: two processes opening one data folder (the server and
 * `npm run admin`, or two servers) would both write to it and corrupt it. A lock file next to the
 * folder holds the owner's pid and, once its wire server listens, the loopback port: a second process
 * (the admin command while the portal runs) then connects to that port instead of opening the files.
 * A lock left behind by a process that no longer runs is taken over.
 */
export class EmbeddedDatabaseBusyError extends Error {}

function processIsRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function writeOwnPid(lockFile: string, flag: 'wx' | 'w', port?: number): void {
  const descriptor = openSync(lockFile, flag, 0o600);
  try {
    writeSync(descriptor, port ? `${process.pid} ${port}` : String(process.pid));
  } finally {
    closeSync(descriptor);
  }
}

function readLock(lockFile: string): { pid: number; port: number | undefined } {
  const [pid, port] = readFileSync(lockFile, 'utf8').trim().split(/\s+/);
  return { pid: Number.parseInt(pid ?? '', 10), port: port ? Number.parseInt(port, 10) : undefined };
}

/** The loopback port of the process that holds the folder, when that process is alive and serving. */
export function runningEmbeddedServerPort(dataDir: string): number | undefined {
  try {
    const { pid, port } = readLock(`${dataDir}.lock`);
    if (port && Number.isInteger(pid) && pid !== process.pid && processIsRunning(pid)) return port;
  } catch {
    /* no lock: nobody holds the folder */
  }
  return undefined;
}

/** Publishes the wire server's port in the lock this process holds. */
export function publishEmbeddedPort(dataDir: string, port: number): void {
  writeOwnPid(`${dataDir}.lock`, 'w', port);
}

/** Takes the lock of an embedded data folder; returns the function that gives it back. */
export function acquireEmbeddedLock(dataDir: string): () => void {
  const lockFile = `${dataDir}.lock`;
  try {
    writeOwnPid(lockFile, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const owner = readLock(lockFile).pid;
    if (Number.isInteger(owner) && owner !== process.pid && processIsRunning(owner)) {
      throw new EmbeddedDatabaseBusyError(
        `The embedded database in ${dataDir} is held by process ${owner}, which is not serving it yet ` +
          '(is the portal still starting?). Try again in a moment. ' +
          `If no such process exists, delete ${lockFile}.`,
      );
    }
    writeOwnPid(lockFile, 'w');
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    try {
      if (readLock(lockFile).pid === process.pid) unlinkSync(lockFile);
    } catch {
      /* already gone */
    }
  };
  process.on('exit', release);
  return release;
}
