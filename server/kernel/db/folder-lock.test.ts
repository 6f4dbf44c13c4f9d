/**
 * One process per PGlite folder (docs/security.md): two `npm start` on one DATA_DIR both served
 * and each lost the other's acknowledged writes. Now the second is refused with a message, and the
 * lock of a process that died (SIGKILL) is taken over by the next start.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { FolderLockedError, LOCK_FILE, lockFolder } from './folder-lock';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folder-lock-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function writeLock(dir: string, owner: Record<string, unknown>) {
  fs.writeFileSync(
    path.join(dir, LOCK_FILE),
    JSON.stringify({ host: 'elsewhere', since: '2026-01-01T00:00:00Z', start: null, token: 'x', ...owner }),
  );
}

describe('the PGlite folder lock', () => {
  it('refuses a second open of a folder that is open, and allows it once closed', async () => {
    const dir = tempDir();
    const first = await openDatabase({ databaseUrl: null, dataDir: dir });
    try {
      await expect(openDatabase({ databaseUrl: null, dataDir: dir })).rejects.toThrow(FolderLockedError);
    } finally {
      await first.close();
    }
    expect(fs.existsSync(path.join(dir, LOCK_FILE)), 'released on close').toBe(false);
    const again = await openDatabase({ databaseUrl: null, dataDir: dir });
    await again.close();
  }, 60_000);

  it('takes over the lock of a process that is gone, or of our own pid left by an earlier life', () => {
    const dir = tempDir();
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    writeLock(dir, { pid: dead });
    lockFolder(dir)();
    // A container restarted with the same pid finds its former self's lock.
    writeLock(dir, { pid: process.pid });
    lockFolder(dir)();
    // Half-written: no owner to wait for.
    fs.writeFileSync(path.join(dir, LOCK_FILE), '{"pid":');
    lockFolder(dir)();
  });

  it('refuses a lock whose owner runs, naming it', () => {
    const dir = tempDir();
    writeLock(dir, { pid: process.ppid });
    expect(() => lockFolder(dir)).toThrow(new RegExp(`tiến trình ${process.ppid}`));
    expect(() => lockFolder(dir)).toThrow(/DATA_DIR/);
  });
});

type Child = {
  ready: Promise<string>;
  exited: Promise<number | string | null>;
  output: () => string;
  kill: (signal: NodeJS.Signals) => void;
};

/** `node --import tsx server/main.ts`, what `npm start` runs, on a folder. */
function startServerProcess(dataDir: string): Child {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '../../..'),
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      NODE_ENV: 'development',
      STATIC_DIR: '/nonexistent',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | string | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  const ready = new Promise<string>((resolve, reject) => {
    const feed = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const url = /"url":"(http:[^"]+)"/.exec(output)?.[1];
      if (url && output.includes('Máy chủ đang chạy')) resolve(url);
    };
    child.stdout.on('data', feed);
    child.stderr.on('data', feed);
    void exited.then((code) => reject(new Error(`exited ${code}: ${output.slice(-2000)}`)));
  });
  ready.catch(() => undefined);
  return { ready, exited, output: () => output, kill: (signal) => child.kill(signal) };
}

describe('two server processes on one DATA_DIR', () => {
  it('the second is refused with a message; after the first is killed (-9) the next start takes the folder over', async () => {
    const dir = tempDir();
    const first = startServerProcess(dir);
    const url = await first.ready;
    const second = startServerProcess(dir);
    const code = await second.exited;
    expect(code, second.output()).toBe(1);
    expect(second.output()).toMatch(/đang được một máy chủ khác dùng/);
    expect(second.output()).not.toMatch(/Máy chủ đang chạy/);
    // The first still serves.
    expect((await fetch(`${url}/api/order/api/statusorder`)).status).toBe(401);

    first.kill('SIGKILL');
    await first.exited;
    expect(fs.existsSync(path.join(dir, LOCK_FILE)), 'a killed process leaves its lock behind').toBe(true);
    const third = startServerProcess(dir);
    await third.ready;
    third.kill('SIGTERM');
    expect(await third.exited, third.output()).toBe(0);
    expect(fs.existsSync(path.join(dir, LOCK_FILE)), 'released on a clean stop').toBe(false);
  }, 180_000);
});
