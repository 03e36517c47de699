import { link, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { DatabaseError } from './database-error';

// PGlite does not lock its data directory, and two processes (or two instances in one
// process) writing the same files corrupt it. A pid file is enough on one machine.

/** Lock files this process holds: tells our own pid apart from a recycled one (pid 1 in a restarted container). */
const heldByThisProcess = new Set<string>();

/** Whether a process with this pid exists (also the embedded server's postmaster, see embedded-postgres.ts). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readHolder(lockPath: string): Promise<number | null> {
  try {
    const pid = Number.parseInt(await readFile(lockPath, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function holds(pid: number, lockPath: string): boolean {
  return pid === process.pid ? heldByThisProcess.has(lockPath) : isAlive(pid);
}

/** Creates the lock file with our pid already inside, in one atomic step (link fails if it exists). */
async function tryCreate(lockPath: string): Promise<boolean> {
  const temporary = `${lockPath}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temporary, `${process.pid}\n`);
  try {
    await link(temporary, lockPath);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await unlink(temporary).catch(() => {});
  }
}

/**
 * Takes `lockPath` for this process, replacing a lock left by a dead process.
 * Resolves with the function that releases it.
 */
export async function acquireDirectoryLock(lockPath: string, directory: string): Promise<() => Promise<void>> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (await tryCreate(lockPath)) {
      heldByThisProcess.add(lockPath);
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        heldByThisProcess.delete(lockPath);
        if ((await readHolder(lockPath)) === process.pid) await rm(lockPath, { force: true });
      };
    }
    const holder = await readHolder(lockPath);
    if (holder !== null && holds(holder, lockPath)) {
      const who = holder === process.pid ? 'this process' : `process ${holder}`;
      throw new DatabaseError(
        'DATABASE_LOCKED',
        `The embedded database in ${directory} is already open in ${who}`,
        `stop the other Talentplace process, give this one another DATA_DIR, or set DATABASE_URL to share a PostgreSQL server; if no such process runs, delete ${lockPath}`,
      );
    }
    // Stale (dead holder) or unreadable: take it over on the next attempt.
    await rm(lockPath, { force: true });
  }
  throw new DatabaseError(
    'DATABASE_LOCKED',
    `Could not take the lock ${lockPath}`,
    'another process keeps creating it; stop other Talentplace processes using this DATA_DIR',
  );
}
