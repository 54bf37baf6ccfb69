import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** Thrown when another live process already owns the embedded database directory. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
  ) {
    super(
      `The embedded database at ${dataDir} is already in use by process ${ownerPid}. ` +
        'Only one process may open it: stop that process, or point DATA_DIR at another directory.',
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function lockPath(dataDir: string): string {
  return join(dataDir, '.shop.lock');
}

/** The live process holding the directory's lock, if any (a lock left by a dead process counts as none). */
export function dataDirOwner(dataDir: string): number | undefined {
  let owner: number;
  try {
    owner = Number.parseInt(readFileSync(lockPath(dataDir), 'utf8'), 10);
  } catch {
    return undefined;
  }
  return Number.isInteger(owner) && isAlive(owner) ? owner : undefined;
}

/**
 * Takes an exclusive lock on a PGlite data directory. PGlite has no cross-process lock of its
 * own (its postmaster.pid holds -42), and two writers corrupt the directory, so we keep one.
 * A lock left by a dead process is taken over. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const path = lockPath(dataDir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        rmSync(path, { force: true });
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = dataDirOwner(dataDir);
      if (owner !== undefined) throw new DataDirLockedError(dataDir, owner);
      rmSync(path, { force: true }); // stale: its owner is gone
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}
