/**
 * Carriers match our place names with theirs by name: a name written with a curly apostrophe or an
 * older tone placement ("Xã Ea H’Leo", "Phường Yên Hoà", as stored addresses and the statistics
 * office's list may hold them) must still be the carrier's "Ea H'Leo" (contract/address-units.ts
 * normalizePlaceName).
 */
import { describe, expect, it } from 'vitest';
import { ghnPlace, type GhnAsk } from './ghn-places';
import { ghtkPlace } from './ghtk-address';
import { vtpAddress } from './vtp';

/** GHN's master data cut to one province, district and ward of each, in GHN's shapes (simulators/ghn/fixtures). */
const ghnAsk: GhnAsk = <T>(path: string) => {
  const lists: Record<string, unknown> = {
    '/master-data/province': [{ ProvinceID: 210, ProvinceName: 'Đắk Lắk', NameExtension: ['Tỉnh Đắk Lắk'] }],
    '/master-data/district': [{ DistrictID: 1660, ProvinceID: 210, DistrictName: "Huyện Ea H'leo" }],
    '/master-data/ward': [
      { WardCode: '400101', DistrictID: 1660, WardName: "Xã Ea H'Leo" },
      { WardCode: '400102', DistrictID: 1660, WardName: 'Xã Yên Hòa' },
    ],
  };
  return Promise.resolve(lists[path] as T);
};

describe('place names matched with carriers', () => {
  it('GHN: a curly apostrophe or an older tone placement is GHN’s spelling', async () => {
    const curly = await ghnPlace(ghnAsk, 'account-a', { province: 'Đắk Lắk', district: '', ward: 'Xã Ea H’Leo' }, 'giao hàng');
    expect(curly).toMatchObject({ wardCode: '400101', districtId: 1660, wardName: "Xã Ea H'Leo" });
    const modifier = await ghnPlace(
      ghnAsk,
      'account-b',
      { province: 'Tỉnh Đắk Lắk', district: 'Huyện Ea Hʼleo', ward: 'Ea Hʼleo' },
      'lấy hàng',
    );
    expect(modifier.wardCode).toBe('400101');
    const tone = await ghnPlace(
      ghnAsk,
      'account-c',
      { province: 'Đắk Lắk', district: '', ward: 'Xã Yên Hoà'.normalize('NFD') },
      'giao hàng',
    );
    expect(tone.wardCode).toBe('400102');
  });

  it('GHTK: the old district of a two-level ward named with a curly apostrophe', async () => {
    const place = await ghtkPlace({ province: 'Đắk Lắk', district: '', ward: 'Xã Ea H’Leo' }, 'người nhận');
    expect(place.district).toMatch(/^Huyện Ea H'?[lL]eo$/);
    const straight = await ghtkPlace({ province: 'Đắk Lắk', district: '', ward: "Xã Ea H'Leo" }, 'người nhận');
    expect(straight.district).toBe(place.district);
  });

  it('Viettel Post: the places of the address text in the one spelling', () => {
    expect(vtpAddress({ address: '12 Lê Lợi', ward: 'Xã  Ea H’Leo', district: '', province: 'Tỉnh Đắk Lắk ' })).toBe(
      "12 Lê Lợi, Xã Ea H'Leo, Tỉnh Đắk Lắk",
    );
  });
});
