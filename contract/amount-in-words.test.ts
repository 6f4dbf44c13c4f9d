import { describe, expect, it } from 'vitest';
import { amountInWords } from './amount-in-words';

describe('amountInWords', () => {
  it.each([
    [105, 'một trăm linh năm đồng'],
    [1050, 'một nghìn không trăm năm mươi đồng'],
    [21, 'hai mươi mốt đồng'],
    [15, 'mười lăm đồng'],
    [1_000_000_005, 'một tỷ không trăm linh năm đồng'],
    [0, 'không đồng'],
    [1_234_567, 'một triệu hai trăm ba mươi tư nghìn năm trăm sáu mươi bảy đồng'],
  ])('reads %d as "%s"', (value, words) => {
    expect(amountInWords(value)).toBe(words);
  });

  it('capitalizes the first letter on request', () => {
    expect(amountInWords(105, { capitalize: true })).toBe('Một trăm linh năm đồng');
  });

  it('rounds to whole đồng first', () => {
    expect(amountInWords(104.5)).toBe('một trăm linh năm đồng');
  });

  it('reads negative amounts with "âm"', () => {
    expect(amountInWords(-105)).toBe('âm một trăm linh năm đồng');
  });

  it('reads bigint amounts beyond the safe integer range without losing the last digits', () => {
    // 2^53 + 1 is not representable as a number, which would read "...chín mươi hai đồng".
    expect(amountInWords(9_007_199_254_740_993n)).toBe(
      'chín triệu không trăm linh bảy nghìn một trăm chín mươi chín tỷ hai trăm năm mươi tư triệu ' +
        'bảy trăm bốn mươi nghìn chín trăm chín mươi ba đồng',
    );
  });
});
