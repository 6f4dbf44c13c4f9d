/**
 * GHN's master data, simulated for the demo's addresses (server/seed/demo-customers.ts,
 * demo-delivery.ts, server/testing/delivery.kit.ts): provinces (api.ghn.vn id=60/91), a
 * province's districts (id=78/93) and a district's wards (id=61/92), in GHN's shapes
 * (simulators/ghn/fixtures/master-data-*.json). The demo's 2025 wards are listed under their 2025
 * names in the legacy district that holds them, as GHN's own lists would have to hold them for our
 * client to route them (server/modules/delivery/carriers/ghn-places.ts). Ids 202 (Hồ Chí Minh),
 * 1442 (Quận 1), 1462 (Bình Thạnh) and 3695 (Thủ Đức) are GHN's as its documents and a sandbox
 * report show them; the other ids and every ward code are made up.
 */
import type { Context } from 'hono';

type Place = { id: number; name: string; also: string[] };

const PROVINCES: Place[] = [
  { id: 202, name: 'Hồ Chí Minh', also: ['TP.Hồ Chí Minh', 'TP. Hồ Chí Minh', 'TP Hồ Chí Minh', 'Thành phố Hồ Chí Minh', 'HCM', 'saigon'] },
  { id: 201, name: 'Hà Nội', also: ['TP.Hà Nội', 'TP. Hà Nội', 'Thành phố Hà Nội', 'HN', 'hanoi'] },
];

const DISTRICTS: Array<Place & { province: number }> = [
  { id: 1442, province: 202, name: 'Quận 1', also: ['Q1', 'Q.1'] },
  { id: 1447, province: 202, name: 'Quận 5', also: ['Q5', 'Q.5'] },
  { id: 1462, province: 202, name: 'Quận Bình Thạnh', also: ['Bình Thạnh', 'Q.Bình Thạnh'] },
  { id: 3695, province: 202, name: 'Thành Phố Thủ Đức', also: ['TP Thủ Đức', 'TP. Thủ Đức', 'thuduc'] },
  { id: 1489, province: 201, name: 'Quận Hoàn Kiếm', also: ['Hoàn Kiếm'] },
  { id: 1484, province: 201, name: 'Quận Ba Đình', also: ['Ba Đình'] },
];

const WARDS: Array<{ code: string; district: number; name: string }> = [
  { code: '20101', district: 1442, name: 'Phường Bến Thành' },
  { code: '20102', district: 1442, name: 'Phường Sài Gòn' },
  { code: '20103', district: 1442, name: 'Phường Bến Nghé' },
  { code: '20501', district: 1447, name: 'Phường Chợ Lớn' },
  { code: '21601', district: 1462, name: 'Phường Bình Thạnh' },
  { code: '90701', district: 3695, name: 'Phường Thủ Đức' },
  { code: '90768', district: 3695, name: 'Phường An Khánh' },
  { code: '1A0101', district: 1489, name: 'Phường Hoàn Kiếm' },
  { code: '1A0102', district: 1489, name: 'Phường Cửa Nam' },
  { code: '1A0201', district: 1484, name: 'Phường Ba Đình' },
];

/** Where the simulated shop picks up (shop/all's district_id and ward_code). */
export const SHOP_PLACE = { district_id: 1442, ward_code: '20101' };

/** The province of a district, or null for one GHN does not list. */
export const provinceOfDistrict = (districtId: number) => DISTRICTS.find((district) => district.id === districtId)?.province ?? null;

/** Whether GHN lists this ward in this district. */
export const wardIn = (districtId: number, wardCode: string) =>
  WARDS.some((ward) => ward.district === districtId && ward.code === wardCode);

const ok = (c: Context, data: unknown) => c.json({ code: 200, message: 'Success', data });

/** A number the caller sent in the body or the query (GHN documents both for these calls). */
async function numberParam(c: Context, name: string): Promise<number> {
  const body = ((await c.req.json().catch(() => ({}))) ?? {}) as Record<string, unknown>;
  return Number(body[name] ?? c.req.query(name) ?? NaN);
}

export function provinces(c: Context) {
  return ok(
    c,
    PROVINCES.map((province) => ({
      ProvinceID: province.id,
      ProvinceName: province.name,
      CountryID: 1,
      NameExtension: province.also,
      Status: 1,
    })),
  );
}

export async function districts(c: Context) {
  const provinceId = await numberParam(c, 'province_id');
  return ok(
    c,
    DISTRICTS.filter((district) => district.province === provinceId).map((district) => ({
      DistrictID: district.id,
      ProvinceID: district.province,
      DistrictName: district.name,
      NameExtension: district.also,
      SupportType: 3,
      Status: 1,
    })),
  );
}

export async function wards(c: Context) {
  const districtId = await numberParam(c, 'district_id');
  const found = WARDS.filter((ward) => ward.district === districtId);
  // An unknown district: the doc's error sample (id=61).
  if (found.length === 0) return c.json({ code: 404, message: 'code=404, message=Not Found', data: null }, 404);
  return ok(
    c,
    found.map((ward) => ({
      WardCode: ward.code,
      DistrictID: ward.district,
      WardName: ward.name,
      NameExtension: [],
      SupportType: 3,
      Status: 1,
    })),
  );
}
