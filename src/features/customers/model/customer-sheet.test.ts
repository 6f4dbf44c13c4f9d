import { describe, expect, it } from 'vitest';
import { mapCustomerSheet } from './customer-sheet';

describe('mapCustomerSheet', () => {
  it('reads the export’s headers and the short names people type, licence days as the reader gives them', () => {
    const sheet = mapCustomerSheet([
      { row: 1, cells: ['Ma KH', 'Tên KH', 'SĐT', 'Số giấy phép', 'Hết hạn GPP', 'Thuốc kiểm soát đặc biệt', 'Cột lạ'] },
      { row: 2, cells: ['KH000001', 'Nhà thuốc Minh Châu', '0901111222', 'GP-01', '2027-05-02', 'Có', 'x'] },
    ]);
    expect(sheet.missingColumns).toEqual([]);
    expect(sheet.unknownHeaders).toEqual(['Cột lạ']);
    expect(sheet.rows).toEqual([
      {
        _row: 2,
        'Mã KH': 'KH000001',
        'Tên khách hàng': 'Nhà thuốc Minh Châu',
        'Số điện thoại': '0901111222',
        'Số GCN đủ ĐKKD dược': 'GP-01',
        'Hết hạn GPP/GDP': '2027-05-02',
        'Thuốc kiểm soát đặc biệt': 'Có',
      },
    ]);
  });

  it('names the missing required columns', () => {
    expect(mapCustomerSheet([{ row: 1, cells: ['Tên khách hàng'] }]).missingColumns).toEqual(['Mã KH']);
  });
});
