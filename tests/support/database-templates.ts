/**
 * Vitest's globalSetup for the projects whose test files open databases (server, replica, e2e,
 * faults): the test databases' templates, migrated and seeded once per run and per engine, before
 * any test file starts (server/testing/test-database.ts copies one per file). The engine is the
 * run's: PostgreSQL when TEST_PG_ADMIN_URL is set (scripts/with-pg.sh), PGlite otherwise. Under
 * `npm test` the PGlite images are made by the first step that needs them and kept for the others
 * (TEST_PGLITE_TEMPLATES, a folder of that run's). The templates carry the change-log check
 * (server/testing/change-log-guard.ts), dormant but where a project arms it (the server project).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  buildPgliteImage,
  buildPostgresTemplate,
  pgliteImageFile,
  TEMPLATES_ENV,
  TEST_SEEDS,
  type TemplateIndex,
} from '@server/testing/test-database';

export default async function setup(): Promise<() => Promise<void>> {
  // Several projects of one run share the templates the first made.
  if (process.env[TEMPLATES_ENV]) return async () => undefined;
  const started = Date.now();
  const adminUrl = process.env.TEST_PG_ADMIN_URL;
  let index: TemplateIndex;
  let remove: () => Promise<void>;
  if (adminUrl) {
    const prefix = `tpl_${process.pid}_`;
    for (const seed of TEST_SEEDS) await buildPostgresTemplate(adminUrl, `${prefix}${seed}`, seed, true);
    index = { engine: 'postgres', prefix };
    // The throwaway cluster goes with its templates (scripts/with-pg.sh).
    remove = async () => undefined;
  } else {
    // scripts/test-all.sh names one folder for the whole run, so its later steps reuse the images.
    const shared = process.env.TEST_PGLITE_TEMPLATES;
    const dir = shared ?? fs.mkdtempSync(path.join(os.tmpdir(), 'salesfield-templates-'));
    fs.mkdirSync(dir, { recursive: true });
    for (const seed of TEST_SEEDS) {
      const file = pgliteImageFile(dir, seed);
      if (fs.existsSync(file)) continue;
      const image = await buildPgliteImage(seed, true);
      // Written whole under another name, then renamed: a run stopped midway leaves no half image.
      fs.writeFileSync(`${file}.part`, Buffer.from(await image.arrayBuffer()));
      fs.renameSync(`${file}.part`, file);
    }
    index = { engine: 'pglite', dir };
    remove = async () => {
      if (!shared) fs.rmSync(dir, { recursive: true, force: true });
    };
  }
  process.env[TEMPLATES_ENV] = JSON.stringify(index);
  console.info(`Test database templates (${index.engine}: ${TEST_SEEDS.join(', ')}) made in ${Date.now() - started} ms`);
  return async () => {
    delete process.env[TEMPLATES_ENV];
    await remove();
  };
}
