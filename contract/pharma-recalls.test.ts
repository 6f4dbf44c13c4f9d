/** The recall arithmetic: legal deadlines per level, returned against shipped per customer, overdue, the inputs' Vietnamese refusals. */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  isRecallOverdue,
  OpenRecallSchema,
  RECALL_LEVEL_RULES,
  RECALL_LEVELS,
  recallDaysLeft,
  recallDeadline,
  recallProgress,
  recallReturnProblem,
  RecallReturnSchema,
} from './pharma-recalls';

describe('recall deadlines (Luật Dược 2016 Điều 63 khoản 3)', () => {
  it('gives 3, 15 and 30 days from the decision date for levels 1, 2 and 3, each citing its point of the law', () => {
    expect(RECALL_LEVELS.map((level) => RECALL_LEVEL_RULES[level].days)).toEqual([3, 15, 30]);
    expect(recallDeadline('2026-12-01', 1)).toBe('2026-12-04');
    expect(recallDeadline('2026-12-01', 2)).toBe('2026-12-16');
    expect(recallDeadline('2026-12-01', 3)).toBe('2026-12-31');
    expect(RECALL_LEVEL_RULES[2].source).toMatch(/Luật Dược 2016.*điểm b khoản 3 Điều 63/);
  });

  it('crosses months and years and a leap day', () => {
    expect(recallDeadline('2026-12-20', 2)).toBe('2027-01-04');
    expect(recallDeadline('2028-02-27', 1)).toBe('2028-03-01');
    expect(recallDeadline('2027-02-27', 1)).toBe('2027-03-02');
  });

  it('counts days left down to zero on the deadline and below it after', () => {
    expect(recallDaysLeft('2026-12-16', '2026-12-01')).toBe(15);
    expect(recallDaysLeft('2026-12-16', '2026-12-16')).toBe(0);
    expect(recallDaysLeft('2026-12-16', '2026-12-18')).toBe(-2);
  });
});

describe('overdue', () => {
  const deadline = '2026-12-16';
  it('is overdue only after the deadline and only while less came back than was shipped', () => {
    expect(isRecallOverdue({ today: '2026-12-16', deadline, returned: 0, shipped: 10 })).toBe(false);
    expect(isRecallOverdue({ today: '2026-12-17', deadline, returned: 9, shipped: 10 })).toBe(true);
    expect(isRecallOverdue({ today: '2026-12-17', deadline, returned: 10, shipped: 10 })).toBe(false);
    expect(isRecallOverdue({ today: '2026-12-17', deadline, returned: 0, shipped: 0 })).toBe(false);
  });
});

describe('returned against shipped per customer', () => {
  const A = '01890a5d-ac96-774b-bcce-b302099a80a1';
  const B = '01890a5d-ac96-774b-bcce-b302099a80a2';
  const shipments = [
    { customer_id: A, lot_id: 1, quantity: 30 },
    { customer_id: A, lot_id: 1, quantity: 20 },
    { customer_id: A, lot_id: 2, quantity: 10 },
    { customer_id: B, lot_id: 1, quantity: 5 },
  ];
  const returns = [
    { customer_id: A, lot_id: 1, quantity: 50 },
    { customer_id: B, lot_id: 1, quantity: 5 },
  ];

  it('sums per customer and lot, outstanding never below zero', () => {
    const progress = recallProgress(shipments, returns, { today: '2026-12-01', deadline: '2026-12-16' });
    expect(progress).toEqual([
      {
        customer_id: A,
        shipped: 60,
        returned: 50,
        outstanding: 10,
        overdue: false,
        lots: [
          { lot_id: 1, shipped: 50, returned: 50 },
          { lot_id: 2, shipped: 10, returned: 0 },
        ],
      },
      { customer_id: B, shipped: 5, returned: 5, outstanding: 0, overdue: false, lots: [{ lot_id: 1, shipped: 5, returned: 5 }] },
    ]);
  });

  it('marks the customers still holding goods overdue after the deadline, not those who returned everything', () => {
    const progress = recallProgress(shipments, returns, { today: '2026-12-17', deadline: '2026-12-16' });
    expect(progress.map((row) => [row.customer_id, row.overdue])).toEqual([
      [A, true],
      [B, false],
    ]);
  });

  it('refuses a return beyond what is still at the customer, naming what is left', () => {
    expect(recallReturnProblem({ shipped: 50, returned: 20 }, 30, 'viên')).toBeNull();
    expect(recallReturnProblem({ shipped: 50, returned: 20 }, 31, 'viên')).toBe(
      'Khách hàng chỉ còn 30 viên của lô này chưa trả (đã nhận 50, đã trả 20)',
    );
    expect(recallReturnProblem({ shipped: 50, returned: 50 }, 1)).toBe('Khách hàng đã trả đủ số lượng đã nhận của lô này');
    expect(recallReturnProblem({ shipped: 0, returned: 0 }, 1)).toBe('Khách hàng này không nhận lô này nên không có hàng để thu hồi');
  });
});

describe('inputs', () => {
  const open = {
    company: 1,
    scope: 'lot',
    lot_id: 5,
    level: 2,
    decision_number: '123/QĐ-QLD',
    decision_date: '2026-12-01',
    reason: 'Không đạt chỉ tiêu định lượng',
  };
  const messages = (schema: Parameters<typeof v.safeParse>[0], input: unknown) =>
    (v.safeParse(schema, input).issues ?? []).map((issue) => issue.message);

  it('accepts a lot campaign and a registration campaign', () => {
    expect(v.safeParse(OpenRecallSchema, open).success).toBe(true);
    expect(
      v.safeParse(OpenRecallSchema, { ...open, scope: 'registration', lot_id: null, registration_number: 'VD-12345-19' }).success,
    ).toBe(true);
  });

  it('refuses in Vietnamese: a level outside 1–3, a missing lot or registration number, a day that does not exist', () => {
    expect(messages(OpenRecallSchema, { ...open, level: 4 })).toEqual(['Mức độ thu hồi phải là 1, 2 hoặc 3']);
    expect(messages(OpenRecallSchema, { ...open, lot_id: null })).toEqual(['Vui lòng chọn lô cần thu hồi']);
    expect(messages(OpenRecallSchema, { ...open, scope: 'registration', registration_number: ' ' })).toEqual([
      'Vui lòng nhập số đăng ký cần thu hồi',
    ]);
    expect(messages(OpenRecallSchema, { ...open, decision_date: '2026-02-30' })).toEqual(['Ngày quyết định không hợp lệ (YYYY-MM-DD)']);
    expect(messages(OpenRecallSchema, { ...open, decision_number: '' })).toEqual(['Vui lòng nhập số quyết định thu hồi']);
  });

  it('refuses a return of nothing or of a fraction', () => {
    const back = { company: 1, customer_id: '01890a5d-ac96-774b-bcce-b302099a80a1', lot_id: 5, quantity: 3, document_date: '2026-12-02' };
    expect(v.safeParse(RecallReturnSchema, back).success).toBe(true);
    expect(messages(RecallReturnSchema, { ...back, quantity: 0 })).toEqual(['Số lượng trả phải lớn hơn 0']);
    expect(messages(RecallReturnSchema, { ...back, quantity: 1.5 })).toEqual(['Số lượng trả phải là số nguyên']);
  });
});
