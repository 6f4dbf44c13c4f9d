import { describe, expect, it } from 'vitest';
import { bareName, normalizePlaceName, searchText } from './address-units';

describe('normalizePlaceName', () => {
  it('composes letters to NFC', () => {
    const decomposed = 'Xã Nậm Nèn'.normalize('NFD');
    expect(decomposed).not.toBe('Xã Nậm Nèn');
    expect(normalizePlaceName(decomposed)).toBe('Xã Nậm Nèn'.normalize('NFC'));
    expect(normalizePlaceName('Phường Gò Vấp'.normalize('NFD'))).toBe('Phường Gò Vấp');
  });

  it('writes a straight apostrophe for the curly and modifier ones', () => {
    expect(normalizePlaceName('Xã Ea H’Leo')).toBe("Xã Ea H'Leo");
    expect(normalizePlaceName('Xã M‘Drắk')).toBe("Xã M'Drắk");
    expect(normalizePlaceName('Xã Cư Mʼgar')).toBe("Xã Cư M'gar");
    expect(normalizePlaceName('Xã Cư Mʻta')).toBe("Xã Cư M'ta");
    expect(normalizePlaceName('Xã Ea M‛Droh')).toBe("Xã Ea M'Droh");
    expect(normalizePlaceName('Xã Đạ M′ri')).toBe("Xã Đạ M'ri");
    expect(normalizePlaceName('Xã Ea H`Leo')).toBe("Xã Ea H'Leo");
    expect(normalizePlaceName("Xã Ea H'Leo")).toBe("Xã Ea H'Leo");
  });

  it('puts the tone mark of a final oa, oe, uy on its first vowel', () => {
    expect(normalizePlaceName('Phường Yên Hoà')).toBe('Phường Yên Hòa');
    expect(normalizePlaceName('Tỉnh Thanh Hoá')).toBe('Tỉnh Thanh Hóa');
    expect(normalizePlaceName('Phường Thuỷ Nguyên')).toBe('Phường Thủy Nguyên');
    expect(normalizePlaceName('Xã Điềm Thuỵ')).toBe('Xã Điềm Thụy');
    expect(normalizePlaceName('Xã Sông Luỹ')).toBe('Xã Sông Lũy');
    expect(normalizePlaceName('Xã Hoả Lựu')).toBe('Xã Hỏa Lựu');
    expect(normalizePlaceName('Xã Khoẻ')).toBe('Xã Khỏe');
    expect(normalizePlaceName('PHƯỜNG HOÀ BÌNH')).toBe('PHƯỜNG HÒA BÌNH');
  });

  it('leaves tone marks that are already in place, after qu, and inside a longer syllable', () => {
    for (const name of [
      'Xã Quý Hòa',
      'Xã Dương Quỳ',
      'Phường Hoàn Kiếm',
      'Xã Hoằng Hóa',
      'Phường Nguyễn Úy',
      'Xã Thuận Hòa',
      'Xã Khuyến Nông',
    ]) {
      expect(normalizePlaceName(name)).toBe(name);
    }
  });

  it('collapses runs of spaces, tabs and no-break spaces to one space', () => {
    expect(normalizePlaceName('Phường  Bến\tThành')).toBe('Phường Bến Thành');
    expect(normalizePlaceName('Xã\u00a0Ba Chẽ')).toBe('Xã Ba Chẽ');
    expect(normalizePlaceName('Xã Ba\n Chẽ')).toBe('Xã Ba Chẽ');
  });

  it('trims', () => {
    expect(normalizePlaceName('  Xã Ia Mơ \u00a0')).toBe('Xã Ia Mơ');
    expect(normalizePlaceName('   ')).toBe('');
  });

  it('applies every rule at once and is idempotent', () => {
    const messy = ` Xã  Ea H’Leo \u00a0Hoà `.normalize('NFD');
    expect(normalizePlaceName(messy)).toBe("Xã Ea H'Leo Hòa");
    expect(normalizePlaceName(normalizePlaceName(messy))).toBe("Xã Ea H'Leo Hòa");
  });

  it('gives the search the same words as before', () => {
    for (const name of ['Xã Ea H’Leo', 'Phường Yên Hoà', 'Xã Thuỵ Anh']) {
      expect(searchText(bareName(normalizePlaceName(name)))).toBe(searchText(bareName(name)));
    }
  });
});
