import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AreaItem,
  comparePlaceNames,
  type DistrictItem,
  LOCATION_CACHE_CONTROL,
  LOCATION_MESSAGES,
  type ProvinceItem,
  type WardItem,
  type WardMappingAnswer,
} from '@contract/address-units';
import type { AppDeps } from '@server/kernel/app-types';
import { createLogger } from '@server/lib/logger';
import { startTestServer, type TestServer } from '@server/testing/test-server';
import { locationRoutes } from './address.routes';

const BASE = '/location/v2/api';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

async function list<T>(path: string) {
  const answer = await server.call<T[]>(`${BASE}${path}`);
  expect(answer.status, `${path}: ${answer.body.message}`).toBe(200);
  return answer.body.data;
}

const codes = (items: { code: string }[]) => items.map((item) => item.code);

function expectSortedByName(items: { code: string; name: string }[]) {
  expect(items.map((item) => item.name)).toEqual([...items].sort(comparePlaceNames).map((item) => item.name));
}

describe('provinces', () => {
  it('lists the 34 new provinces by default and the 63 old ones for VN_LEGACY, sorted by name', async () => {
    const provinces = await list<ProvinceItem>('/province/');
    expect(provinces).toHaveLength(34);
    expectSortedByName(provinces);
    const hcm = provinces.find((province) => province.code === '79')!;
    expect(hcm).toMatchObject({ name: 'Thành phố Hồ Chí Minh', scheme: 'VN2025', type: 'Thành phố', short_code: 'HCM', area: 'MN' });
    expect(hcm.former_names).toEqual(['Tỉnh Bà Rịa - Vũng Tàu', 'Tỉnh Bình Dương']);
    // Vietnamese collation on the name without its unit word: Đ after D, "Thành phố Hà Nội" among the H.
    const names = provinces.map((province) => province.name);
    expect(names.indexOf('Thành phố Đà Nẵng')).toBeGreaterThan(names.indexOf('Thành phố Cần Thơ'));
    expect(names.indexOf('Thành phố Đà Nẵng')).toBeLessThan(names.indexOf('Gia Lai'));
    expect(names.indexOf('Thành phố Hà Nội')).toBe(names.indexOf('Hà Tĩnh') - 1);

    const legacy = await list<ProvinceItem>('/province/?scheme=VN_LEGACY');
    expect(legacy).toHaveLength(63);
    expectSortedByName(legacy);
    expect(legacy.find((province) => province.code === '74')).toMatchObject({
      name: 'Tỉnh Bình Dương',
      new_province_code: '79',
      area: 'MN',
    });
  });

  it('finds provinces without diacritics, by common abbreviations and by the old provinces merged into them', async () => {
    for (const search of [
      'ho chi minh',
      'Hồ Chí Minh',
      'hcm',
      'HCM',
      'tp hcm',
      'TP.HCM',
      'tphcm',
      'tp. ho chi minh',
      'sai gon',
      'hochiminh',
      'binh duong',
      'vung tau',
    ]) {
      const found = await list<ProvinceItem>(`/province/?search=${encodeURIComponent(search)}`);
      expect(codes(found), search).toEqual(['79']);
    }
    expect(codes(await list<ProvinceItem>('/province/?search=ha%20noi'))).toEqual(['01']);
    // Initials: Hà Nội, and Ninh Bình, which took in the old Hà Nam.
    expect(codes(await list<ProvinceItem>('/province/?search=hn'))).toEqual(['01', '37']);
    expect(codes(await list<ProvinceItem>('/province/?search=thua%20thien%20hue'))).toEqual(['46']);
    expect(codes(await list<ProvinceItem>('/province/?search=dak%20lak'))).toEqual(['66']);
    expect(codes(await list<ProvinceItem>('/province/?search=da%20nang'))).toEqual(['48']);
    expect(codes(await list<ProvinceItem>('/province/?search=brvt&scheme=VN_LEGACY'))).toEqual(['77']);
    expect(await list<ProvinceItem>('/province/?search=khong%20co%20tinh%20nay')).toEqual([]);
  });
});

