import { describe, expect, it } from 'vitest';
import type { ReceiptLineRecord } from '@contract/warehouse-receipts';
import { checkRows, checkTotals } from './check-rows';

function line(patch: Partial<ReceiptLineRecord>): ReceiptLineRecord {
  return {
    id: 'l1',
    variant_id: 1,
    product_name: 'Panadol Extra',
    variant_name: '',
    sku: 'SP000003-1',
    unit: 'viên',
    factor: 1,
    quantity: 0,
    document_quantity: null,
    received_quantity: null,
    base_quantity: 0,
    base_unit: 'viên',
    lot_id: 7,
    lot_no: 'AK2603',
    manufactured_on: null,
    expires_on: '2027-02-18',
    lot_status: 'usable',
    lot_status_reason: null,
    unit_price: 0,
    amount: 0,
    cost: null,
    book_quantity: 100,
    counted_quantity: null,
    picks: [],
    ...patch,
  };
}

const average = (costs: Record<number, number>) => (variantId: number) => costs[variantId] ?? null;

describe('count (05-VT) rows', () => {
  it('values the books at the average cost while nothing is counted yet', () => {
    const rows = checkRows([line({})], average({ 1: 999.5 }));
    expect(rows[0]).toMatchObject({
      lotNo: 'AK2603',
      unitCost: 999.5,
      book: { quantity: 100, value: 99_950 },
      counted: null,
      surplus: null,
      shortage: null,
    });
    expect(checkTotals(rows)).toMatchObject({ book: { quantity: 100, value: 99_950 }, countedLines: 0 });
  });

  it('shows a posted shortage at the cost the ledger took, and a surplus per lot', () => {
    const rows = checkRows(
      [
        line({ counted_quantity: 97, cost: 3_000 }),
        line({ id: 'l2', lot_id: 8, lot_no: 'AK2503', book_quantity: 10, counted_quantity: 12, cost: 2_000 }),
        line({ id: 'l3', variant_id: 2, lot_id: 9, book_quantity: 5, counted_quantity: 5 }),
      ],
      average({ 1: 999, 2: 50 }),
    );
    expect(rows.map((row) => [row.unitCost, row.counted?.quantity, row.surplus, row.shortage])).toEqual([
      [1_000, 97, { quantity: 0, value: 0 }, { quantity: 3, value: 3_000 }],
      [1_000, 12, { quantity: 2, value: 2_000 }, { quantity: 0, value: 0 }],
      [50, 5, { quantity: 0, value: 0 }, { quantity: 0, value: 0 }],
    ]);
    expect(checkTotals(rows)).toMatchObject({
      book: { quantity: 115, value: 110_250 },
      counted: { quantity: 114, value: 109_250 },
      surplus: { quantity: 2, value: 2_000 },
      shortage: { quantity: 3, value: 3_000 },
      countedLines: 3,
    });
  });

  it('leaves values out when no cost is known', () => {
    const [row] = checkRows([line({ counted_quantity: 90 })], average({}));
    expect(row).toMatchObject({ unitCost: null, book: { quantity: 100, value: null }, shortage: { quantity: 10, value: null } });
  });
});
