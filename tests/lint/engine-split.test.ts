/**
 * The rule that decides which server test files run on both engines (tests/support/engine-split.ts),
 * proved on one fixture per reason, and on the repository's own files: none that issues SQL of its
 * own, or sends requests at the same time, is ever run once.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineVerdict, OWN_PGLITE_REASON } from '@tests/support/engine-split';

const SERVER = "import { startTestServer } from '@server/testing/test-server';\nconst server = await startTestServer();\n";

const FIXTURES: Record<string, string> = {
  'server/testing/test-server.ts': 'export const startTestServer = async () => ({});\n',
  'server/testing/sql-helper.ts': "import { eq } from 'drizzle-orm';\nexport const helper = () => eq;\n",
  'server/testing/http-helper.ts': "import { startTestServer } from './test-server';\nexport const kit = () => startTestServer();\n",
  'server/modules/a/http-only.test.ts': `${SERVER}await server.call('/a');\n`,
  'server/modules/a/through-http-helper.test.ts': "import { kit } from '@server/testing/http-helper';\nawait kit();\n",
  'server/modules/a/drizzle.test.ts': `${SERVER}import { sql } from 'drizzle-orm';\n`,
  'server/modules/a/handle.test.ts': `${SERVER}await server.deps.db.select();\n`,
  'server/modules/a/raw-sql.test.ts': `${SERVER}const q = sql\`select 1\`;\n`,
  'server/modules/a/seeds.test.ts': `${SERVER}await seedDemoCatalogue(x);\n`,
  'server/modules/a/concurrent.test.ts': `${SERVER}await Promise.all([server.call('/a'), server.call('/b')]);\n`,
  'server/modules/a/sql-helper.test.ts': `${SERVER}import { helper } from '@server/testing/sql-helper';\n`,
  'server/modules/a/calls-module.test.ts': `${SERVER}import { applyOrder } from './apply';\n`,
  'server/modules/a/apply.ts': 'export const applyOrder = () => 1;\n',
  'server/lib/no-database.test.ts': "import { hash } from './hash';\nawait Promise.all([hash(), hash()]);\n",
  'server/lib/hash.ts': 'export const hash = async () => 1;\n',
  'server/modules/a/own-pglite.test.ts': "import { PGlite } from '@electric-sql/pglite';\nimport { drizzle } from 'drizzle-orm/pglite';\n",
};

let root: string;
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'engine-split-'));
  for (const [file, text] of Object.entries(FIXTURES)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('which server test files run on both engines', () => {
  it.each([
    ['server/modules/a/http-only.test.ts', 'once', /only over HTTP/],
    ['server/modules/a/through-http-helper.test.ts', 'once', /only over HTTP/],
    ['server/lib/no-database.test.ts', 'once', /opens no database/],
    ['server/modules/a/own-pglite.test.ts', 'once', /opens a PGlite of its own/],
    ['server/modules/a/drizzle.test.ts', 'both', /drizzle\.test\.ts imports drizzle/],
    ['server/modules/a/handle.test.ts', 'both', /uses the database handle/],
    ['server/modules/a/raw-sql.test.ts', 'both', /writes SQL/],
    ['server/modules/a/seeds.test.ts', 'both', /calls a seed function/],
    ['server/modules/a/concurrent.test.ts', 'both', /sends requests at the same time/],
    ['server/modules/a/sql-helper.test.ts', 'both', /server\/testing\/sql-helper\.ts imports drizzle/],
    ['server/modules/a/calls-module.test.ts', 'both', /calls server\/modules\/a\/apply\.ts directly/],
  ])('%s runs %s', (file, engines, reason) => {
    const verdict = engineVerdict(root, file);
    expect(verdict.engines).toBe(engines);
    expect(verdict.reason).toMatch(reason);
  });

  it('never runs once a file of this repository that issues SQL or sends requests at the same time', () => {
    const repo = path.resolve(import.meta.dirname, '../..');
    const files = fs
      .readdirSync(path.join(repo, 'server'), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.test.ts'))
      .map((file) => `server/${file}`);
    const once = files.filter((file) => engineVerdict(repo, file).engines === 'once');
    expect(once.length).toBeGreaterThan(0);
    for (const file of once) {
      if (engineVerdict(repo, file).reason === OWN_PGLITE_REASON) continue;
      const source = fs.readFileSync(path.join(repo, file), 'utf8');
      const opensDatabase = /startTestServer|openTestDatabase|Kit\(/.test(source);
      expect(source, file).not.toMatch(/from 'drizzle-orm|\.deps\.db\b|\bsql`/);
      if (opensDatabase) expect(source, file).not.toMatch(/Promise\.(all|allSettled|race|any)\(/);
    }
  });
});
