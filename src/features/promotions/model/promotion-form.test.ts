import { describe, expect, it } from 'vitest';
import type { PromotionRecord } from '@contract/promotions';
import {
  addVariants,
  changeKind,
  checkPromotionForm,
  emptyPromotionForm,
  emptyTier,
  firstError,
  formFromRecord,
  numberOf,
  samePromotionForm,
  serverErrors,
  tierErrors,
  toPromotionInput,
  withoutErrors,
  type PromotionFormValues,
} from './promotion-form';
import { refusal } from '@/testing/refusal';

const COMPANY = 4;

const RECORD: PromotionRecord = {
  id: 7,
  company: COMPANY,
  code: 'KM000007',
  name: 'Mua 10 chai Prospan tặng 1 chai',
  description: 'Cho nhà thuốc',
  kind: 'buy_get',
  state: 'pending',
  status: 1,
  starts_on: '2026-11-20',
  ends_on: '2026-12-31',
  hours_from: '08:00',
  hours_to: '11:30',
  exclusive: true,
  priority: 5,
  variant_ids: [31, 32],
  category_ids: [],
  brand_ids: [2],
  customer_type_ids: [1],
  level_ids: [],
  region_ids: [3],
  province_codes: ['79'],
  tiers: [{ threshold: 10, reward: 'gift', value: 0, gift_variant_id: null, gift_quantity: 1 }],
  cap_kind: 'quantity',
  cap_total: 500,
  cap_per_customer: 50,
  used_total: 12,
  order_count: 4,
  discount_given: 0,
  notice_ref: 'TB-KM 1123/SCT-QLTM',
  notice_date: '2026-11-15',
  reject_reason: null,
  created_by_name: 'Nguyễn Văn An',
  approved_by_name: null,
  approved_at: null,
  created_at: '2026-11-15T02:00:00.000Z',
  updated_at: '2026-11-15T02:00:00.000Z',
};

function valid(overrides: Partial<PromotionFormValues> = {}): PromotionFormValues {
  const values = emptyPromotionForm('2026-11-25');
  return {
    ...values,
    name: 'Giảm 8% Smecta',
    ends_on: '2026-12-25',
    variant_ids: [11],
    tiers: [{ ...values.tiers[0]!, value: '8' }],
    ...overrides,
  };
}

