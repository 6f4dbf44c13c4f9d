/**
 * An address as GHTK takes it. GHTK documents only the three levels by name, `district` required in
 * fee and create ("Xin hãy gửi trường district.", 30306; simulators/ghtk/fixtures/fee.json,
 * create-order.json), and no two-level form. A two-level (2025) address is therefore said in the
 * old levels: its province and ward as they are, and the one old district its ward was made from
 * (the national ward mapping of server/modules/address). A ward made from communes of several old
 * districts has no single district: sending one would route the parcel by a guess, so such an
 * address is refused with a sentence saying what to do.
 */
import { bareName, normalizePlaceName, searchText } from '@contract/address-units';
import { getLocationData, type LocationData } from '@server/modules/address';
import { refusal } from './carrier';

export type GhtkPlace = { province: string; district: string; ward: string };

/** A place's name as matched with ours: one spelling (contract/address-units.ts normalizePlaceName), no unit word, folded. */
const key = (name: string) => searchText(bareName(normalizePlaceName(name)));

/** New ward code → the names of the old districts its communes belonged to, built once per dataset. */
const districtsOfWard = new WeakMap<LocationData, Map<string, Set<string>>>();

function oldDistricts(data: LocationData): Map<string, Set<string>> {
  let index = districtsOfWard.get(data);
  if (index) return index;
  index = new Map();
  for (const entry of data.mapping.values()) {
    if (!entry.old.district_name) continue;
    for (const ward of entry.wards) {
      const names = index.get(ward) ?? new Set<string>();
      names.add(entry.old.district_name);
      index.set(ward, names);
    }
  }
  districtsOfWard.set(data, index);
  return index;
}

/** The old district of a two-level address's ward, or null when there is not exactly one. */
async function districtOf(place: { province: string; ward: string }): Promise<string | null> {
  const data = await getLocationData();
  const province = data.provinces.find((candidate) => key(candidate.name) === key(place.province));
  const ward = province && (data.wardsByProvince.get(province.code) ?? []).find((candidate) => key(candidate.name) === key(place.ward));
  const names = ward ? oldDistricts(data).get(ward.code) : undefined;
  return names?.size === 1 ? [...names][0]! : null;
}

/**
 * The names GHTK reads for a place: a three-level address as entered; a two-level one with the old
 * district of its ward. `who` names the place in the refusal ("lấy hàng", "người nhận").
 */
export async function ghtkPlace(place: GhtkPlace, who: string): Promise<GhtkPlace> {
  if (place.district.trim()) return place;
  const district = place.ward.trim() && place.province.trim() ? await districtOf(place) : null;
  if (district) return { ...place, district };
  throw refusal(
    `GHTK chỉ nhận địa chỉ có quận/huyện, và địa chỉ ${who} (${[place.ward, place.province].filter(Boolean).join(', ')}) ` +
      'không xác định được một quận/huyện cũ duy nhất. Vui lòng nhập địa chỉ theo 3 cấp cũ (tỉnh, quận/huyện, phường/xã) hoặc chọn hãng khác.',
    'DISTRICT_UNKNOWN',
  );
}
