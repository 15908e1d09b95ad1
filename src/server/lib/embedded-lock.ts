import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * The embedded database (PGlite) belongs to one process: a second one opening the same directory
 * works on its own copy and one of them loses its writes. The process that has it open keeps its
 * pid in DATA_DIR/server.pid; others (a second server, the admin CLI) look there first. A lock
 * left by a process that died (SIGKILL, a crash) is ignored.
 */

const LOCK_FILE = 'server.pid';

export const embeddedLockFile = (dataDir: string) => path.join(dataDir, LOCK_FILE);

/** The embedded database is used when DATABASE_URL is unset (or not PostgreSQL), except in memory. */
export const usesEmbeddedDatabase = (databaseUrl: string | undefined) =>
  !(databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl)) && databaseUrl !== 'memory://';

export class EmbeddedDatabaseInUse extends Error {
  constructor(readonly pid: number) {
    super(`The embedded database is in use by pid ${pid}`);
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // After a crash and a reboot (or a container restart) the pid may be someone else's now.
  try {
    return /node|tsx/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
  } catch {
    return true;
  }
}

/**
 * The pid of the live process other than this one that holds the lock, or undefined (none, or a
 * dead one's). The file also names the host, for people; a lock of another machine sharing
 * DATA_DIR cannot be checked and is not trusted (a re-created container has a new host name).
 */
export function embeddedLockHolder(dataDir: string): number | undefined {
  let text: string;
  try {
    text = readFileSync(embeddedLockFile(dataDir), 'utf8');
  } catch {
    return undefined;
  }
  const pid = Number.parseInt(text.split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !isAlive(pid)) return undefined;
  return pid;
}

/**
 * Take the lock for this process until it exits (or release() is called). Throws
 * EmbeddedDatabaseInUse when a live process holds it.
 */
export function acquireEmbeddedLock(dataDir: string): { release(): void } {
  const file = embeddedLockFile(dataDir);
  mkdirSync(dataDir, { recursive: true });
  const mine = `${process.pid}\n${hostname()}\n`;
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(file, mine, { flag: 'wx', mode: 0o644 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw error;
      const holder = embeddedLockHolder(dataDir);
      if (holder) throw new EmbeddedDatabaseInUse(holder);
      // A dead process's lock (or our own pid reused after a restart): take it over.
      rmSync(file, { force: true });
    }
  }
  const release = () => {
    try {
      if (readFileSync(file, 'utf8') === mine) rmSync(file, { force: true });
    } catch {}
    process.off('exit', release);
  };
  process.on('exit', release);
  return { release };
}

/** Take the lock, waiting up to `waitMs` for a holder to let go (a restart under `tsx watch`). */
export async function acquireEmbeddedLockWaiting(dataDir: string, waitMs: number) {
  const until = Date.now() + waitMs;
  for (;;) {
    try {
      return acquireEmbeddedLock(dataDir);
    } catch (error) {
      if (!(error instanceof EmbeddedDatabaseInUse) || Date.now() >= until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
