import { describe, expect, it } from 'vitest';
import type { EmployeeRecord } from '@contract/employees';
import { validate } from '@/ui/input-rules';
import { EMPLOYEE_FORM_RULES, emptyEmployeeForm, isEmptyUpdate, recordToForm, toCreateInput, toUpdateInput } from './employee-form';

const record: EmployeeRecord = {
  id: 11,
  membership_id: 21,
  company: 1,
  code: 'TDV001',
  full_name: 'Lê Văn Trình',
  phone: '0912000001',
  email: null,
  staff_kind: 'sales',
  role: { id: 3, name: 'Trình dược viên' },
  pending_role: null,
  region: { id: 2, code: 'MN', name: 'Miền Nam' },
  manager: { id: 13, full_name: 'Võ Minh Quân' },
  status_display: 'accept',
  is_active: true,
  is_owner: false,
  start_date: '2025-03-01',
  created_at: '2025-03-01T00:00:00.000Z',
};

describe('the employee form', () => {
  it('sends the filled fields when creating, without an empty password', () => {
    const values = { ...emptyEmployeeForm('sales'), phone: ' 0912 345 678 ', full_name: ' Mai ', region: '2' };
    expect(toCreateInput(1, values)).toEqual({
      company: 1,
      phone: '0912 345 678',
      full_name: 'Mai',
      email: null,
      staff_kind: 'sales',
      code: null,
      role: null,
      region: 2,
      manager: null,
      start_date: null,
    });
    expect(toCreateInput(1, { ...values, password: 'Khoi@dau2026' }).password).toBe('Khoi@dau2026');
  });

  it('sends only what changed when editing, null to clear', () => {
    const values = recordToForm(record);
    expect(isEmptyUpdate(toUpdateInput(1, record, values))).toBe(true);
    expect(toUpdateInput(1, record, { ...values, manager: '', code: 'TDV-01', role: '4' })).toEqual({
      company: 1,
      manager: null,
      code: 'TDV-01',
      role: 4,
    });
    expect(toUpdateInput(1, record, { ...values, full_name: ' Lê Văn Trình ' })).toEqual({ company: 1 });
  });

  it('checks phone, name, code and password on blur with Vietnamese messages', () => {
    expect(validate('', EMPLOYEE_FORM_RULES.phone)).toBe('Vui lòng nhập số điện thoại');
    expect(validate('0123', EMPLOYEE_FORM_RULES.phone)).toBe('Số điện thoại không hợp lệ');
    expect(validate('+84 912 345 678', EMPLOYEE_FORM_RULES.phone)).toBeNull();
    expect(validate(' ', EMPLOYEE_FORM_RULES.full_name)).toBe('Vui lòng nhập họ và tên.');
    expect(validate('TDV 1', EMPLOYEE_FORM_RULES.code)).toBe('Mã nhân viên chỉ gồm chữ, số và các ký tự . _ - /');
    expect(validate('', EMPLOYEE_FORM_RULES.password)).toBeNull();
    expect(validate('1234567', EMPLOYEE_FORM_RULES.password)).toBe('Mật khẩu phải có ít nhất 8 ký tự');
  });
});
