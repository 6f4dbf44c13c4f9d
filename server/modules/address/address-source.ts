/**
 * The vendored extract of the current administrative units (vn-units.json beside this file), and the
 * transform scripts/update-address-source.mjs makes it with from the statistics office's list as
 * published in thanglequoc/vietnamese-provinces-database (docs/vietnam.md "Addresses" says where
 * from and how to update). The extract keeps only what the units need: codes, names as the source
 * writes them (normalised when the units are built, address-units.ts), unit words and provinces.
 *
 * `replaced` records ward codes the app once used that the source no longer has, with the current
 * code of the same ward (same name in the same province): addresses are stored with their ward code
 * (contract/address.ts), and one stored under the earlier code must still find its ward. Entries are
 * carried from one extract to the next.
 */
import { bareName, normalizePlaceName, searchText } from '@contract/address-units';

export const UNITS_EXTRACT_FILE = 'server/modules/address/vn-units.json';

export type ExtractSource = {
  /** The repository the list was taken from, as https://github.com/owner/name. */
  repository: string;
  /** The file within it. */
  path: string;
  /** The commit that last changed that file. */
  commit: string;
  /** That commit's date, YYYY-MM-DD. */
  date: string;
  /** Who publishes the list the repository copies. */
  origin: string;
};

export type ProvinceUnit = 'Thành phố' | 'Tỉnh';
export type WardUnit = 'Phường' | 'Xã' | 'Đặc khu';

export type UnitsExtract = {
  source: ExtractSource;
  /** [code, name, unit word] sorted by code. */
  provinces: [code: string, name: string, unit: ProvinceUnit][];
  /** [code, name, unit word, province code] sorted by code. */
  wards: [code: string, name: string, unit: WardUnit, provinceCode: string][];
  /** Earlier ward code → its current code. */
  replaced: Record<string, string>;
};

/** A ward the app used before, for `replaced`: its code, name (with or without its unit word) and province. */
export type EarlierWard = [code: string, name: string, provinceCode: string];

export type ExtractReport = {
  /** Codes of the earlier list the new one lacks, with the code now used for the same ward. */
  replacedNow: Record<string, string>;
  /** Earlier codes missing from the new list for which no ward of the same name was found. */
  dropped: EarlierWard[];
  /** Codes of the new list the earlier one lacks. */
  added: string[];
  /** Wards of both lists whose name or unit word changed (normalised, unit word included): [code, before, after]. */
  changed: [code: string, before: string, after: string][];
};

const PROVINCE_UNITS: readonly string[] = ['Thành phố', 'Tỉnh'] satisfies ProvinceUnit[];
const WARD_UNITS: readonly string[] = ['Phường', 'Xã', 'Đặc khu'] satisfies WardUnit[];

type SourceRecord = Record<string, unknown>;

function field(record: SourceRecord, name: string, where: string, pattern?: RegExp): string {
  const value = record[name];
  if (typeof value !== 'string' || value.trim() === '' || (pattern && !pattern.test(value))) {
    throw new Error(`address source: ${where} has no valid ${name} (${JSON.stringify(value)})`);
  }
  return value;
}

function unitOf(record: SourceRecord, where: string, allowed: readonly string[]): string {
  const unit = normalizePlaceName(field(record, 'AdministrativeUnitShortName', where));
  const known = allowed.find((word) => word.toLowerCase() === unit.toLowerCase());
  if (!known) throw new Error(`address source: ${where} is a "${unit}", not one of ${allowed.join(', ')}`);
  return known;
}

