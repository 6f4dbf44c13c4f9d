/**
 * The real server as a separate process (`node --import tsx server/main.ts`, what `npm start`
 * runs), so a test can kill it with SIGKILL in the middle of a request and start it again on the
 * same data: embedded PGlite in a data directory, or PostgreSQL when a database URL is given.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyPostgresTemplate, TEST_SCRYPT_LOG_N, writePgliteCopy } from '@server/testing/test-database';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** A fixed signing key, so access tokens stay valid across restarts whatever the database keeps. */
const JWT_SECRET = 'faults-campaign-signing-key-0123456789abcdef';

export type ChildServerOptions = {
  /** PGlite data directory (used when no databaseUrl). */
  dataDir?: string;
  databaseUrl?: string | null;
  /** Everything the process prints is appended here. */
  logFile: string;
  env?: Record<string, string>;
};

export type ChildServer = {
  url: string;
  pid: number;
  /** Errors the server logged (level >= 50: unhandled errors, ops that failed). */
  errors: string[];
  /** The API processes that said they serve (one, or WORKERS of them under node:cluster). */
  servingPids: Set<number>;
  /** SIGKILL: no cleanup at all, as a crash or `kill -9`. */
  kill9: () => Promise<void>;
  /** SIGTERM: the server closes its listener and database (server/main.ts). */
  stop: () => Promise<void>;
  exited: Promise<number | null>;
};

export async function startChildServer(options: ChildServerOptions, timeoutMs = 90_000): Promise<ChildServer> {
  const log = fs.createWriteStream(options.logFile, { flags: 'a' });
  log.write(`\n--- start ${new Date().toISOString()} ---\n`);
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'development',
    PORT: '0',
    HOST: '127.0.0.1',
    SCRYPT_LOG_N: String(TEST_SCRYPT_LOG_N),
    LOG_LEVEL: 'info',
    STATIC_DIR: '/nonexistent',
    JWT_SECRET,
    SEED_DEMO: 'true',
    LOGIN_MAX_FAILURES_PER_IP: '100000',
    // The providers' simulators are the test's to start (on a free port), never the demo's 3900.
    SIMULATORS: 'false',
    // The files ops carry (contract/files.ts) beside the run's log, never in the repository's ./data.
    FILES_DIR: path.join(path.dirname(options.logFile), 'files'),
    ...options.env,
  };
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  else if (options.dataDir) env.DATA_DIR = options.dataDir;
  else throw new Error('startChildServer needs a dataDir or a databaseUrl');

  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const errors: string[] = [];
  const servingPids = new Set<number>();
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  exited.then(
    (code) => log.end(`--- exit ${code} ---\n`),
    () => undefined,
  );

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start within ${timeoutMs} ms; its output:\n${output.slice(-3000)}`));
    }, timeoutMs);
    let buffer = '';
    const onLine = (line: string) => {
      if (!line.trim()) return;
      try {
        const entry = JSON.parse(line) as { level?: number; url?: string; msg?: string; pid?: number };
        if ((entry.level ?? 0) >= 50) errors.push(line);
        if (entry.url && entry.msg?.startsWith('Máy chủ đang chạy')) {
          if (entry.pid) servingPids.add(entry.pid);
          // Ready once every API process serves (WORKERS of them under node:cluster).
          if (servingPids.size < Number(env.WORKERS ?? 1)) return;
          clearTimeout(timer);
          resolve(entry.url);
        }
      } catch {
        // Not a log line (a stack trace on stderr): kept in the log file only.
      }
    };
    const feed = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      log.write(text);
      output = (output + text).slice(-20_000);
      buffer += text;
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) onLine(line);
    };
    child.stdout!.on('data', feed);
    child.stderr!.on('data', feed);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with code ${code} before it was ready; its output:\n${output.slice(-3000)}`));
    });
  });

  return {
    url,
    pid: child.pid!,
    errors,
    servingPids,
    exited,
    kill9: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * Where a child server keeps its data: a PGlite directory by default, or a fresh database on the
 * throwaway PostgreSQL cluster when TEST_PG_ADMIN_URL is set (scripts/with-pg.sh). Either starts as
 * a copy of the demo template (server/testing/test-database.ts), which is what the child's first
 * start would seed with these settings (SEED_DEMO, no simulators, SCRYPT_LOG_N 14).
 */
export type ChildStore = {
  label: 'pglite' | 'postgres';
  dataDir?: string;
  databaseUrl: string | null;
  drop: () => Promise<void>;
};

export async function createChildStore(tmpDir: string): Promise<ChildStore> {
  const adminUrl = process.env.TEST_PG_ADMIN_URL;
  if (!adminUrl) {
    const dataDir = path.join(tmpDir, 'data');
    await writePgliteCopy(dataDir, 'demo');
    return { label: 'pglite', dataDir, databaseUrl: null, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const copy = await copyPostgresTemplate(adminUrl, 'demo');
  return { label: 'postgres', databaseUrl: copy.url, drop: copy.drop };
}
