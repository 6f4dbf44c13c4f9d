import { describe, expect, it } from 'vitest';
import { email, isRequired, maxLength, maxValue, phone, required, sameAs, validate } from './input-rules';

describe('validate', () => {
  it('returns the message of the first failing rule, in order', () => {
    const rules = [required(), maxLength(3, 'Quá dài'), email()];
    expect(validate('', rules)).toBe('Bạn cần điền vào mục này');
    expect(validate('abcd', rules)).toBe('Quá dài');
    expect(validate('abc', rules)).toBe('Email không hợp lệ');
  });

  it('returns null when every rule passes or there are none', () => {
    expect(validate('a@b.vn', [required(), email()])).toBeNull();
    expect(validate('anything', [])).toBeNull();
  });
});

describe('rules', () => {
  it('required rejects blank text and is tagged for the asterisk', () => {
    expect(required()('   ')).toBe('Bạn cần điền vào mục này');
    expect(required('Vui lòng nhập')('')).toBe('Vui lòng nhập');
    expect(required()('x')).toBe(true);
    expect(isRequired([email(), required()])).toBe(true);
    expect(isRequired([email(), phone()])).toBe(false);
  });

  it('optional rules let an empty value pass', () => {
    for (const rule of [email(), phone(), maxValue(10), sameAs(() => 'x', 'Khác')]) {
      expect(validate('', [rule])).toBeNull();
    }
  });

  it('phone accepts Vietnamese numbers as people write them', () => {
    expect(validate('0912 345 678', [phone()])).toBeNull();
    expect(validate('+84912345678', [phone()])).toBeNull();
    expect(validate('024.3825.1234', [phone()])).toBeNull();
    expect(validate('12345', [phone()])).toBe('Số điện thoại không hợp lệ');
    expect(validate('09123abc78', [phone()])).toBe('Số điện thoại không hợp lệ');
  });

  it('email rejects obvious typos', () => {
    expect(validate('an@cty.com.vn', [email()])).toBeNull();
    expect(validate('an@cty', [email()])).toBe('Email không hợp lệ');
    expect(validate('an cty@x.vn', [email()])).toBe('Email không hợp lệ');
  });

  it('sameAs compares with the other field at check time', () => {
    let other = 'abc123';
    const rule = sameAs(() => other, 'Mật khẩu mới không giống nhau');
    expect(validate('abc123', [rule])).toBeNull();
    other = 'changed';
    expect(validate('abc123', [rule])).toBe('Mật khẩu mới không giống nhau');
  });

  it('maxLength and maxValue use the spec messages by default', () => {
    expect(validate('abcd', [maxLength(3)])).toBe('Tối đa 3 ký tự');
    expect(validate('101', [maxValue(100)])).toBe('Giá trị không được vượt quá 100');
    expect(validate('100', [maxValue(100)])).toBeNull();
  });
});
