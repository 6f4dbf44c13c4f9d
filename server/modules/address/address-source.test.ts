/** The transform of scripts/update-address-source.mjs: source file → vendored extract. */
import { describe, expect, it } from 'vitest';
import { earlierWardsOf, type ExtractSource, extractUnits } from './address-source';

const info: ExtractSource = {
  repository: 'https://github.com/thanglequoc/vietnamese-provinces-database',
  path: 'json/full_json_generated_data_vn_units_2026-07-25__20_49_07.json',
  commit: 'a108d4d2e357b98482c84b4180995b9fb44883e8',
  date: '2026-07-25',
  origin: 'General Statistics Office of Vietnam',
};

const ward = (Code: string, Name: string, AdministrativeUnitShortName: string, ProvinceCode: string) => ({
  Type: 'ward',
  Code,
  Name,
  FullName: `${AdministrativeUnitShortName} ${Name}`,
  ProvinceCode,
  AdministrativeUnitShortName,
});

/** The shape of the source file, cut to two provinces (fields the transform drops included). */
const source = () => [
  {
    Type: 'province',
    Code: '75',
    Name: 'Đồng Nai',
    FullName: 'Thành phố Đồng Nai',
    CodeName: 'dong_nai',
    AdministrativeUnitShortName: 'Thành phố',
    Wards: [ward('26248', 'Trảng Bom', 'Phường', '75'), ward('25270', 'Lộc Ninh', 'Phường', '75')],
  },
  {
    Type: 'province',
    Code: '22',
    Name: 'Quảng Ninh',
    FullName: 'Tỉnh Quảng Ninh',
    AdministrativeUnitShortName: 'Tỉnh',
    Wards: [ward('06978', 'Ba Chẽ', 'Xã', '22'), ward('07192', 'Cô Tô', 'Đặc khu', '22'), ward('06325', 'Bắc Sơn', 'xã', '22')],
  },
];

const none = { wards: [], replaced: {} };

describe('extractUnits', () => {
  it('keeps codes, names, unit words and provinces, sorted by code, and the source it names', () => {
    const { extract } = extractUnits(source(), info, none);
    expect(extract.source).toEqual(info);
    expect(extract.provinces).toEqual([
      ['22', 'Quảng Ninh', 'Tỉnh'],
      ['75', 'Đồng Nai', 'Thành phố'],
    ]);
    expect(extract.wards).toEqual([
      ['06325', 'Bắc Sơn', 'Xã', '22'],
      ['06978', 'Ba Chẽ', 'Xã', '22'],
      ['07192', 'Cô Tô', 'Đặc khu', '22'],
      ['25270', 'Lộc Ninh', 'Phường', '75'],
      ['26248', 'Trảng Bom', 'Phường', '75'],
    ]);
    expect(extract.replaced).toEqual({});
  });

  it('records an earlier code of the same ward as replaced, and reports units whose name or unit word changed', () => {
    const earlier = {
      wards: [
        ['06970', 'Xã Ba Chẽ', '22'],
        ['07192', 'Đặc khu Cô Tô', '22'],
        ['25270', 'Xã Lộc Ninh', '75'],
        ['26248', 'Xã Trảng Bom', '75'],
        ['06325', 'Xã Bắc Sơn', '22'],
      ] as [string, string, string][],
      replaced: {},
    };
    const { extract, report } = extractUnits(source(), info, earlier);
    expect(extract.replaced).toEqual({ '06970': '06978' });
    expect(report.replacedNow).toEqual({ '06970': '06978' });
    expect(report.added).toEqual(['06978']);
    expect(report.dropped).toEqual([]);
    expect(report.changed).toEqual([
      ['25270', 'Xã Lộc Ninh', 'Phường Lộc Ninh'],
      ['26248', 'Xã Trảng Bom', 'Phường Trảng Bom'],
    ]);
  });

  it('compares names normalised: apostrophes and tone placement are not a change', () => {
    const apostrophe = [{ ...source()[1], Wards: [ward('24184', "Ea H'Leo", 'Xã', '22'), ward('00175', 'Yên Hoà', 'Phường', '22')] }];
    const earlier = {
      wards: [
        ['24184', 'Xã Ea H’Leo', '22'],
        ['00175', 'Phường Yên Hòa', '22'],
      ] as [string, string, string][],
      replaced: {},
    };
    expect(extractUnits(apostrophe, info, earlier).report.changed).toEqual([]);
  });

  it('carries earlier replaced codes, re-pointed when their ward moved again, and reports codes gone without a namesake', () => {
    const earlier = {
      wards: [
        ['06970', 'Xã Ba Chẽ', '22'],
        ['06999', 'Xã Không Còn', '22'],
      ] as [string, string, string][],
      replaced: { '06900': '06970', '26000': '26248', '25270': '06978' },
    };
    const { extract, report } = extractUnits(source(), info, earlier);
    // 06900 → 06970 → 06978; 26000 still current; 25270 is in use again, so no longer replaced.
    expect(extract.replaced).toEqual({ '06900': '06978', '06970': '06978', '26000': '26248' });
    expect(report.dropped).toEqual([['06999', 'Xã Không Còn', '22']]);
  });

  it('does not take a namesake when the province has two wards of that name', () => {
    const twins = [{ ...source()[1], Wards: [ward('06978', 'Ba Chẽ', 'Xã', '22'), ward('06979', 'Ba Chẽ', 'Phường', '22')] }];
    const { extract, report } = extractUnits(twins, info, { wards: [['06970', 'Xã Ba Chẽ', '22']], replaced: {} });
    expect(extract.replaced).toEqual({});
    expect(report.dropped).toEqual([['06970', 'Xã Ba Chẽ', '22']]);
  });

  it('gives the next update its ward list with unit words', () => {
    const { extract } = extractUnits(source(), info, none);
    expect(earlierWardsOf(extract)).toContainEqual(['25270', 'Phường Lộc Ninh', '75']);
  });

  it('refuses a source it cannot read', () => {
    expect(() => extractUnits({}, info, none)).toThrow(/array of provinces/);
    const badCode = source();
    badCode[0]!.Wards[0]!.Code = '2624';
    expect(() => extractUnits(badCode, info, none)).toThrow(/no valid Code/);
    const twice = source();
    twice[1]!.Wards.push(ward('06978', 'Ba Chẽ', 'Xã', '22'));
    expect(() => extractUnits(twice, info, none)).toThrow(/ward 06978 is listed twice/);
    const elsewhere = source();
    elsewhere[1]!.Wards[0]!.ProvinceCode = '75';
    expect(() => extractUnits(elsewhere, info, none)).toThrow(/names province 75 but is listed under 22/);
    const unit = source();
    unit[0]!.AdministrativeUnitShortName = 'Huyện';
    expect(() => extractUnits(unit, info, none)).toThrow(/is a "Huyện"/);
    const noWards = source().map(({ Wards: _wards, ...province }) => province);
    expect(() => extractUnits(noWards, info, none)).toThrow(/has no Wards/);
  });
});
