import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { type Address, AddressSchema } from '@contract/address';
import type { WardMappingFile } from '@contract/address-units';
import { fileAddressData } from '@/testing/address-files';
import { choosePlan, convertedAddress, findLegacyProvince, planConversion } from './legacy-conversion';

const data = fileAddressData();

const benNghe: Address = {
  scheme: 'VN_LEGACY',
  province_code: '79',
  province_name: 'Thành phố Hồ Chí Minh',
  district_code: '760',
  district_name: 'Quận 1',
  ward_code: '26740',
  ward_name: 'Phường Bến Nghé',
  street: '5 Công xã Paris',
};

const dichVong: Address = {
  scheme: 'VN_LEGACY',
  province_code: '01',
  province_name: 'Thành phố Hà Nội',
  district_code: '005',
  district_name: 'Quận Cầu Giấy',
  ward_code: '00166',
  ward_name: 'Phường Dịch Vọng',
  street: '144 Xuân Thủy',
};

describe('finding the old province of a legacy address', () => {
  it('uses the code, else the name as entered', async () => {
    const legacy = await data.legacyProvinces();
    expect(findLegacyProvince(benNghe, legacy)).toEqual(['79', 'Thành phố Hồ Chí Minh', '79']);
    const byName = (province_name: string) => findLegacyProvince({ ...benNghe, province_code: null, province_name }, legacy)?.[0];
    expect(byName('TP. Hồ Chí Minh')).toBe('79');
    expect(byName('Tỉnh Bình Dương')).toBe('74');
    expect(byName('binh duong')).toBe('74');
    expect(byName('Không rõ')).toBeUndefined();
  });
});

describe('choosing what to suggest', () => {
  const provinces = [
    { code: '79', name: 'Thành phố Hồ Chí Minh', type: 'Thành phố' as const, short_code: 'HCM', area: 'MN' as const, former_names: [] },
  ];
  const wards = [
    { code: '26740', name: 'Phường Sài Gòn' },
    { code: '26743', name: 'Phường Bến Thành' },
    { code: '26734', name: 'Phường Tân Định' },
  ];
  const mapping: WardMappingFile = { province: '79', wards: { '26740': ['26740'], '26746': ['26743', '26734'] } };

  it('prefills the ward when the mapping gives exactly one', () => {
    expect(choosePlan(benNghe, '79', mapping, provinces, wards)).toEqual({
      province: provinces[0],
      candidates: [{ code: '26740', name: 'Phường Sài Gòn' }],
      wardCode: '26740',
      status: 'single',
    });
  });

  it('lets the person choose when the old ward was divided', () => {
    const plan = choosePlan({ ...benNghe, ward_code: '26746' }, '79', mapping, provinces, wards);
    expect(plan.status).toBe('divided');
    expect(plan.wardCode).toBeNull();
    expect(plan.candidates.map((ward) => ward.name)).toEqual(['Phường Bến Thành', 'Phường Tân Định']);
  });

  it('still suggests the province when the ward is unknown', () => {
    const plan = choosePlan({ ...benNghe, ward_code: '99999' }, '79', mapping, provinces, wards);
    expect(plan).toEqual({ province: provinces[0], candidates: [], wardCode: null, status: 'unknown' });
    expect(choosePlan(benNghe, null, null, provinces, wards)).toEqual({
      province: null,
      candidates: [],
      wardCode: null,
      status: 'unknown',
    });
  });
});

describe('planning from the offline files', () => {
  it('maps the old Phường Bến Nghé to Phường Sài Gòn', async () => {
    const plan = await planConversion(benNghe, data);
    expect(plan.status).toBe('single');
    expect(plan.province?.code).toBe('79');
    expect(plan.wardCode).toBe('26740');
    expect(plan.candidates).toEqual([{ code: '26740', name: 'Phường Sài Gòn' }]);
  });

  it('offers both new wards of the divided Phường Dịch Vọng', async () => {
    const plan = await planConversion(dichVong, data);
    expect(plan.status).toBe('divided');
    expect(plan.wardCode).toBeNull();
    expect(plan.candidates.map((ward) => ward.name)).toEqual(['Phường Cầu Giấy', 'Phường Nghĩa Đô']);
  });

  it('places an old Bình Dương address in TP. Hồ Chí Minh', async () => {
    const plan = await planConversion(
      { ...benNghe, province_code: '74', province_name: 'Tỉnh Bình Dương', ward_code: '25747', ward_name: 'Phường Phú Cường' },
      data,
    );
    expect(plan.province?.code).toBe('79');
  });
});

describe('the converted address', () => {
  it('uses the new units, keeps the street and has no district', () => {
    const address = convertedAddress(benNghe, { code: '79', name: 'Thành phố Hồ Chí Minh' }, { code: '26740', name: 'Phường Sài Gòn' });
    expect(address).toEqual({
      scheme: 'VN2025',
      province_code: '79',
      province_name: 'Thành phố Hồ Chí Minh',
      district_code: null,
      district_name: null,
      ward_code: '26740',
      ward_name: 'Phường Sài Gòn',
      street: '5 Công xã Paris',
    });
    expect(v.safeParse(AddressSchema, address).success).toBe(true);
  });
});