describe('the programme form values', () => {
  it('start as a discount from one unit, today to a date still to choose, no budget', () => {
    const values = emptyPromotionForm('2026-11-25');
    expect(values).toMatchObject({ kind: 'discount', starts_on: '2026-11-25', ends_on: '', cap_kind: 'money', priority: '0' });
    expect(values.tiers).toHaveLength(1);
    expect(values.tiers[0]).toMatchObject({ threshold: '1', reward: 'percent', value: '' });
  });

  it('read a record and give back the same input', () => {
    const values = formFromRecord(RECORD);
    expect(values).toMatchObject({
      hours: true,
      hours_from: '08:00',
      exclusive: true,
      priority: '5',
      cap_total: '500',
      notice_date: '2026-11-15',
    });
    expect(toPromotionInput(COMPANY, values)).toEqual({
      company: COMPANY,
      name: RECORD.name,
      description: RECORD.description,
      kind: 'buy_get',
      starts_on: RECORD.starts_on,
      ends_on: RECORD.ends_on,
      hours_from: '08:00',
      hours_to: '11:30',
      exclusive: true,
      priority: 5,
      variant_ids: [31, 32],
      category_ids: [],
      brand_ids: [2],
      customer_type_ids: [1],
      level_ids: [],
      region_ids: [3],
      tiers: RECORD.tiers,
      cap_kind: 'quantity',
      cap_total: 500,
      cap_per_customer: 50,
      notice_ref: RECORD.notice_ref,
      notice_date: RECORD.notice_date,
    });
  });

  it('send no window when the window is off, and nulls for what is left empty', () => {
    const input = toPromotionInput(COMPANY, {
      ...formFromRecord(RECORD),
      hours: false,
      description: '  ',
      cap_total: '',
      notice_ref: '',
      notice_date: '',
    });
    expect(input).toMatchObject({
      hours_from: null,
      hours_to: null,
      description: null,
      cap_total: null,
      notice_ref: null,
      notice_date: null,
    });
  });

  it('read numbers as Vietnamese write them', () => {
    expect(numberOf('2.000.000')).toBe(2_000_000);
    expect(numberOf('2,5')).toBe(2.5);
    expect(numberOf('2.5')).toBe(2.5);
    expect(numberOf('10 %')).toBe(10);
    expect(numberOf('')).toBeNaN();
    expect(numberOf('mười')).toBeNaN();
  });

  it('keep what a new kind allows when the kind changes', () => {
    const tiered: PromotionFormValues = {
      ...valid({ kind: 'quantity_tier' }),
      tiers: [
        { ...emptyTier('quantity_tier'), threshold: '10', reward: 'fixed_price', value: '3000' },
        { ...emptyTier('quantity_tier'), threshold: '20', reward: 'fixed_price', value: '2800' },
      ],
    };
    const buyGet = changeKind(tiered, 'buy_get');
    expect(buyGet.tiers).toHaveLength(1);
    expect(buyGet.tiers[0]).toMatchObject({ threshold: '10', reward: 'gift', gift_quantity: '1' });
    const orderTotal = changeKind(tiered, 'order_total');
    expect(orderTotal.tiers.map((tier) => [tier.threshold, tier.reward])).toEqual([
      ['', 'percent'],
      ['', 'percent'],
    ]);
    expect(changeKind(tiered, 'quantity_tier')).toBe(tiered);
  });

  it('tell whether anything changed, tier keys aside', () => {
    const values = formFromRecord(RECORD);
    expect(samePromotionForm(values, formFromRecord(RECORD))).toBe(true);
    expect(samePromotionForm(values, { ...values, name: 'Khác' })).toBe(false);
  });

  it('add the variants of an Excel sheet once each, after those chosen', () => {
    const values = valid({ variant_ids: [11, 12] });
    expect(addVariants(values, [12, 13, 13, 14]).variant_ids).toEqual([11, 12, 13, 14]);
    expect(addVariants(values, [11])).toBe(values);
  });
});

