import { describe, expect, it } from 'vitest';
import { fold, foldedWords } from './fold';

describe('fold', () => {
  it('strips Vietnamese marks and maps đ and Đ to d', () => {
    expect(fold('Nhà thuốc Đức Hạnh')).toBe('nha thuoc duc hanh');
    expect(fold('ĐẶNG THỊ NGỌC')).toBe('dang thi ngoc');
    expect(fold('Hoà Bình')).toBe('hoa binh');
  });

  it('folds precomposed (NFC) and combining (NFD) input to the same key', () => {
    const nfc = 'Nguyễn Văn Ất'.normalize('NFC');
    const nfd = 'Nguyễn Văn Ất'.normalize('NFD');
    expect(nfc).not.toBe(nfd);
    expect(fold(nfc)).toBe(fold(nfd));
    expect(fold(nfd)).toBe('nguyen van at');
  });

  it('collapses spaces and handles empty input', () => {
    expect(fold('  Paracetamol   500mg ')).toBe('paracetamol 500mg');
    expect(fold(null)).toBe('');
  });
});

describe('foldedWords', () => {
  it('splits into distinct folded words of letters and digits', () => {
    expect(foldedWords('Panadol Extra 500mg', 'Paracetamol; Cafein', '0901-234-567')).toEqual([
      'panadol',
      'extra',
      '500mg',
      'paracetamol',
      'cafein',
      '0901',
      '234',
      '567',
    ]);
    expect(foldedWords('Nhà thuốc', 'nha THUOC')).toEqual(['nha', 'thuoc']);
  });
});
