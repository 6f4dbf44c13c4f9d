import { describe, expect, it } from 'vitest';
import { comparePlaceNames, prepareQuery, searchText, sortPlaces } from '@contract/address-units';
import { fileAddressData } from '@/testing/address-files';
import { createAddressData } from './address-data';
import { filterPlaces, indexPlaces, indexProvinces, placeFilter } from './place-filter';

const data = fileAddressData();

async function provinceCodes(search: string) {
  const provinces = await data.provinces();
  return filterPlaces(provinces, indexProvinces(provinces), search).map((province) => province.code);
}

async function wardNames(provinceCode: string, search: string) {
  const wards = await data.wards(provinceCode);
  return filterPlaces(wards, indexPlaces(wards), search).map((ward) => ward.name);
}

describe('folding', () => {
  it('drops tones, marks and punctuation and maps đ/Đ to d', () => {
    expect(searchText('Phường Bến Thành')).toBe('phuong ben thanh');
    expect(searchText('ĐẮK LẮK')).toBe('dak lak');
    expect(searchText('Bà Rịa - Vũng Tàu')).toBe('ba ria vung tau');
    // Decomposed input (combining marks typed separately) folds the same way.
    expect(searchText('Hồ Chí Minh'.normalize('NFD'))).toBe('ho chi minh');
    expect(searchText("Ia H'Drai")).toBe('ia h drai');
  });

  it('strips the unit words people type before a name', () => {
    expect(prepareQuery('TP. Hồ Chí Minh')?.variants).toEqual(['tp ho chi minh', 'ho chi minh']);
    expect(prepareQuery('p.Bến Thành')?.variants).toEqual(['p ben thanh', 'ben thanh']);
    expect(prepareQuery('q1')?.variants).toEqual(['1']);
    expect(prepareQuery('   ')).toBeNull();
  });
});

describe('province search', () => {
  it('finds TP. Hồ Chí Minh by its name without diacritics and by common abbreviations', async () => {
    for (const search of [
      'ho chi minh',
      'Hồ Chí Minh',
      'HO CHI MINH',
      'hcm',
      'tp hcm',
      'TP.HCM',
      'tphcm',
      'hcmc',
      'sai gon',
      'saigon',
      'hochiminh',
    ]) {
      expect(await provinceCodes(search), search).toEqual(['79']);
    }
  });

  it('finds a new province by the old provinces merged into it', async () => {
    expect(await provinceCodes('binh duong')).toEqual(['79']);
    expect(await provinceCodes('vung tau')).toEqual(['79']);
    expect(await provinceCodes('brvt')).toEqual(['79']);
    expect(await provinceCodes('quang nam')).toEqual(['48']);
    expect(await provinceCodes('thua thien hue')).toEqual(['46']);
    expect(await provinceCodes('kon tum')).toEqual(['51']);
  });

  it('finds other provinces without diacritics', async () => {
    expect(await provinceCodes('ha noi')).toEqual(['01']);
    expect(await provinceCodes('hanoi')).toEqual(['01']);
    expect(await provinceCodes('da nang')).toEqual(['48']);
    expect(await provinceCodes('danang')).toEqual(['48']);
    expect(await provinceCodes('dong nai')).toEqual(['75']);
    expect(await provinceCodes('Đồng Tháp')).toEqual(['82']);
    expect(await provinceCodes('daklak')).toEqual(['66']);
    expect(await provinceCodes('hue')).toEqual(['46']);
    expect(await provinceCodes('')).toHaveLength(34);
    expect(await provinceCodes('xyz')).toEqual([]);
  });
});

describe('ward search', () => {
  it('finds Phường Bến Thành typed without diacritics, with or without the unit word', async () => {
    for (const search of ['ben thanh', 'Bến Thành', 'BEN THANH', 'p ben thanh', 'p. Bến Thành', 'phuong ben thanh', 'ben th']) {
      expect(await wardNames('79', search), search).toEqual(['Phường Bến Thành']);
    }
  });

  it('matches words in any position and keeps the order by name', async () => {
    const found = await wardNames('79', 'an');
    expect(found.length).toBeGreaterThan(5);
    expect(found).toContain('Phường An Hội Đông');
    expect(found).toContain('Phường Dĩ An');
    const named = found.map((name, index) => ({ code: String(index), name }));
    expect(sortPlaces(named).map((item) => item.name)).toEqual(found);
  });
});

describe('sorting', () => {
  it('uses Vietnamese collation on the name without its unit word, numbers in numeric order', () => {
    const places = ['Phường 10', 'Phường 2', 'Xã Đông Hòa', 'Phường Dĩ An', 'Thành phố Hà Nội', 'Hà Tĩnh', 'Cao Bằng', 'Cà Mau'].map(
      (name, i) => ({
        code: String(i),
        name,
      }),
    );
    expect([...places].sort(comparePlaceNames).map((place) => place.name)).toEqual([
      'Phường 2',
      'Phường 10',
      'Cà Mau',
      'Cao Bằng',
      'Phường Dĩ An',
      'Xã Đông Hòa',
      'Thành phố Hà Nội',
      'Hà Tĩnh',
    ]);
  });
});

describe('placeFilter (Mantine Select)', () => {
  it('filters plain options and groups, and honours the limit', async () => {
    const wards = await data.wards('79');
    const filter = placeFilter(indexPlaces(wards));
    const options = wards.map((ward) => ({ value: ward.code, label: ward.name }));
    const plain = filter({ options, search: 'ben thanh', limit: Infinity });
    expect(plain).toEqual([{ value: '26743', label: 'Phường Bến Thành' }]);

    const grouped = filter({
      options: [
        { group: 'Gợi ý', items: options.filter((option) => option.value === '26740') },
        { group: 'Khác', items: options.filter((option) => option.value !== '26740') },
      ],
      search: 'sai gon',
      limit: Infinity,
    });
    expect(grouped).toEqual([{ group: 'Gợi ý', items: [{ value: '26740', label: 'Phường Sài Gòn' }] }]);
    expect(filter({ options, search: '', limit: 5 })).toHaveLength(5);
  });
});

describe('loading the files', () => {
  it('reads each file once and tries a failed one again', async () => {
    const reads: string[] = [];
    let failNext = true;
    const source = createAddressData(async (name) => {
      reads.push(name);
      if (failNext) {
        failNext = false;
        throw new TypeError('Failed to fetch');
      }
      return [['26743', 'Phường Bến Thành']];
    });
    await expect(source.wards('79')).rejects.toThrow('Không tải được danh sách địa chỉ');
    expect(await source.wards('79')).toEqual([{ code: '26743', name: 'Phường Bến Thành' }]);
    await source.wards('79');
    expect(reads).toEqual(['wards-79.json', 'wards-79.json']);
  });
});