describe('checking the form before sending', () => {
  it('passes a valid programme and gives the body', () => {
    const checked = checkPromotionForm(COMPANY, valid());
    expect(checked.ok).toBe(true);
    if (checked.ok)
      expect(checked.input).toMatchObject({ company: COMPANY, kind: 'discount', tiers: [{ threshold: 1, reward: 'percent', value: 8 }] });
  });

  it('puts each problem on its input, in the contract’s words', () => {
    const checked = checkPromotionForm(
      COMPANY,
      valid({ name: ' ', ends_on: '', tiers: [{ ...emptyTier('discount'), threshold: '', value: '' }] }),
    );
    expect(refusal(checked)).toMatchObject({
      name: 'Vui lòng nhập tên chương trình',
      ends_on: 'Vui lòng chọn Ngày kết thúc',
      'tiers.0.threshold': 'Vui lòng nhập mốc áp dụng',
      'tiers.0.value': 'Vui lòng nhập giá trị ưu đãi',
    });
  });

  it('runs the legal tier checks of the contract (tierProblems) on the tier they name', () => {
    const over = checkPromotionForm(COMPANY, valid({ tiers: [{ ...emptyTier('discount'), value: '60' }] }));
    expect(!over.ok && over.errors['tiers.0.value']).toBe('Mức giảm tối đa 50% (Nghị định 81/2018, Điều 7)');
    const tiers = [
      { ...emptyTier('quantity_tier'), threshold: '10', value: '8' },
      { ...emptyTier('quantity_tier'), threshold: '20', value: '5' },
      { ...emptyTier('quantity_tier'), threshold: '20', value: '9' },
    ];
    const overlapping = checkPromotionForm(COMPANY, valid({ kind: 'quantity_tier', tiers }));
    const errors = refusal(overlapping);
    expect(errors['tiers.2.threshold']).toBe('Hai bậc trùng mốc áp dụng');
    expect(errors.tiers).toMatch(/ưu đãi thấp hơn bậc dưới nó/);
    const half = checkPromotionForm(
      COMPANY,
      valid({
        kind: 'order_total',
        variant_ids: [],
        tiers: [{ ...emptyTier('order_total'), threshold: '1000000', reward: 'amount', value: '600000' }],
      }),
    );
    expect(!half.ok && half.errors['tiers.0.value']).toMatch(/không được quá 50% mốc tổng tiền/);
    const gift = checkPromotionForm(
      COMPANY,
      valid({ kind: 'order_total', tiers: [{ ...emptyTier('order_total'), threshold: '2000000', reward: 'gift', gift_quantity: '1' }] }),
    );
    expect(!gift.ok && gift.errors['tiers.0.gift_variant_id']).toBe('Vui lòng chọn sản phẩm tặng');
  });

  it('puts the checks across fields under the field a person fixes', () => {
    const backwards = checkPromotionForm(COMPANY, valid({ starts_on: '2026-12-01', ends_on: '2026-11-01' }));
    expect(!backwards.ok && backwards.errors.ends_on).toBe('Ngày kết thúc phải sau ngày bắt đầu');
    const window = checkPromotionForm(COMPANY, valid({ hours: true, hours_from: '18:00', hours_to: '08:00' }));
    expect(!window.ok && window.errors.hours_to).toBe('Giờ kết thúc phải sau giờ bắt đầu');
    const half = checkPromotionForm(COMPANY, valid({ hours: true, hours_from: '08:00' }));
    expect(!half.ok && half.errors.hours_to).toBe('Vui lòng nhập cả giờ bắt đầu và giờ kết thúc');
    const budget = checkPromotionForm(COMPANY, valid({ cap_total: '100000', cap_per_customer: '200000' }));
    expect(!budget.ok && budget.errors.cap_per_customer).toBe('Giới hạn mỗi khách hàng không được lớn hơn ngân sách');
    expect(!budget.ok && firstError(budget.errors)).toBe('Giới hạn mỗi khách hàng không được lớn hơn ngân sách');
  });

  it('toasts the first problem in the order the form shows its fields', () => {
    expect(firstError({ 'tiers.10.value': 'c', 'tiers.2.value': 'b', name: 'a' })).toBe('a');
    expect(firstError({ 'tiers.10.value': 'c', 'tiers.2.value': 'b' })).toBe('b');
    expect(firstError({ variant_ids: 'd', ends_on: 'e', _form: 'f' })).toBe('f');
    expect(firstError({})).toBe('Dữ liệu chương trình không hợp lệ');
  });
});

describe('the server’s refusal on the form', () => {
  it('keeps its fields, and puts a message without a field where it belongs or over the form', () => {
    const message = 'Mức giảm 2.200 ₫ vượt 50% giá của Smecta (4.200 ₫) (Nghị định 81/2018)';
    expect(serverErrors(message, { 'tiers.0.value': message })).toEqual({ 'tiers.0.value': message });
    expect(serverErrors('Ngày kết thúc phải sau ngày bắt đầu', {})).toEqual({ ends_on: 'Ngày kết thúc phải sau ngày bắt đầu' });
    expect(serverErrors('Chương trình đã được duyệt, không thể sửa', {})).toEqual({ _form: 'Chương trình đã được duyệt, không thể sửa' });
  });

  it('gives a tier its own errors and forgets a field’s errors once it changes', () => {
    const errors = { 'tiers.0.value': 'a', 'tiers.1.threshold': 'b', 'tiers.1.gift_variant_id': 'c', tiers: 'd', name: 'e' };
    expect(tierErrors(errors, 1)).toEqual({ threshold: 'b', gift_variant_id: 'c' });
    expect(withoutErrors(errors, 'tiers.1')).toEqual({ 'tiers.0.value': 'a', tiers: 'd', name: 'e' });
    expect(withoutErrors(errors, 'tiers')).toEqual({ name: 'e' });
    expect(withoutErrors(errors, 'kind')).toBe(errors);
  });
});
