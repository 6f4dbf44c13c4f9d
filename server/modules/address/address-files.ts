/**
 * The offline client's compact copies of the location data (public/address/, formats in
 * contract/address-units.ts), written by scripts/build-address-data.mjs and checked against the extract
 * and the packages by address-files.test.ts. Only what the picker needs: new provinces and their wards
 * (with the ward codes replaced since), the old provinces (to find the mapping file of a legacy
 * address) and the old → new ward mapping. Legacy
 * addresses are shown from the names they store, so the old districts and communes are not shipped.
 */
import {
  addressFileNames,
  type LegacyProvincesFile,
  type ProvincesFile,
  type WardMappingFile,
  type WardsFile,
} from '@contract/address-units';
import type { LocationData } from './address-data';

/** File name → file text (compact JSON, one line, newline-terminated). */
export function buildAddressFiles(data: LocationData): Map<string, string> {
  const files = new Map<string, string>();
  const write = (name: string, content: unknown) => files.set(name, `${JSON.stringify(content)}\n`);

  const provinces: ProvincesFile = {
    version: data.version,
    provinces: data.provinces.map(({ code, name, type, short_code, area, former_names }) => ({
      code,
      name,
      type,
      short_code,
      area,
      former_names,
    })),
    replaced_wards: Object.fromEntries([...data.replacedWardCodes].sort((a, b) => a[0].localeCompare(b[0]))),
  };
  write(addressFileNames.provinces, provinces);

  for (const province of data.provinces) {
    const wards: WardsFile = (data.wardsByProvince.get(province.code) ?? []).map((ward) => [ward.code, ward.name]);
    write(addressFileNames.wards(province.code), wards);
  }

  const legacy: LegacyProvincesFile = data.legacyProvinces.map((province) => [province.code, province.name, province.new_province_code]);
  write(addressFileNames.legacyProvinces, legacy);

  const byLegacyProvince = new Map<string, Record<string, string[]>>();
  for (const [oldCode, entry] of [...data.mapping].sort((a, b) => a[0].localeCompare(b[0]))) {
    const province = entry.old.province_code;
    if (!province || entry.wards.length === 0) continue;
    const target = data.legacyProvinceByCode.get(province)?.new_province_code;
    const stray = entry.wards.filter((code) => data.wardByCode.get(code)?.province_code !== target);
    if (stray.length > 0) throw new Error(`address files: old ward ${oldCode} maps outside province ${target}: ${stray.join(', ')}`);
    const wards = byLegacyProvince.get(province) ?? {};
    wards[oldCode] = entry.wards;
    byLegacyProvince.set(province, wards);
  }
  for (const province of data.legacyProvinces) {
    const mapping: WardMappingFile = { province: province.new_province_code, wards: byLegacyProvince.get(province.code) ?? {} };
    write(addressFileNames.wardMapping(province.code), mapping);
  }
  return files;
}
