import { describe, expect, it } from 'vitest';
import { errorReportCsv } from '@/lib/import-sheet';
import { chunk, columnOf, mapRegionSheet } from './region-sheet';

describe('mapRegionSheet', () => {
  it('maps headers written any way to the columns and keeps the sheet row numbers', () => {
    const mapped = mapRegionSheet([
      { row: 1, cells: [null] },
      { row: 2, cells: ['Ma khu vuc', 'TÊN KHU VỰC', 'Ghi chú', 'Tỉnh / Thành phố'] },
      { row: 3, cells: ['MN', 'Miền Nam', 'x', 'Hồ Chí Minh, Đồng Nai'] },
      { row: 4, cells: [null, '  ', null, null] },
      { row: 5, cells: ['HN', 'Hà Nội', null, 1] },
    ]);
    expect(mapped.missingColumns).toEqual([]);
    expect(mapped.unknownHeaders).toEqual(['Ghi chú']);
    expect(mapped.rows).toEqual([
      { 'Mã khu vực': 'MN', 'Tên khu vực': 'Miền Nam', 'Tỉnh/thành': 'Hồ Chí Minh, Đồng Nai', _row: 3 },
      { 'Mã khu vực': 'HN', 'Tên khu vực': 'Hà Nội', 'Tỉnh/thành': 1, _row: 5 },
    ]);
  });

  it('names the required columns a sheet lacks', () => {
    expect(mapRegionSheet([{ row: 1, cells: ['Tên khu vực', 'Mô tả'] }]).missingColumns).toEqual(['Mã khu vực']);
    expect(mapRegionSheet([]).missingColumns).toEqual(['Mã khu vực', 'Tên khu vực']);
  });

  it('reads the usual header spellings', () => {
    expect(columnOf('Mã KV')).toBe('Mã khu vực');
    expect(columnOf('Tỉnh/thành')).toBe('Tỉnh/thành');
    expect(columnOf('mo ta')).toBe('Mô tả');
    expect(columnOf('Số lượng')).toBeNull();
  });
});

describe('chunk and the error report', () => {
  it('cuts rows into calls', () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunk([], 2)).toEqual([]);
  });

  it('writes a CSV Excel opens with Vietnamese letters', () => {
    const csv = errorReportCsv([{ row: 4, field: 'Tỉnh/thành', message: 'Dòng 4: "lc" có thể là Lai Châu, Lào Cai' }]);
    expect(csv.startsWith('\uFEFFDòng,Cột,Lỗi\r\n')).toBe(true);
    expect(csv).toContain('4,Tỉnh/thành,"Dòng 4: ""lc"" có thể là Lai Châu, Lào Cai"');
  });
});
