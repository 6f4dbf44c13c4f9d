import fs from 'node:fs';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { onceFiles } from './tests/support/engine-split';

// Test databases are copies of templates made once per run (server/testing/test-database.ts).
const DATABASE_TEMPLATES = 'tests/support/database-templates.ts';

const ROOT = import.meta.dirname;

/**
 * Under scripts/with-pg.sh (TEST_PG_ADMIN_URL) the server project leaves out the files that run
 * once, on PGlite: those whose source shows nothing the two engines do differently
 * (tests/support/engine-split.ts says how that is decided).
 */
function serverFilesOnPglite(): string[] {
  return process.env.TEST_PG_ADMIN_URL ? onceFiles(ROOT, testFilesUnder('server')) : [];
}

/** The test files under a folder of the repository, as repository paths. */
function testFilesUnder(dir: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => `${dir}/${file}`);
}

const UNIT_FILES = ['contract/**/*.test.ts', 'src/**/*.test.{ts,tsx}'];

/**
 * Unit files that replace a module (vi.mock) or test a module's state from its first load (marked
 * with a `unit-isolated:` comment saying why): they run with a module graph of their own, since in
 * the graph the other unit files share the module may already be loaded, unmocked, or used.
 */
const UNIT_ISOLATED = ['contract', 'src']
  .flatMap(testFilesUnder)
  .filter((file) => /\bvi\.(do)?[mM]ock\(|unit-isolated:/.test(fs.readFileSync(path.join(ROOT, file), 'utf8')));

const UNIT = {
  environment: 'happy-dom',
  setupFiles: ['tests/support/unit-setup.ts'],
  // Threads start faster than processes.
  pool: 'threads' as const,
  maxWorkers: '100%',
  // A guard against hangs, not a speed check: a Mantine form test that takes 1 s on an idle machine
  // passed vitest's default 5 s on a machine running other suites beside it (load 6 on 2 cores).
  testTimeout: 15_000,
};

export default defineConfig({
  // The path aliases of tsconfig.base.json; every project below extends this root config.
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          ...UNIT,
          name: 'unit',
          include: UNIT_FILES,
          exclude: [...configDefaults.exclude, ...UNIT_ISOLATED],
          // The files of a worker share one module graph (each still gets its own DOM): loading the
          // app's modules once per file was two thirds of the project's time.
          isolate: false,
        },
      },
      {
        extends: true,
        test: { ...UNIT, name: 'unit-isolated', include: UNIT_ISOLATED },
      },
      {
        extends: true,
        test: {
          name: 'server',
          globalSetup: [DATABASE_TEMPLATES],
          // A write to a mirrored record without its change-log entry fails (server/testing/change-log-guard.ts).
          env: { TEST_CHANGE_LOG_GUARD: 'on' },
          include: ['server/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...serverFilesOnPglite()],
          environment: 'node',
          // The files share one module graph per worker (each still opens its own server and
          // database): the server's module state is keyed by database or is a pure cache.
          isolate: false,
          maxWorkers: '100%',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        // Reads from a hot standby, under scripts/with-pg-replica.sh.
        test: {
          name: 'replica',
          globalSetup: [DATABASE_TEMPLATES],
          include: ['tests/replica/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        // The layering rules of eslint.config.js, each proved by a fixture that breaks it, and the
        // build's own rules (scripts/).
        test: {
          name: 'lint',
          include: ['tests/lint/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          globalSetup: [DATABASE_TEMPLATES],
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // One file at a time, the worker's module graph loaded once for all files (each file still
          // starts its own server and browser). Two at once measured 1,080 -> 886 s on PostgreSQL
          // but failed five offline tests in a fresh clone's order (the service worker's install
          // and offline reads outran their waits under the other file's load): not kept.
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        // `npm run test:faults` (docs/performance.md "Faults"): fault campaign, fuzzing, tenant isolation, crash safety.
        test: {
          name: 'faults',
          globalSetup: [DATABASE_TEMPLATES],
          include: ['tests/faults/**/*.test.ts'],
          environment: 'node',
          testTimeout: 600_000,
          hookTimeout: 180_000,
          // Two files at once: fuzzing and the isolation matrix run their server in their own
          // process (one core), the others a child server; alone, the suite kept 41 % of the two
          // cores idle (365 -> 240 s, the same 16,506 fuzz requests).
          maxWorkers: 2,
        },
      },
    ],
  },
});