describe('wards and the old districts', () => {
  it('has 3,321 wards across the 34 provinces, each list sorted by name', async () => {
    const provinces = await list<ProvinceItem>('/province/');
    let total = 0;
    for (const province of provinces) {
      const wards = await list<WardItem>(`/ward/${province.code}/`);
      expect(wards.length, province.name).toBeGreaterThan(0);
      expect(wards.every((ward) => ward.province_code === province.code && ward.district_code === null)).toBe(true);
      expectSortedByName(wards);
      total += wards.length;
    }
    expect(total).toBe(3321);
  });

  it('finds wards without diacritics', async () => {
    const found = await list<WardItem>('/ward/79/?search=ben%20thanh');
    expect(found.map((ward) => ward.name)).toEqual(['Phường Bến Thành']);
    expect(codes(await list<WardItem>('/ward/79/?search=p.%20sai%20gon'))).toEqual(['26740']);
    expect(codes(await list<WardItem>('/ward/79/?search=26740'))).toEqual(['26740']);
  });

  it('has 696 old districts across the 63 old provinces', async () => {
    const legacy = await list<ProvinceItem>('/province/?scheme=VN_LEGACY');
    let total = 0;
    for (const province of legacy) {
      const districts = await list<DistrictItem>(`/district/${province.code}/?scheme=VN_LEGACY`);
      expectSortedByName(districts);
      total += districts.length;
    }
    expect(total).toBe(696);
  });

  it('walks the old three levels: province → district → commune', async () => {
    const districts = await list<DistrictItem>('/district/79/?scheme=VN_LEGACY');
    expect(districts).toHaveLength(22);
    expect(districts[0]).toMatchObject({ code: '760', name: 'Quận 1', province_code: '79' });
    expect(codes(await list<DistrictItem>('/district/79/?scheme=VN_LEGACY&search=thu%20duc'))).toEqual(['769']);

    const communes = await list<WardItem>('/ward/760/?scheme=VN_LEGACY');
    expect(communes).toHaveLength(10);
    expectSortedByName(communes);
    expect(communes.find((ward) => ward.code === '26740')).toEqual({
      code: '26740',
      name: 'Phường Bến Nghé',
      province_code: '79',
      district_code: '760',
    });
    expect(codes(await list<WardItem>('/ward/760/?scheme=VN_LEGACY&search=ben%20nghe'))).toEqual(['26740']);
  });

  it('answers 404 for districts of the new units, which have none', async () => {
    const answer = await server.call(`${BASE}/district/79/`);
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe(LOCATION_MESSAGES.noDistrictLevel);
    expect((await server.call(`${BASE}/district/79/?scheme=VN2025`)).status).toBe(404);
  });
});

describe('areas', () => {
  it('groups the 34 new provinces into Miền Bắc, Miền Trung and Miền Nam', async () => {
    const areas = await list<AreaItem>('/area/');
    expect(areas.map((area) => area.name)).toEqual(['Miền Bắc', 'Miền Nam', 'Miền Trung']);
    expect([...areas].sort((a, b) => a.order - b.order).map((area) => area.code)).toEqual(['MB', 'MT', 'MN']);
    const all = areas.flatMap((area) => codes(area.provinces));
    expect(all).toHaveLength(34);
    expect(new Set(all).size).toBe(34);
    const areaOf = (code: string) => areas.find((area) => codes(area.provinces).includes(code))?.code;
    expect([areaOf('01'), areaOf('37'), areaOf('38'), areaOf('48'), areaOf('68'), areaOf('79'), areaOf('96')]).toEqual([
      'MB',
      'MB',
      'MT',
      'MT',
      'MT',
      'MN',
      'MN',
    ]);
    for (const area of areas) expectSortedByName(area.provinces);

    const legacy = await list<AreaItem>('/area/?scheme=VN_LEGACY');
    expect(legacy.flatMap((area) => area.provinces)).toHaveLength(63);
  });
});

