import { describe, expect, it } from 'vitest';
import { checkPolicyForm, emptyPolicyForm, itemKey, policyFormFromRecord } from './policy-form';
import { refusal } from '@/testing/refusal';

describe('price-policy form', () => {
  it('turns typed values into the contract body (comma decimals, empty dates as null)', () => {
    const values = {
      ...emptyPolicyForm(),
      title: ' Đại lý cấp 1 ',
      customer_type_id: '4',
      discount_percent: '2,5',
      priority: '10',
      starts_on: '2026-12-01',
      items: [{ key: itemKey(), variant_id: 7, unit: 'hộp', price: '85000' }],
    };
    const checked = checkPolicyForm(3, values);
    expect(checked).toMatchObject({
      ok: true,
      input: {
        company: 3,
        customer_type_id: 4,
        level_id: null,
        discount_percent: 2.5,
        priority: 10,
        starts_on: '2026-12-01',
        ends_on: null,
      },
    });
  });

  it('reports the contract messages on the fields', () => {
    const bad = checkPolicyForm(3, {
      ...emptyPolicyForm(),
      title: ' ',
      discount_percent: '120',
      items: [{ key: itemKey(), variant_id: 7, unit: 'hộp', price: '' }],
    });
    expect(refusal(bad)).toMatchObject({
      title: 'Vui lòng nhập tên chính sách giá',
      discount_percent: 'Chiết khấu tối đa 100%',
      'items.0.price': 'Giá phải là số',
    });

    const dates = checkPolicyForm(3, { ...emptyPolicyForm(), title: 'A', starts_on: '2026-12-10', ends_on: '2026-12-01' });
    expect(dates).toMatchObject({ ok: false, errors: { ends_on: 'Ngày kết thúc phải sau ngày bắt đầu' } });
  });

  it('reads a record back', () => {
    const values = policyFormFromRecord({
      id: 1,
      company: 3,
      title: 'VIP',
      customer_type_id: null,
      level_id: 2,
      discount_percent: 1.5,
      priority: 3,
      is_active: false,
      starts_on: null,
      ends_on: '2027-01-01',
      note: null,
      items: [{ variant_id: 9, unit: 'viên', price: 900 }],
      updated_at: '2026-01-01T00:00:00Z',
    });
    expect(values).toMatchObject({ level_id: '2', discount_percent: '1,5', starts_on: '', ends_on: '2027-01-01', is_active: false });
    expect(values.items[0]).toMatchObject({ variant_id: 9, unit: 'viên', price: '900' });
  });
});
