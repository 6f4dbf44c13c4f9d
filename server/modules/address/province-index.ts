/**
 * The provinces a region can hold (the 34 new two-level units) and how addresses fall into them:
 * a new code is itself; an old (pre-July 2025) province code counts for the new province it merged
 * into. Every new code is also the old code of one of its members, so the mapping is unambiguous.
 * Also reads the province cells of the import sheet: codes, names with or without "Tỉnh" /
 * "Thành phố", without diacritics, short codes (HCM, HNI) and unique initials ("hcm", "hn").
 */
import { bareName, PROVINCE_ALIASES, searchText } from '@contract/address-units';
import { getLocationData, type LocationData } from './address-data';

export type ProvinceIndex = {
  /** The new province's name, or null when the code is not one of the 34. */
  nameOf: (code: string) => string | null;
  /** The new codes and every old code merged into them: what customers' and orders' province codes may hold. */
  addressCodes: (newCodes: readonly string[]) => string[];
  /** The new province an address's province code belongs to (old codes mapped), or null. */
  newCodeOf: (code: string | null) => string | null;
  /** A province as typed in a sheet cell. */
  resolve: (text: string) => { code: string } | { error: string };
  all: () => { code: string; name: string }[];
};

let built: Promise<ProvinceIndex> | null = null;

function keysOf(text: string): string[] {
  const full = searchText(text);
  const bare = searchText(bareName(text));
  const keys = new Set([full, bare, bare.replaceAll(' ', ''), `tinh ${bare}`, `tp ${bare}`, `thanh pho ${bare}`]);
  return [...keys].filter(Boolean);
}

function initials(text: string): string[] {
  const bare = searchText(bareName(text)).split(' ').filter(Boolean);
  const letters = bare.map((word) => word[0]).join('');
  return letters.length >= 2 ? [letters, `tp${letters}`, `tp ${letters}`] : [];
}

function buildIndex(data: LocationData): ProvinceIndex {
  const byKey = new Map<string, Set<string>>();
  const add = (key: string, code: string) => {
    if (!key) return;
    const codes = byKey.get(key) ?? new Set<string>();
    codes.add(code);
    byKey.set(key, codes);
  };
  for (const province of data.provinces) {
    for (const key of keysOf(province.name)) add(key, province.code);
    for (const key of initials(province.name)) add(key, province.code);
    if (province.short_code) add(searchText(province.short_code), province.code);
    for (const alias of PROVINCE_ALIASES[province.code] ?? []) add(searchText(alias), province.code);
  }
  // Old province names: a clear message rather than a silent move to the merged province.
  const former = new Map<string, { old: string; province: string }>();
  for (const legacy of data.legacyProvinces) {
    const target = data.provinceByCode.get(legacy.new_province_code);
    if (!target || legacy.new_province_code === legacy.code) continue;
    for (const key of keysOf(legacy.name)) if (!byKey.has(key)) former.set(key, { old: legacy.name, province: target.name });
  }
  const legacyByNew = new Map<string, string[]>();
  for (const legacy of data.legacyProvinces) {
    legacyByNew.set(legacy.new_province_code, [...(legacyByNew.get(legacy.new_province_code) ?? []), legacy.code]);
  }

  return {
    nameOf: (code) => data.provinceByCode.get(code)?.name ?? null,
    addressCodes: (newCodes) => [...new Set(newCodes.flatMap((code) => [code, ...(legacyByNew.get(code) ?? [])]))].sort(),
    newCodeOf: (code) => {
      if (!code) return null;
      if (data.provinceByCode.has(code)) return code;
      return data.legacyProvinceByCode.get(code)?.new_province_code ?? null;
    },
    resolve: (text) => {
      const trimmed = text.trim();
      if (/^\d{1,2}$/.test(trimmed)) {
        const code = trimmed.padStart(2, '0');
        if (data.provinceByCode.has(code)) return { code };
        const legacy = data.legacyProvinceByCode.get(code);
        const merged = legacy ? data.provinceByCode.get(legacy.new_province_code) : undefined;
        if (legacy && merged) return { error: `Mã ${code} là ${legacy.name} cũ, nay thuộc ${merged.name} (mã ${merged.code})` };
        return { error: `Không có tỉnh/thành phố mã ${code}` };
      }
      const key = searchText(trimmed);
      const codes = byKey.get(key);
      if (codes?.size === 1) return { code: [...codes][0]! };
      if (codes && codes.size > 1) {
        const names = [...codes].map((code) => data.provinceByCode.get(code)!.name).join(', ');
        return { error: `"${trimmed}" có thể là ${names}: vui lòng ghi tên đầy đủ hoặc mã` };
      }
      const old = former.get(key);
      if (old) return { error: `${old.old} đã sáp nhập vào ${old.province} từ 01/07/2025: vui lòng dùng tên mới` };
      return { error: `Không tìm thấy tỉnh/thành phố "${trimmed}"` };
    },
    all: () => data.provinces.map((province) => ({ code: province.code, name: province.name })),
  };
}

/** Built once from the location data (loaded at the first call). */
export function getProvinceIndex(): Promise<ProvinceIndex> {
  built ??= getLocationData()
    .then(buildIndex)
    .catch((error: unknown) => {
      built = null;
      throw error;
    });
  return built;
}
