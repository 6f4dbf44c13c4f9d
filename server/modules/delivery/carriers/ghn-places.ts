/**
 * GHN's own ids for our addresses. GHN's fee, lead-time and available-services calls take its
 * district id and ward code, never names (api.ghn.vn id=76, 52, 77; simulators/ghn/fixtures), so
 * an address (the 2025 two levels, province + ward, or a legacy one with its district) is looked up
 * by name in GHN's master data: provinces (id=60/91), a province's districts (id=78/93) and a
 * district's wards (id=61/92), names compared normalised (contract/address-units.ts
 * normalizePlaceName: "Ea H’Leo" is GHN's "Ea H'Leo"), folded and without their "Phường"/"Quận"/"Tỉnh".
 *
 * Where no ward matches, or the same name is a ward of two districts, the address is refused in
 * Vietnamese naming it, never sent on a guessed route. Each account's lists are kept in memory (no
 * table) for a day, and forgotten when GHN refuses a routed call, so a list GHN has changed since
 * is fetched again on the next quote (docs/provider-sources.md "GHN").
 */
import { normalizePlaceName } from '@contract/address-units';
import { fold } from '@contract/fold';
import { refusal } from './carrier';

/** A place as GHN's routed calls take it, with GHN's own spelling of its province and ward. */
export type GhnPlace = { districtId: number; wardCode: string; provinceName: string; districtName: string; wardName: string };
export type PlaceNames = { province: string; district: string; ward: string };

type Named = { NameExtension?: string[] | null };
type Province = Named & { ProvinceID: number; ProvinceName: string };
type District = Named & { DistrictID: number; ProvinceID: number; DistrictName: string };
type Ward = Named & { WardCode: string | number; DistrictID: number; WardName: string };

/** One master-data call of the account (ghn.ts ghnCall). */
export type GhnAsk = <T>(path: string, json?: unknown, method?: 'GET' | 'POST') => Promise<T>;

export const PLACES_TTL_MS = 24 * 3_600_000;

type Lists = {
  at: number;
  provinces?: Promise<Province[]>;
  districts: Map<number, Promise<District[]>>;
  wards: Map<number, Promise<Ward[]>>;
};
const cache = new Map<string, Lists>();

/** The account's lists, fresh ones when the kept ones are older than PLACES_TTL_MS. */
function listsOf(account: string, now = Date.now()): Lists {
  const kept = cache.get(account);
  if (kept && now - kept.at < PLACES_TTL_MS) return kept;
  const fresh: Lists = { at: now, districts: new Map(), wards: new Map() };
  cache.set(account, fresh);
  return fresh;
}

/** Drops what is kept for the account: GHN refused a route built from it. */
export function forgetGhnPlaces(account: string): void {
  cache.delete(account);
}

/** A list kept once asked; a failed ask is not kept, so the next quote asks again. */
function kept<K, T>(map: Map<K, Promise<T>>, key: K, load: () => Promise<T>): Promise<T> {
  const found = map.get(key);
  if (found) return found;
  const loading = load();
  map.set(key, loading);
  loading.catch(() => map.delete(key));
  return loading;
}

/** A unit word as a whole word ("Quận 1", "TP. HCM", "P.5"), never the start of a name ("Quảng Ninh"). */
const TYPE_WORDS = /^(?:(?:thanh pho|tinh|quan|huyen|thi xa|phuong|xa|thi tran|dac khu|tp)\s+|(?:tp|p|q)\.\s*)/;

/** A name as compared whole: one spelling (apostrophes, tone marks, spaces), folded. */
const whole = (name: string) => fold(normalizePlaceName(name));

/** A name as compared without its unit word ("Phường Bến Thành" → "ben thanh"). */
const bare = (name: string) => whole(name).replace(TYPE_WORDS, '').trim();

/** Those whose name or one of GHN's other spellings is the wanted one: the whole name first, else without the unit word. */
function matching<T extends Named>(items: T[], nameOf: (item: T) => string, wanted: string): T[] {
  const spellings = (item: T) => [nameOf(item), ...(item.NameExtension ?? [])];
  const same = items.filter((item) => spellings(item).some((name) => whole(name) === whole(wanted)));
  if (same.length > 0) return same;
  return items.filter((item) => spellings(item).some((name) => bare(name) === bare(wanted)));
}

const asList = <T>(data: T[] | T | null | undefined): T[] => (Array.isArray(data) ? data : data ? [data] : []);

/**
 * GHN's district and ward for an address of the receiver ("giao hàng") or the sender ("lấy hàng"),
 * or a refusal naming what GHN's lists do not hold.
 */
export async function ghnPlace(ask: GhnAsk, account: string, place: PlaceNames, role: 'giao hàng' | 'lấy hàng'): Promise<GhnPlace> {
  const lists = listsOf(account);
  lists.provinces ??= ask<Province[]>('/master-data/province', undefined, 'GET').then(asList);
  const provinces = await lists.provinces.catch((error: unknown) => {
    lists.provinces = undefined;
    throw error;
  });
  const [province] = matching(provinces, (item) => item.ProvinceName, place.province);
  if (!place.province || !province) {
    throw refusal(`GHN chưa nhận ra tỉnh/thành "${place.province}" của địa chỉ ${role}`, 'ADDRESS_UNMAPPED');
  }
  const allDistricts = await kept(lists.districts, province.ProvinceID, () =>
    ask<District[]>('/master-data/district', { province_id: province.ProvinceID }).then(asList),
  );
  const named = place.district ? matching(allDistricts, (item) => item.DistrictName, place.district) : [];
  const districts = named.length > 0 ? named : allDistricts;
  const wards = (
    await Promise.all(
      districts.map((district) =>
        kept(lists.wards, district.DistrictID, () => ask<Ward[]>('/master-data/ward', { district_id: district.DistrictID }).then(asList)),
      ),
    )
  ).flat();
  const found = place.ward ? matching(wards, (item) => item.WardName, place.ward) : [];
  if (found.length === 0) {
    throw refusal(`GHN chưa nhận ra phường/xã "${place.ward}" (${place.province}) của địa chỉ ${role}`, 'ADDRESS_UNMAPPED');
  }
  if (new Set(found.map((ward) => ward.DistrictID)).size > 1) {
    throw refusal(
      `GHN có nhiều phường/xã tên "${place.ward}" ở ${place.province} (địa chỉ ${role}), chưa biết giao vào quận/huyện nào; hãy ghi rõ quận/huyện`,
      'ADDRESS_AMBIGUOUS',
    );
  }
  const ward = found[0]!;
  const district = districts.find((candidate) => candidate.DistrictID === ward.DistrictID);
  return {
    districtId: ward.DistrictID,
    wardCode: String(ward.WardCode),
    provinceName: province.ProvinceName,
    districtName: district?.DistrictName ?? '',
    wardName: ward.WardName,
  };
}
