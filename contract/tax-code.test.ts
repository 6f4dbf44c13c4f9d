import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { companyTaxCodeField, isValidTaxCode, normalizeTaxCode, taxCodeCheckDigit, taxCodeKind, taxCodeProblem } from './tax-code';

describe('tax codes (MST)', () => {
  it.each([
    ['0100109106', 'enterprise'], // Viettel
    ['0101243150', 'enterprise'], // check digit 0 (remainder 10 → 10 − 10)
    ['0312345673', 'enterprise'],
    ['0100109106-001', 'branch'],
    ['079203001234', 'personal'],
  ])('accepts %s as %s', (code, kind) => {
    expect(taxCodeProblem(code)).toBeNull();
    expect(taxCodeKind(code)).toBe(kind);
  });

  it('computes the check digit with the weights 31 29 23 19 17 13 7 5 3', () => {
    // 0·31 + 1·29 + 0·23 + 0·19 + 1·17 + 0·13 + 9·7 + 1·5 + 0·3 = 114; 114 mod 11 = 4; 10 − 4 = 6
    expect(taxCodeCheckDigit('010010910')).toBe(6);
    // 1·29 + 1·19 + 2·17 + 4·13 + 3·7 + 1·5 + 5·3 = 175 ≡ 10 (mod 11): 10 − 10 = 0
    expect(taxCodeCheckDigit('010124315')).toBe(0);
  });

  it('refuses a wrong check digit and says why', () => {
    expect(taxCodeProblem('0100109107')).toBe('Mã số thuế không đúng (sai chữ số kiểm tra)');
    expect(isValidTaxCode('0312345678')).toBe(false);
  });

  it('refuses nine digits whose remainder would need a check digit of 10', () => {
    // 5·1 + 3·1 = 8: 10 − 8 = 2
    expect(taxCodeCheckDigit('000000011')).toBe(2);
    // a sum ≡ 0 (mod 11) would need a check digit of 10: no such code exists
    expect(taxCodeCheckDigit('000000000')).toBeNull();
    for (let last = 0; last <= 9; last += 1) expect(isValidTaxCode(`000000000${last}`)).toBe(false);
  });

  it.each([
    ['', 'Vui lòng nhập mã số thuế'],
    ['12345', 'Mã số thuế gồm 10 chữ số, 10 chữ số và mã đơn vị phụ thuộc (0312345673-001) hoặc 12 chữ số'],
    ['0100109106-1', 'Mã số thuế gồm 10 chữ số, 10 chữ số và mã đơn vị phụ thuộc (0312345673-001) hoặc 12 chữ số'],
    ['0100109106-000', 'Mã đơn vị phụ thuộc phải từ 001 đến 999'],
    ['abc0100109', 'Mã số thuế gồm 10 chữ số, 10 chữ số và mã đơn vị phụ thuộc (0312345673-001) hoặc 12 chữ số'],
    ['099203001234', 'Mã số thuế cá nhân (12 số) phải bắt đầu bằng mã tỉnh từ 001 đến 096'],
  ])('refuses %j', (code, message) => {
    expect(taxCodeProblem(code)).toBe(message);
    expect(taxCodeKind(code)).toBeNull();
  });

  it('drops spaces and dots people type, keeps the branch hyphen', () => {
    expect(normalizeTaxCode(' 0100 109.106-001 ')).toBe('0100109106-001');
    expect(isValidTaxCode('0100 109 106')).toBe(true);
  });
});

describe('tax codes typed by people', () => {
  it('catches every single-digit typo and every swap of two neighbouring different digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{9}$/), fc.integer({ min: 0, max: 9 }), fc.integer({ min: 1, max: 9 }), (nine, position, shift) => {
        const check = taxCodeCheckDigit(nine);
        fc.pre(check !== null);
        const code = `${nine}${check}`;
        expect(isValidTaxCode(code)).toBe(true);
        const typo = code.split('');
        typo[position] = String((Number(typo[position]) + shift) % 10);
        expect(isValidTaxCode(typo.join(''))).toBe(false);
        if (position < 8 && code[position] !== code[position + 1]) {
          const swapped = code.split('');
          [swapped[position], swapped[position + 1]] = [swapped[position + 1]!, swapped[position]!];
          expect(isValidTaxCode(swapped.join(''))).toBe(false);
        }
      }),
    );
  });

  it('takes a branch typed without its hyphen', () => {
    expect(normalizeTaxCode('0100109106001')).toBe('0100109106-001');
  });

  it("is a company's request field: normalized, checked, and never a person's code", () => {
    expect(v.parse(companyTaxCodeField, ' 0100109106001 ')).toBe('0100109106-001');
    expect(v.safeParse(companyTaxCodeField, '0100109107').issues?.[0]?.message).toBe('Mã số thuế không đúng (sai chữ số kiểm tra)');
    expect(v.safeParse(companyTaxCodeField, '  ').issues?.[0]?.message).toBe('Vui lòng nhập mã số thuế');
    expect(v.safeParse(companyTaxCodeField, '079203001234').issues?.[0]?.message).toBe(
      'Mã số thuế của doanh nghiệp gồm 10 chữ số, chi nhánh thêm 3 chữ số (0312345673-001)',
    );
  });
});
