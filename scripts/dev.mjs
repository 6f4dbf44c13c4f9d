#!/usr/bin/env node
// `npm run dev`: the API server (restarted on change by tsx watch) on :3001 and Vite with hot reload
// on :5173, proxying /api to it. Both stop together.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';

// The API server holds the PGlite folder for its life (server/kernel/db/folder-lock.ts); when
// `npm start` already runs on it, say so now rather than leave Vite proxying to a server that
// refused to start while tsx watch waits for a change.
if (!process.env.DATABASE_URL) {
  const { folderOwner, FolderLockedError } = await tsImport('../server/kernel/db/folder-lock.ts', import.meta.url);
  const dataDir = path.resolve(process.env.DATA_DIR || './data');
  const owner = folderOwner(dataDir);
  if (owner) {
    console.error(new FolderLockedError(dataDir, owner).message);
    process.exit(1);
  }
}

const apiPort = process.env.API_PORT ?? '3001';
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, STATIC_DIR: '/nonexistent' },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, API_TARGET: `http://localhost:${apiPort}` } }),
];

function stopAll(code = 0) {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
}
for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(0));
