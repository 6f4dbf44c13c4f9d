import { describe, expect, it } from 'vitest';
import { filenameFromDisposition } from './files';

describe('filenameFromDisposition', () => {
  it('reads the server’s file name', () => {
    expect(filenameFromDisposition('attachment; filename="don-hang-20261121.xlsx"', 'x.xlsx')).toBe('don-hang-20261121.xlsx');
    expect(filenameFromDisposition("attachment; filename*=UTF-8''%C4%91%C6%A1n-h%C3%A0ng.xlsx", 'x.xlsx')).toBe('đơn-hàng.xlsx');
  });

  it('falls back when there is none', () => {
    expect(filenameFromDisposition(null, 'don-hang.xlsx')).toBe('don-hang.xlsx');
    expect(filenameFromDisposition('attachment', 'don-hang.xlsx')).toBe('don-hang.xlsx');
  });
});
