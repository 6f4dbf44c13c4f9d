/**
 * One process per PGlite data folder (docs/security.md). PGlite is PostgreSQL in the process's own memory:
 * two processes on one folder each answer from their own copy, both acknowledge writes, and on the
 * next start only one copy's files survive. So the process that opens the folder holds
 * `<DATA_DIR>/server.lock` for its whole life and a second one is refused with a clear message.
 *
 * The lock is a file created with O_EXCL, naming its owner (pid, the pid's start time on Linux,
 * host). It is removed on close and on exit; after a crash (SIGKILL, power loss) it stays behind and
 * the next process takes it over when its owner is gone: the pid is dead, is our own pid (a
 * container restarted with the same pid), or was reused by another program (another start time),
 * as PostgreSQL does with postmaster.pid. No other imports: scripts/start.mjs and scripts/dev.mjs
 * load this file (through tsx) to refuse early, before building or starting Vite.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const LOCK_FILE = 'server.lock';

type Owner = { pid: number; start: string | null; host: string; since: string; token: string };

export class FolderLockedError extends Error {
  constructor(
    readonly folder: string,
    readonly owner: Owner | null,
  ) {
    const who = owner ? ` (tiến trình ${owner.pid} trên máy ${owner.host}, từ ${owner.since})` : '';
    super(
      `Thư mục dữ liệu ${folder} đang được một máy chủ khác dùng${who}. Hai tiến trình trên cùng một thư mục PGlite sẽ làm mất dữ liệu đã lưu, ` +
        `nên máy chủ này không khởi động. Hãy dừng máy chủ kia (npm start và npm run dev mặc định cùng dùng ./data), ` +
        `hoặc đặt DATA_DIR khác. Nếu chắc chắn không còn máy chủ nào dùng thư mục này, xóa tệp ${path.join(folder, LOCK_FILE)}.`,
    );
    this.name = 'FolderLockedError';
  }
}

/** Locks this process holds, so a second open of the same folder in one process is refused too. */
const held = new Map<string, string>();

/**
 * A process as Linux sees it (/proc/<pid>/stat: field 3 the state, field 22 the start time), to
 * tell a reused pid and a dead child not yet reaped (a zombie); null elsewhere.
 */
function procStat(pid: number): { state: string; start: string } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count from after it.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0] ?? '', start: fields[19] ?? '' };
  } catch {
    return null;
  }
}

function readOwner(file: string): Owner | null {
  try {
    const owner = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Owner>;
    return typeof owner.pid === 'number' && typeof owner.token === 'string' ? (owner as Owner) : null;
  } catch {
    return null;
  }
}

/** Whether the owner named in a lock file still runs (a half-written or unreadable file has no owner). */
export function ownerAlive(owner: Owner | null, file: string): boolean {
  if (!owner) return false;
  if (owner.pid === process.pid) return held.get(file) === owner.token;
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const stat = procStat(owner.pid);
  if (stat?.state === 'Z' || stat?.state === 'X') return false;
  return owner.start === null || stat === null || stat.start === owner.start;
}

/** The folder's live owner, if any (for a check before starting, scripts/dev.mjs). */
export function folderOwner(folder: string): Owner | null {
  const file = path.join(path.resolve(folder), LOCK_FILE);
  const owner = readOwner(file);
  return ownerAlive(owner, file) ? owner : null;
}

function create(file: string, owner: Owner): boolean {
  try {
    fs.writeFileSync(file, JSON.stringify(owner), { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Moves a dead owner's lock aside. Two processes may find the same stale lock at once: the
 * rename is atomic, and one that moved a lock which turns out to be live (another process took
 * over in between) puts it back and is refused.
 */
function removeStale(file: string): void {
  const aside = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  try {
    fs.renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const moved = readOwner(aside);
  if (ownerAlive(moved, file)) {
    try {
      fs.linkSync(aside, file);
    } finally {
      fs.rmSync(aside, { force: true });
    }
    throw new FolderLockedError(path.dirname(file), moved);
  }
  fs.rmSync(aside, { force: true });
}

/** Takes the folder's lock or throws FolderLockedError; the returned function releases it. */
export function lockFolder(folder: string): () => void {
  const dir = path.resolve(folder);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  const owner: Owner = {
    pid: process.pid,
    start: procStat(process.pid)?.start ?? null,
    host: os.hostname(),
    since: new Date().toISOString(),
    token: crypto.randomUUID(),
  };
  if (held.has(file)) throw new FolderLockedError(dir, readOwner(file));
  for (let attempt = 0; ; attempt += 1) {
    if (create(file, owner)) break;
    const current = readOwner(file);
    if (ownerAlive(current, file) || attempt >= 3) throw new FolderLockedError(dir, current);
    removeStale(file);
  }
  held.set(file, owner.token);
  const release = () => {
    if (held.get(file) !== owner.token) return;
    held.delete(file);
    process.off('exit', release);
    // Only our own lock: never one another process took over after a long pause of ours.
    if (readOwner(file)?.token === owner.token) fs.rmSync(file, { force: true });
  };
  process.on('exit', release);
  return release;
}
