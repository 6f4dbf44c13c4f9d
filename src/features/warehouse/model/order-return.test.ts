import { describe, expect, it } from 'vitest';
import type { ReceiptDetail } from '@contract/warehouse-receipts';
import { baseByVariant, refusedLine, returnLines, returnProblem, returnRows, type ReturnableLine } from './order-return';

function line(id: string, variantId: number, unit: string, factor: number, quantity: number): ReturnableLine {
  return { id, variant_id: variantId, product_name: `SP ${variantId}`, variant_name: '', unit, factor, quantity };
}

const receipt = (status: ReceiptDetail['status'], lines: [variantId: number, base: number][]) =>
  ({ status, lines: lines.map(([variant_id, base_quantity]) => ({ variant_id, base_quantity })) }) as Pick<
    ReceiptDetail,
    'status' | 'lines'
  >;

describe('what a shipped order can return', () => {
  it('adds up the completed receipts per variant (a cancelled shipment took nothing)', () => {
    expect([
      ...baseByVariant([
        receipt('completed', [
          [1, 30],
          [2, 4],
          [1, 10],
        ]),
        receipt('cancelled', [[1, 500]]),
      ]),
    ]).toEqual([
      [1, 40],
      [2, 4],
    ]);
  });

  it('gives each line what its variant shipped less what came back, in the line unit, lines of one variant in order', () => {
    const lines = [line('a', 1, 'vỉ', 10, 3), line('b', 1, 'viên', 1, 15), line('c', 2, 'hộp', 1, 2), line('d', 3, 'chai', 1, 1)];
    const rows = returnRows(
      lines,
      new Map([
        [1, 45],
        [2, 2],
      ]),
      new Map([[1, 7]]),
    );
    // 45 - 7 = 38 viên: 3 vỉ (30), then 8 viên for the second line; variant 3 never shipped.
    expect(rows.map((row) => [row.lineId, row.max, row.shipped])).toEqual([
      ['a', 3, true],
      ['b', 8, true],
      ['c', 2, true],
      ['d', 0, false],
    ]);
    expect(rows[0]).toMatchObject({ title: 'SP 1', unit: 'vỉ', factor: 10, ordered: 3, index: 0 });
  });

  it('checks the chosen figures and sends every line with its figure', () => {
    const rows = returnRows([line('a', 1, 'vỉ', 10, 3), line('d', 3, 'chai', 1, 1)], new Map([[1, 30]]), new Map());
    expect(returnProblem(rows, new Map())).toEqual({ message: 'Chưa chọn hàng nào để nhập trả' });
    expect(returnProblem(rows, new Map([['a', 4]]))).toEqual({ message: 'SP 1: chỉ còn 3 vỉ có thể nhập trả', lineId: 'a' });
    expect(returnProblem(rows, new Map([['d', 1]]))).toEqual({ message: 'SP 3: không còn hàng để nhập trả', lineId: 'd' });
    expect(returnProblem(rows, new Map([['a', 1.5]]))).toEqual({ message: 'Số lượng trả phải là số nguyên không âm', lineId: 'a' });
    expect(returnProblem(rows, new Map([['a', 2]]))).toBeNull();
    expect(returnLines(rows, new Map([['a', 2]]))).toEqual([
      { line_id: 'a', quantity: 2 },
      { line_id: 'd', quantity: 0 },
    ]);
  });

  it("puts the server's refusal of lines.N on that order line", () => {
    const rows = returnRows(
      [line('a', 1, 'vỉ', 10, 3), line('b', 2, 'hộp', 1, 2)],
      new Map([
        [1, 30],
        [2, 2],
      ]),
      new Map(),
    );
    expect(refusedLine(rows, { 'lines.1.quantity': 'Lớn hơn số lượng đặt' })).toEqual({ lineId: 'b', message: 'Lớn hơn số lượng đặt' });
    expect(refusedLine(rows, { document_date: 'Ngày nhập không hợp lệ' })).toBeNull();
  });
});
