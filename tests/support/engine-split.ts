/**
 * Which server test files run on both database engines and which run once (on PGlite), decided
 * from each file's source, not by hand:
 *
 * - a file runs on both when it, or a test helper it imports (server/testing, tests/support), issues
 *   SQL of its own (drizzle, the schema, the kernel's database or sync code, a module's functions
 *   called directly, a seed function), or sends requests at the same time (`Promise.all` and kin:
 *   PostgreSQL serves them on several connections, PGlite one after another);
 * - any other file tests routing, validation or formatting through the server's HTTP answers, which
 *   run the same statements on both engines: it runs once; so does a file that makes a PGlite of
 *   its own (server/modules/roles/role-grants.test.ts), which the PostgreSQL run would not change.
 *
 * The opening and seeding of each file's database (server/testing/test-server.ts,
 * test-database.ts) is the same for every file and does not count. tests/lint/engine-split.test.ts
 * proves each reason on a fixture; vitest.config.ts leaves the once-files out of the PostgreSQL run.
 */
import fs from 'node:fs';
import path from 'node:path';

export type EngineVerdict = { file: string; engines: 'both' | 'once'; reason: string };

/** What issues SQL of its own, each with the reason the verdict gives. */
const SQL_OF_ITS_OWN: [RegExp, string][] = [
  [/from ['"]drizzle-orm[^'"]*['"]/, 'imports drizzle'],
  [/\bseed[A-Z]\w*\(/, 'calls a seed function'],
  [/\b(deps|database|handle)\.db\b|\bdb\.(select|insert|update|delete|execute|transaction)\(/, 'uses the database handle'],
  [/\bsql`/, 'writes SQL'],
];

const CONCURRENT = /\bPromise\.(all|allSettled|race|any)\(/;

/** Helpers every file uses to get its server and database: the same on both engines for all. */
const INFRASTRUCTURE = new Set(['server/testing/test-server.ts', 'server/testing/test-database.ts']);

const HELPER_FOLDERS = ['server/testing/', 'tests/'];

/**
 * The repository files a source imports values from (relative, @server/testing, @tests, and the
 * server's own code by any path), split into test helpers, which are read in turn, and production
 * code, which a test that calls it runs directly.
 */
function importsOf(file: string, source: string): { helpers: string[]; production: string[] } {
  const helpers: string[] = [];
  const production: string[] = [];
  for (const [, specifier] of source.matchAll(/^import (?!type )[^;]*?from ['"]([^'"]+)['"]/gm)) {
    let target: string | null = null;
    if (specifier!.startsWith('.')) target = path.join(path.dirname(file), specifier!);
    else if (specifier!.startsWith('@server/')) target = `server/${specifier!.slice('@server/'.length)}`;
    else if (specifier!.startsWith('@tests/')) target = `tests/${specifier!.slice('@tests/'.length)}`;
    if (!target) continue;
    target = path.normalize(target.endsWith('.ts') ? target : `${target}.ts`);
    (HELPER_FOLDERS.some((folder) => target.startsWith(folder)) ? helpers : production).push(target);
  }
  return { helpers, production };
}

/** Opening a database other than through the infrastructure helpers. */
const OPENS_DATABASE = /from ['"]@server\/(kernel\/db\/client|server)['"]/;

type Reach = { own: string | null; concurrent: string | null; database: boolean };

/** What `file` and the helpers it reaches do: SQL of their own, requests at once, a database opened. */
function reach(root: string, file: string, seen: Set<string>): Reach {
  if (INFRASTRUCTURE.has(file)) return { own: null, concurrent: null, database: true };
  if (seen.has(file)) return { own: null, concurrent: null, database: false };
  seen.add(file);
  const source = fs.readFileSync(path.join(root, file), 'utf8');
  const found: Reach = {
    own: SQL_OF_ITS_OWN.find(([pattern]) => pattern.test(source))?.[1] ?? null,
    concurrent: CONCURRENT.test(source) ? 'sends requests at the same time' : null,
    database: OPENS_DATABASE.test(source),
  };
  if (found.own) found.own = `${file} ${found.own}`;
  if (found.concurrent) found.concurrent = `${file} ${found.concurrent}`;
  const { helpers, production } = importsOf(file, source);
  const direct = production.find((target) => !/^server\/(kernel\/(env|app-types|errors)|lib\/|seed\/)/.test(target));
  if (direct && !found.own) found.own = `${file} calls ${direct} directly`;
  for (const helper of helpers) {
    const inner = reach(root, helper, seen);
    found.own ??= inner.own;
    found.concurrent ??= inner.concurrent;
    found.database ||= inner.database;
  }
  return found;
}

/** A PGlite the file makes itself (a migration replayed from an old schema): the same whichever engine the run is for. */
const OWN_PGLITE = /from ['"]@electric-sql\/pglite['"]/;
export const OWN_PGLITE_REASON = 'opens a PGlite of its own, whatever the engine of the run';

export function engineVerdict(root: string, file: string): EngineVerdict {
  if (OWN_PGLITE.test(fs.readFileSync(path.join(root, file), 'utf8'))) return { file, engines: 'once', reason: OWN_PGLITE_REASON };
  const { own, concurrent, database } = reach(root, file, new Set());
  if (!database) return { file, engines: 'once', reason: 'opens no database' };
  const both = own ?? concurrent;
  if (both) return { file, engines: 'both', reason: both };
  return { file, engines: 'once', reason: 'speaks to its server only over HTTP, one request at a time' };
}

/** The server project's test files that run once, on PGlite (repository paths). */
export function onceFiles(root: string, files: string[]): string[] {
  return files.filter((file) => engineVerdict(root, file).engines === 'once');
}