/** The provinces and wards of the source file (an array of provinces, each with its Wards). */
function readSource(source: unknown): Pick<UnitsExtract, 'provinces' | 'wards'> {
  if (!Array.isArray(source)) throw new Error('address source: expected an array of provinces');
  const provinces: UnitsExtract['provinces'] = [];
  const wards: UnitsExtract['wards'] = [];
  const seen = new Set<string>();
  for (const province of source as SourceRecord[]) {
    const code = field(province, 'Code', 'a province', /^\d{2}$/);
    const where = `province ${code}`;
    if (seen.has(code)) throw new Error(`address source: ${where} is listed twice`);
    seen.add(code);
    provinces.push([code, field(province, 'Name', where), unitOf(province, where, PROVINCE_UNITS) as ProvinceUnit]);
    if (!Array.isArray(province.Wards)) throw new Error(`address source: ${where} has no Wards`);
    for (const ward of province.Wards as SourceRecord[]) {
      const wardCode = field(ward, 'Code', `a ward of ${where}`, /^\d{5}$/);
      const wardWhere = `ward ${wardCode}`;
      if (seen.has(wardCode)) throw new Error(`address source: ${wardWhere} is listed twice`);
      seen.add(wardCode);
      if (ward.ProvinceCode !== undefined && ward.ProvinceCode !== code) {
        throw new Error(`address source: ${wardWhere} names province ${String(ward.ProvinceCode)} but is listed under ${code}`);
      }
      wards.push([wardCode, field(ward, 'Name', wardWhere), unitOf(ward, wardWhere, WARD_UNITS) as WardUnit, code]);
    }
  }
  const byCode = <T extends [string, ...unknown[]]>(a: T, b: T) => a[0].localeCompare(b[0]);
  return { provinces: provinces.sort(byCode), wards: wards.sort(byCode) };
}

const wardKey = (provinceCode: string, name: string) => `${provinceCode}|${searchText(bareName(normalizePlaceName(name)))}`;

/**
 * The extract of a source file. `earlier` is the ward list the app used before (the previous
 * extract's, or the package's for the first one) with the `replaced` entries it carried.
 */
export function extractUnits(
  source: unknown,
  info: ExtractSource,
  earlier: { wards: readonly EarlierWard[]; replaced: Readonly<Record<string, string>> },
): { extract: UnitsExtract; report: ExtractReport } {
  const { provinces, wards } = readSource(source);
  const current = new Set(wards.map(([code]) => code));
  const byName = new Map<string, string | null>();
  for (const [code, name, , province] of wards) {
    const key = wardKey(province, name);
    byName.set(key, byName.has(key) ? null : code);
  }

  const replacedNow: Record<string, string> = {};
  const dropped: EarlierWard[] = [];
  for (const ward of earlier.wards) {
    const [code, name, province] = ward;
    if (current.has(code)) continue;
    const found = byName.get(wardKey(province, name));
    if (found) replacedNow[code] = found;
    else dropped.push(ward);
  }

  // Earlier entries stay, pointed at the code their ward has now; an entry whose code is back in use is dropped.
  const replaced: Record<string, string> = {};
  for (const [code, target] of Object.entries({ ...earlier.replaced, ...replacedNow })) {
    if (current.has(code)) continue;
    const now = current.has(target) ? target : replacedNow[target];
    if (now) replaced[code] = now;
  }
  const sortedReplaced = Object.fromEntries(Object.entries(replaced).sort((a, b) => a[0].localeCompare(b[0])));

  const earlierByCode = new Map(earlier.wards.map(([code, name]) => [code, normalizePlaceName(name)]));
  const added = wards.map(([code]) => code).filter((code) => earlierByCode.size > 0 && !earlierByCode.has(code));
  const changed: ExtractReport['changed'] = [];
  for (const [code, name, unit] of wards) {
    const before = earlierByCode.get(code);
    const after = normalizePlaceName(`${unit} ${name}`);
    if (before !== undefined && before !== after) changed.push([code, before, after]);
  }
  return {
    extract: { source: info, provinces, wards, replaced: sortedReplaced },
    report: { replacedNow, dropped, added, changed },
  };
}

/** The extract's wards as the next update's `earlier` list. */
export function earlierWardsOf(extract: UnitsExtract): EarlierWard[] {
  return extract.wards.map(([code, name, unit, province]) => [code, `${unit} ${name}`, province]);
}
