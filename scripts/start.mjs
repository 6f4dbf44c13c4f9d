#!/usr/bin/env node
// `npm start`: build the client when its sources changed since the last build, then serve the built
// app and the API from one Node process (PORT, default 3000; DATA_DIR, default ./data). A production
// start: no demo data and no simulators unless asked. `npm run demo` (`--demo`) asks for both.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const stamp = path.join(root, 'dist', '.build-stamp');
const inputs = ['src', 'sw', 'contract', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newestMtime(target) {
  const full = path.join(root, target);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

// A second server on the same PGlite folder would lose acknowledged writes: refuse before building
// (the server itself holds the lock, server/kernel/db/folder-lock.ts).
if (!process.env.DATABASE_URL) {
  const { folderOwner, FolderLockedError } = await tsImport('../server/kernel/db/folder-lock.ts', import.meta.url);
  const dataDir = path.resolve(root, process.env.DATA_DIR || './data');
  const owner = folderOwner(dataDir);
  if (owner) {
    console.error(new FolderLockedError(dataDir, owner).message);
    process.exit(1);
  }
}

const builtAt = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
if (Math.max(...inputs.map(newestMtime)) > builtAt) {
  console.info('Đang build giao diện…');
  const build = spawnSync('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  fs.writeFileSync(stamp, new Date().toISOString());
}

const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...(process.argv.includes('--demo') ? { SEED_DEMO: 'true' } : {}), ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
