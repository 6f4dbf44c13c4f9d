/**
 * The real server for browser tests: started in-process on a free loopback port, over a fresh
 * database (in-memory PGlite, or a throwaway database on the PostgreSQL cluster when
 * TEST_PG_ADMIN_URL is set) seeded with the demo data, serving the BUILT client from dist/ under
 * the production security headers. Forgot-password codes are captured instead of logged.
 * One per test file: start it in beforeAll, stop it in afterAll.
 *
 * The server serves a snapshot of dist/ taken when it starts, not dist/ itself: a `vite build`
 * run while the tests run (another terminal, `npm run size`) empties and rewrites dist/, and a page
 * would then ask for chunks that no longer exist. The snapshot is retried until dist/ holds still.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppDeps, FaultInjector } from '@server/kernel/app-types';
import { startServer } from '@server/server';
import { openTestDatabase, seedFor } from '@server/testing/test-database';
import { capturingSender, testEnv, type Simulators, type SentCode } from '@server/testing/test-server';
import { startSimulatorHost } from '@simulators/host';
import { SIMULATORS } from '@simulators/index';

export const DIST_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist');

export type { SentCode };

export type E2eServer = {
  /** Origin of the app, e.g. http://127.0.0.1:41234 (no trailing slash). */
  url: string;
  /** One-time codes (forgot password, registration, e-mail), in the order the server sent them. */
  sentCodes: SentCode[];
  /** The providers' simulators, when started (`{ simulators: true }`): their state and fault queues. */
  sims: Simulators | null;
  /** The server's own dependencies, for a test's setup (records made in the database, the job queue). */
  deps: AppDeps;
  stop: () => Promise<void>;
};

function missingBuild(): Error {
  return new Error(
    `The browser tests serve the built client, but ${path.join(DIST_DIR, 'index.html')} is missing. ` +
      'Run `npx vite build` first, then run the e2e tests again.',
  );
}

/** Every file under a directory with its size and modification time: changes whenever a build writes. */
function fingerprint(dir: string): string {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      const stat = fs.statSync(file);
      return `${path.relative(dir, file)}:${stat.size}:${stat.mtimeMs}`;
    })
    .sort()
    .join('\n');
}

/** Scripts and styles index.html loads, which must exist for the app to start. */
function entryAssetsPresent(dir: string): boolean {
  const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
  const references = [...html.matchAll(/(?:src|href)="\/([^"?#]+\.(?:js|css))"/g)].map((match) => match[1] ?? '');
  return references.every((reference) => fs.existsSync(path.join(dir, reference)));
}

/** Copies dist/ to a private directory once it is complete and unchanged during the copy. */
async function snapshotDist(): Promise<string> {
  if (!fs.existsSync(path.join(DIST_DIR, 'index.html'))) throw missingBuild();
  const target = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-dist-'));
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const before = fingerprint(DIST_DIR);
      fs.rmSync(target, { recursive: true, force: true });
      fs.cpSync(DIST_DIR, target, { recursive: true });
      if (fingerprint(DIST_DIR) === before && fs.existsSync(path.join(target, 'index.html')) && entryAssetsPresent(target)) return target;
    } catch {
      // dist/ changed under the copy (a file vanished): try again below.
    }
    if (Date.now() > deadline) {
      fs.rmSync(target, { recursive: true, force: true });
      if (!fs.existsSync(path.join(DIST_DIR, 'index.html'))) throw missingBuild();
      throw new Error(`dist/ kept changing for a minute (a build running?); could not take a consistent copy of ${DIST_DIR}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export type E2eServerOptions = {
  /**
   * Test-only faults after a sync push is committed (server/kernel/app-types.ts): the server asks
   * `afterPush()` once per committed push, so a test can arm one fault at a time.
   */
  faults?: FaultInjector;
  /** Start the providers' simulators beside the server (integrations: e-invoices, accounting…). */
  simulators?: boolean;
};

export async function startE2eServer(options: E2eServerOptions = {}): Promise<E2eServer> {
  const staticDir = await snapshotDist();
  const { sender, sentCodes } = capturingSender();
  const removeSnapshot = () => fs.rmSync(staticDir, { recursive: true, force: true });
  let database: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
  let sims: Simulators | null = null;
  try {
    const env = testEnv({ port: 0, host: '127.0.0.1', staticDir, seedDemo: true, logLevel: 'silent' });
    database = await openTestDatabase({ seed: seedFor(env, options.simulators ?? false) });
    sims = options.simulators ? await startSimulatorHost(SIMULATORS) : null;
    const running = await startServer({
      env,
      database,
      sender,
      faults: options.faults,
      simulatorUrl: sims?.url ?? null,
    });
    const opened = database;
    const openedSims = sims;
    return {
      url: running.url,
      sentCodes,
      sims,
      deps: running.deps,
      stop: async () => {
        try {
          await running.stop();
          await openedSims?.stop();
          await opened.close();
        } finally {
          removeSnapshot();
        }
      },
    };
  } catch (error) {
    await sims?.stop();
    await database?.close();
    removeSnapshot();
    throw error;
  }
}
