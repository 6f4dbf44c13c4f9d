/**
 * Suggesting a new (VN2025) address for one entered before July 2025 (docs/vietnam.md "Addresses"
 * "What a client app should do" 3): the mapping gives the new ward(s) the old ward became; with
 * exactly one the choice is prefilled, with several (a divided ward) or none the person chooses.
 * Nothing here changes an address: the picker converts only when the person confirms.
 */
import type { Address } from '@contract/address';
import { bareName, type LegacyProvincesFile, prepareQuery, searchText, sortPlaces, type WardMappingFile } from '@contract/address-units';
import type { AddressData, NewProvince, PlaceOption } from './address-data';

export type ConversionPlan = {
  /** The new province the old one merged into, when known. */
  province: NewProvince | null;
  /** The new wards the old ward became, sorted by name. */
  candidates: PlaceOption[];
  /** Prefilled only when the mapping gives exactly one new ward. */
  wardCode: string | null;
  status: 'single' | 'divided' | 'unknown';
};

/** The old province of a legacy address: by its code, else by its name as entered. */
export function findLegacyProvince(address: Address, legacyProvinces: LegacyProvincesFile): LegacyProvincesFile[number] | null {
  const byCode = address.province_code ? legacyProvinces.find(([code]) => code === address.province_code) : undefined;
  if (byCode) return byCode;
  // "TP. Hồ Chí Minh", "Tỉnh Bình Dương", "bình dương": compare without the unit word.
  const name = prepareQuery(address.province_name)?.variants.at(-1);
  if (!name) return null;
  return legacyProvinces.find(([, legacyName]) => searchText(bareName(legacyName)) === name) ?? null;
}

/** The pure choice: which new province and ward(s) to offer for a legacy address. */
export function choosePlan(
  address: Address,
  newProvinceCode: string | null,
  mapping: WardMappingFile | null,
  provinces: readonly NewProvince[],
  wards: readonly PlaceOption[],
): ConversionPlan {
  const provinceCode = mapping?.province ?? newProvinceCode;
  const province = provinces.find((item) => item.code === provinceCode) ?? null;
  const targets = (address.ward_code && mapping?.wards[address.ward_code]) || [];
  const candidates = sortPlaces(wards.filter((ward) => targets.includes(ward.code)));
  if (!province || candidates.length === 0) return { province, candidates: [], wardCode: null, status: 'unknown' };
  if (candidates.length === 1) return { province, candidates, wardCode: candidates[0]!.code, status: 'single' };
  return { province, candidates, wardCode: null, status: 'divided' };
}

/** Loads what the plan needs (old provinces, the mapping file, the new wards) and chooses. */
export async function planConversion(address: Address, data: AddressData): Promise<ConversionPlan> {
  const [legacyProvinces, provinces] = await Promise.all([data.legacyProvinces(), data.provinces()]);
  const legacy = findLegacyProvince(address, legacyProvinces);
  if (!legacy) return choosePlan(address, null, null, provinces, []);
  const [legacyCode, , newProvinceCode] = legacy;
  const mapping = await data.wardMapping(legacyCode);
  const wards = await data.wards(mapping.province || newProvinceCode);
  return choosePlan(address, newProvinceCode, mapping, provinces, wards);
}

/** The new address the person confirmed: new units, the same street line. */
export function convertedAddress(legacy: Address, province: PlaceOption, ward: PlaceOption): Address {
  return {
    scheme: 'VN2025',
    province_code: province.code,
    province_name: province.name,
    district_code: null,
    district_name: null,
    ward_code: ward.code,
    ward_name: ward.name,
    street: legacy.street,
  };
}
