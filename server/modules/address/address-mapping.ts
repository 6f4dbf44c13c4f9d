/**
 * Old ward → new ward, as server/modules/address/address-data.ts serves it, from the package's
 * `ward_mappings` rows cleaned (the rules are in address-data.ts's header), and the new province each
 * old province went to.
 */
import { bareName, searchText, sortPlaces, type OldWardInfo } from '@contract/address-units';
import { cleanName, nameKey, provinceKey, type LegacyUnits, type NewUnits, type RawMapping } from './address-units';

export type MappingEntry = { old: OldWardInfo; wards: string[] };

/** How the mapping rows' new wards were found (resolveNewWard), for the build script's report. */
export type ResolvedBy = { code: number; replacedCode: number; name: number; codeOnly: number };

/** The new wards the mapping rows name, keyed three ways, and the rows no new ward was found for. */
type RowTargets = {
  byOldCode: Map<string, string[]>;
  byNames: Map<string, string[]>;
  dividedByNames: Map<string, string[]>;
  rowOfCode: Map<string, RawMapping>;
  unresolved: RawMapping[];
  resolvedBy: ResolvedBy;
};

const bareKey = (name: string) => searchText(bareName(name));

/**
 * A row's new ward: by its code (or the code that replaced it) when the names agree without their
 * unit words (ten communes of Đồng Nai became wards), else by name within the new province, else
 * by code alone.
 */
function resolveNewWard(units: NewUnits, row: RawMapping): { code: string; by: keyof ResolvedBy } | null {
  const direct = units.wardByCode.get(row.new_ward_code);
  const byCode = direct ?? units.wardByCode.get(units.replaced.get(row.new_ward_code) ?? '');
  if (byCode && bareKey(byCode.name) === bareKey(row.new_ward_name)) return { code: byCode.code, by: direct ? 'code' : 'replacedCode' };
  const provinceCode = units.provinceCodeByName.get(provinceKey(row.new_province_name));
  const byName = (units.wardsByProvince.get(provinceCode ?? '') ?? []).filter((ward) => bareKey(ward.name) === bareKey(row.new_ward_name));
  if (byName.length === 1) return { code: byName[0]!.code, by: 'name' };
  return byCode ? { code: byCode.code, by: 'codeOnly' } : null;
}

/**
 * Each row's new ward under its old code; rows whose old code the old tables lack, and rows without
 * one (divided wards), also under the old commune their names point to.
 */
function rowTargets(rows: readonly RawMapping[], units: NewUnits, legacy: LegacyUnits): RowTargets {
  const unresolved: RawMapping[] = [];
  const resolvedBy: ResolvedBy = { code: 0, replacedCode: 0, name: 0, codeOnly: 0 };
  const add = (targets: Map<string, string[]>, key: string, ward: string) => {
    const list = targets.get(key);
    if (!list) targets.set(key, [ward]);
    else if (!list.includes(ward)) list.push(ward);
  };
  const byOldCode = new Map<string, string[]>();
  const byNames = new Map<string, string[]>();
  const dividedByNames = new Map<string, string[]>();
  const rowOfCode = new Map<string, RawMapping>();
  for (const row of rows) {
    const resolved = resolveNewWard(units, row);
    if (!resolved) {
      unresolved.push(row);
      continue;
    }
    resolvedBy[resolved.by] += 1;
    const target = resolved.code;
    const oldCode = row.old_ward_code?.trim() || null;
    const legacyCode = row.old_ward_name
      ? legacy.byNames.get(nameKey(row.old_province_name, row.old_district_name, row.old_ward_name))
      : null;
    if (oldCode) {
      add(byOldCode, oldCode, target);
      rowOfCode.set(oldCode, row);
      if (legacyCode && !legacy.wardByCode.has(oldCode)) add(byNames, legacyCode, target);
    } else if (legacyCode) {
      add(dividedByNames, legacyCode, target);
    }
  }
  return { byOldCode, byNames, dividedByNames, rowOfCode, unresolved, resolvedBy };
}

/** Every old commune with the new wards it went to (sorted by name), then the old codes only the mapping knows. */
export function wardMapping(
  rows: readonly RawMapping[],
  units: NewUnits,
  legacy: LegacyUnits,
): { mapping: Map<string, MappingEntry>; unresolved: RawMapping[]; resolvedBy: ResolvedBy } {
  const { byOldCode, byNames, dividedByNames, rowOfCode, unresolved, resolvedBy } = rowTargets(rows, units, legacy);
  const mapping = new Map<string, MappingEntry>();
  const sortCodes = (codes: string[]) => sortPlaces(codes.map((code) => units.wardByCode.get(code)!)).map((ward) => ward.code);
  for (const ward of legacy.wards) {
    const district = legacy.districtByCode.get(ward.district_code ?? '');
    const targets = [...(byOldCode.get(ward.code) ?? byNames.get(ward.code) ?? [])];
    for (const extra of dividedByNames.get(ward.code) ?? []) if (!targets.includes(extra)) targets.push(extra);
    // A new ward keeps the code of one of the communes it was made from: an old commune no row maps
    // whose code is now a ward of its name went to that ward (Xã Ia Mơ, 23938, in the 2026 extract).
    const sameCode = units.wardByCode.get(ward.code);
    if (targets.length === 0 && sameCode && bareKey(sameCode.name) === bareKey(ward.name)) targets.push(sameCode.code);
    mapping.set(ward.code, {
      old: {
        code: ward.code,
        name: ward.name,
        district_code: ward.district_code,
        district_name: district?.name ?? null,
        province_code: ward.province_code,
        province_name: legacy.provinceNames.get(ward.province_code) ?? null,
      },
      wards: sortCodes(targets),
    });
  }
  // Old codes the mapping table knows but the old tables do not (wards renumbered by earlier mergers).
  for (const [code, targets] of byOldCode) {
    if (mapping.has(code)) continue;
    const row = rowOfCode.get(code)!;
    const provinceCode = legacy.provinceCodeByName.get(nameKey(row.old_province_name)) ?? null;
    mapping.set(code, {
      old: {
        code,
        name: row.old_ward_name ? cleanName(row.old_ward_name) : null,
        district_code: provinceCode ? (legacy.districtCodeByName.get(nameKey(provinceCode, row.old_district_name)) ?? null) : null,
        district_name: row.old_district_name ? cleanName(row.old_district_name) : null,
        province_code: provinceCode,
        province_name: provinceCode ? (legacy.provinceNames.get(provinceCode) ?? null) : null,
      },
      wards: sortCodes(targets),
    });
  }
  return { mapping, unresolved, resolvedBy };
}

/** Old province → new province: each merged whole into one; the majority of its wards' is taken to be safe. */
export function newProvinceOfLegacy(mapping: ReadonlyMap<string, MappingEntry>, units: NewUnits): Map<string, string> {
  const newProvinceOf = (wardCode: string) => units.wardByCode.get(wardCode)?.province_code;
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
  const merged = new Map<string, string>();
  for (const [from, tally] of votes) merged.set(from, [...tally].sort((a, b) => b[1] - a[1])[0]![0]);
  return merged;
}