describe('ward mapping', () => {
  it('suggests Phường Sài Gòn for the old Phường Bến Nghé (26740)', async () => {
    const answer = await server.call<WardMappingAnswer>(`${BASE}/ward-mapping/?old_ward_code=26740`);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      old_ward: {
        code: '26740',
        name: 'Phường Bến Nghé',
        district_code: '760',
        district_name: 'Quận 1',
        province_code: '79',
        province_name: 'Thành phố Hồ Chí Minh',
      },
      new_province: { code: '79', name: 'Thành phố Hồ Chí Minh' },
      wards: [{ code: '26740', name: 'Phường Sài Gòn', province_code: '79', province_name: 'Thành phố Hồ Chí Minh' }],
      split: false,
    });
  });

  it('lists every new ward of a divided old ward, and the new province of a merged old one', async () => {
    const divided = await server.call<WardMappingAnswer>(`${BASE}/ward-mapping/?old_ward_code=00166`);
    expect(divided.body.data.old_ward.name).toBe('Phường Dịch Vọng');
    expect(divided.body.data.split).toBe(true);
    expect(divided.body.data.wards.map((ward) => ward.name)).toEqual(['Phường Cầu Giấy', 'Phường Nghĩa Đô']);

    // An old commune of Bình Dương now lies in TP. Hồ Chí Minh.
    const binhDuong = await list<DistrictItem>('/district/74/?scheme=VN_LEGACY');
    const commune = (await list<WardItem>(`/ward/${binhDuong[0]!.code}/?scheme=VN_LEGACY`))[0]!;
    const merged = await server.call<WardMappingAnswer>(`${BASE}/ward-mapping/?old_ward_code=${commune.code}`);
    expect(merged.body.data.new_province).toEqual({ code: '79', name: 'Thành phố Hồ Chí Minh' });
    expect(merged.body.data.wards.every((ward) => ward.province_code === '79')).toBe(true);
  });
});

describe('bad input', () => {
  const cases: [string, number, string][] = [
    ['/province/?scheme=VN1999', 400, LOCATION_MESSAGES.badScheme],
    ['/ward/79/?scheme=new', 400, LOCATION_MESSAGES.badScheme],
    [`/province/?search=${'a'.repeat(101)}`, 400, LOCATION_MESSAGES.searchTooLong],
    ['/district/abc/?scheme=VN_LEGACY', 400, LOCATION_MESSAGES.badProvinceCode],
    ['/district/99/?scheme=VN_LEGACY', 404, LOCATION_MESSAGES.legacyProvinceNotFound('99')],
    ['/ward/7/', 400, LOCATION_MESSAGES.badProvinceCode],
    ['/ward/760/', 400, LOCATION_MESSAGES.badProvinceCode],
    ['/ward/99/', 404, LOCATION_MESSAGES.provinceNotFound('99')],
    ['/ward/79/?scheme=VN_LEGACY', 400, LOCATION_MESSAGES.badDistrictCode],
    ['/ward/999/?scheme=VN_LEGACY', 404, LOCATION_MESSAGES.districtNotFound('999')],
    ['/ward-mapping/', 400, LOCATION_MESSAGES.missingOldWard],
    ['/ward-mapping/?old_ward_code=26%2074', 400, LOCATION_MESSAGES.badWardCode],
    ['/ward-mapping/?old_ward_code=99999', 404, LOCATION_MESSAGES.oldWardNotFound('99999')],
  ];
  it.each(cases)('%s → %i with a Vietnamese message', async (path, status, message) => {
    const answer = await server.call(`${BASE}${path}`);
    expect(answer.status).toBe(status);
    expect(answer.body.message).toBe(message);
    expect(answer.headers.get('cache-control')).not.toContain('public');
  });
});

describe('public data', () => {
  it('needs no sign-in and keeps the security headers', async () => {
    const answer = await server.call(`${BASE}/province/`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('marks successful answers cacheable for a day (the module; app.ts must not overwrite it)', async () => {
    const deps = { logger: createLogger('silent') } as AppDeps;
    const app = new Hono({ strict: false }).route('/', locationRoutes(deps));
    const answer = await app.request('/ward/79/?search=ben%20thanh');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe(LOCATION_CACHE_CONTROL);
  });
});
