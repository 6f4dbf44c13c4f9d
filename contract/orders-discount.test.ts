import { describe, expect, it } from 'vitest';
import { discountApprovalReason, discountLimitOf, type DiscountedLine } from './orders-discount';
import { discountProblem, quantityProblem } from './orders-lines';
import { lineAmounts, type LineDiscount } from './orders-totals';

const REP = { roleName: 'Trình dược viên', maxPercent: 10 };

/** A line as the cart and order.submit see it: priced by the shared arithmetic, promotions first. */
function line(label: string, unitPrice: number, quantity: number, discount: LineDiscount | null, promotion = 0): DiscountedLine {
  return { label, discount, amounts: lineAmounts({ unitPrice, quantity, discount, promotion, vatRate: 0, vatOn: false }) };
}

describe('discountApprovalReason', () => {
  it('lets a line through at the role’s maximum, percent or the same amount in đồng', () => {
    expect(discountApprovalReason([line('Hapacol 500', 100_000, 1, { kind: 'percent', value: 10 })], REP)).toBeNull();
    expect(discountApprovalReason([line('Hapacol 500', 100_000, 1, { kind: 'amount', value: 10_000 })], REP)).toBeNull();
    // 10 % of 15 đ is 1,5 đ, which lineAmounts rounds to 2 đ: typed as 2 ₫ it is the same discount.
    expect(discountApprovalReason([line('Viên', 15, 1, { kind: 'amount', value: 2 })], REP)).toBeNull();
  });

  it('says which line goes over the maximum, by how much, and whose limit it is', () => {
    const lines = [
      line('Smecta', 50_000, 2, { kind: 'percent', value: 5 }),
      line('Hapacol 500', 100_000, 1, { kind: 'percent', value: 35 }),
    ];
    expect(discountApprovalReason(lines, REP)).toBe('Chiết khấu 35 % (Hapacol 500) vượt mức tối đa 10 % của vai trò Trình dược viên');
  });

  it('counts an amount against what the line is worth after its promotions', () => {
    // 200.000 less a 100.000 promotion leaves 100.000: 15.000 off it is 15 %, over 10 %.
    const promoted = line('Prospan', 100_000, 2, { kind: 'amount', value: 15_000 }, 100_000);
    expect(discountApprovalReason([promoted], REP)).toBe('Chiết khấu 15 % (Prospan) vượt mức tối đa 10 % của vai trò Trình dược viên');
    // Without the promotion the same 15.000 is 7,5 % of 200.000, within the limit.
    expect(discountApprovalReason([line('Prospan', 100_000, 2, { kind: 'amount', value: 15_000 })], REP)).toBeNull();
  });

  it('names every line over the maximum, with a fraction of a percent where the amount makes one', () => {
    const lines = [
      line('Hapacol 500', 30_000, 1, { kind: 'amount', value: 3_700 }),
      line('Smecta', 10_000, 1, { kind: 'percent', value: 20 }),
      line('Berberin', 10_000, 1, { kind: 'percent', value: 10 }),
    ];
    expect(discountApprovalReason(lines, REP)).toBe(
      'Chiết khấu 12,3 % (Hapacol 500), 20 % (Smecta) vượt mức tối đa 10 % của vai trò Trình dược viên',
    );
  });

  it('holds the order as a whole: one line far over cannot hide behind lines without discount', () => {
    const lines = [line('A', 1_000_000, 1, null), line('B', 10_000, 1, { kind: 'amount', value: 5_000 })];
    // 5.000 of the order's 1.010.000 is 0,5 %, but 50 % of line B.
    expect(discountApprovalReason(lines, REP)).toContain('50 % (B)');
  });

  it('asks nothing without a limit, nor of an administrator, and a limit of 0 % means any discount waits', () => {
    const lines = [line('Hapacol 500', 100_000, 1, { kind: 'percent', value: 90 })];
    expect(discountApprovalReason(lines, { roleName: 'Quản lý vùng', maxPercent: null })).toBeNull();
    expect(discountApprovalReason(lines, discountLimitOf({ roleName: 'Quản trị', isAdmin: true, maxDiscount: 10 }))).toBeNull();
    expect(discountLimitOf({ roleName: 'Trình dược viên', isAdmin: false, maxDiscount: 10 })).toEqual(REP);
    // An access cached by an older build has no limit on the phone; the server decides.
    expect(discountLimitOf({ roleName: 'Trình dược viên', isAdmin: false })).toEqual({ roleName: 'Trình dược viên', maxPercent: null });
    const none = { roleName: 'Cộng tác viên', maxPercent: 0 };
    expect(discountApprovalReason([line('Smecta', 10_000, 1, { kind: 'amount', value: 1 })], none)).toContain('vượt mức tối đa 0 %');
    expect(discountApprovalReason([line('Smecta', 10_000, 1, null)], none)).toBeNull();
  });
});

describe('line field rules', () => {
  it('refuses an amount larger than the line is worth after promotions, instead of capping it', () => {
    expect(discountProblem({ kind: 'amount', value: 999_999 }, 45_000)).toBe(
      'Chiết khấu 999.999 ₫ vượt quá giá trị của dòng (45.000 ₫)'.replace(/ ₫/g, '\u00a0₫'),
    );
    expect(discountProblem({ kind: 'amount', value: 45_000 }, 45_000)).toBeNull();
  });

  it('refuses a percent over 100 and a negative or non-numeric discount', () => {
    expect(discountProblem({ kind: 'percent', value: 150 }, 45_000)).toBe('Chiết khấu tối đa 100%');
    expect(discountProblem({ kind: 'percent', value: 100 }, 45_000)).toBeNull();
    expect(discountProblem({ kind: 'percent', value: -10 }, 45_000)).toBe('Chiết khấu không được âm');
    expect(discountProblem({ kind: 'amount', value: Number.NaN }, 45_000)).toBe('Chiết khấu phải là số');
    expect(discountProblem(null, 0)).toBeNull();
  });

  it('wants a quantity from 1 to 1.000.000', () => {
    expect(quantityProblem(0)).toBe('Số lượng tối thiểu là 1');
    expect(quantityProblem(1.5)).toBe('Số lượng tối thiểu là 1');
    expect(quantityProblem(1)).toBeNull();
    expect(quantityProblem(1_000_001)).toBe('Số lượng tối đa là 1.000.000');
  });
});
