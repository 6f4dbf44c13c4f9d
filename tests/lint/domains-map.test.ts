/**
 * docs/architecture.md "Domains: one name each" is the map a newcomer reads first: one row per
 * domain, naming its contract files, client feature and server module. A domain added without its
 * row, or a row naming a file that moved, is found here rather than by the next reader.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

type Row = { domain: string; contract: string; feature: string; module: string };

/** The rows of the first table under the "Domains" heading. */
function mapRows(markdown: string): Row[] {
  const section = markdown.slice(markdown.indexOf('## Domains: one name each'));
  const table = section.slice(section.indexOf('\n|')).split('\n\n')[0]!;
  return table
    .trim()
    .split('\n')
    .slice(2)
    .map((line) => line.split('|').map((cell) => cell.trim()))
    .map(([, domain, contract, feature, module]) => ({ domain: domain!, contract: contract!, feature: feature!, module: module! }));
}

const folders = (dir: string) =>
  fs
    .readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** Contract files of a domain not named after it, and why. */
const NAMED_APART: Record<string, string> = {
  'tax-code.ts': 'the tax code rule, read by company, customers and invoices forms alike',
  'report-answers.ts': "the reports' answer shapes, named before the domain took its plural name",
  'report-periods.ts': "the reports' periods, likewise",
};

/** The file names a contract cell lists ("orders.ts, orders-status.ts (and -types)"). */
const contractFiles = (cell: string) => [...cell.matchAll(/[\w-]+\.ts/g)].map((match) => match[0]);

describe('the domain map in docs/architecture.md', () => {
  const rows = mapRows(fs.readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8'));
  const domains = new Set(rows.map((row) => row.domain));

  it('is read as a table', () => {
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.find((row) => row.domain === 'orders')?.contract).toContain('orders.ts');
  });

  it('has a row for every server module and every client feature', () => {
    const named = [...new Set([...folders('server/modules'), ...folders('src/features')])].sort();
    expect(named.filter((name) => !domains.has(name))).toEqual([]);
  });

  it("names only contract files that exist, each in its domain's name", () => {
    const missing = rows.flatMap((row) => contractFiles(row.contract).filter((file) => !fs.existsSync(path.join(ROOT, 'contract', file))));
    expect(missing).toEqual([]);
    const strays = rows.flatMap((row) =>
      contractFiles(row.contract)
        .filter((file) => !file.startsWith(row.domain) && !(file in NAMED_APART))
        .map((file) => `${row.domain}: ${file}`),
    );
    expect(strays).toEqual([]);
  });

  it('names a feature and a module that exist, under the same name where both are the domain', () => {
    const wrong = rows.flatMap((row) => {
      const problems: string[] = [];
      if (/^[\w-]+(\s|$)/.test(row.feature) && !row.feature.startsWith('`')) {
        const feature = row.feature.split(/\s/)[0]!;
        if (!fs.existsSync(path.join(ROOT, 'src/features', feature))) problems.push(`${row.domain}: no src/features/${feature}`);
        if (feature !== row.domain) problems.push(`${row.domain}: its feature is called ${feature}`);
      }
      const module = row.module.split(/\s/)[0]!;
      if (!fs.existsSync(path.join(ROOT, 'server/modules', module))) problems.push(`${row.domain}: no server/modules/${module}`);
      if (module !== row.domain) problems.push(`${row.domain}: its module is called ${module}`);
      return problems;
    });
    expect(wrong).toEqual([]);
  });
});
