import { describe, expect, it } from 'vitest';
import { contentDisposition } from './content-disposition';

describe('contentDisposition', () => {
  it('keeps a plain ASCII name as it is', () => {
    expect(contentDisposition('attachment', 'du-lieu-ca-nhan-KH000009-2026-12-04.xlsx')).toBe(
      'attachment; filename="du-lieu-ca-nhan-KH000009-2026-12-04.xlsx"',
    );
  });

  it('writes a Vietnamese or odd name in bytes a header may carry, the exact name percent-encoded', () => {
    const header = contentDisposition('inline', 'KH-Hà Nội "Đỳ".xlsx');
    expect(header).toBe(`inline; filename="KH-Ha Noi _Dy_.xlsx"; filename*=UTF-8''KH-H%C3%A0%20N%E1%BB%99i%20%22%C4%90%E1%BB%B3%22.xlsx`);
    expect(() => new Headers({ 'content-disposition': header })).not.toThrow();
  });
});
