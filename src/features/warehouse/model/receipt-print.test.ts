import { describe, expect, it } from 'vitest';
import type { ReceiptLineRecord } from '@contract/warehouse-receipts';
import { documentDate, lotLabel, printRows, printTotals } from './receipt-print';

function line(patch: Partial<ReceiptLineRecord>): ReceiptLineRecord {
  return {
    id: 'l1',
    variant_id: 1,
    product_name: 'Hapacol 500',
    variant_name: '',
    sku: 'SP000001-1',
    unit: 'hộp',
    factor: 100,
    quantity: 10,
    document_quantity: 12,
    received_quantity: null,
    base_quantity: 1_000,
    base_unit: 'viên',
    lot_id: 4,
    lot_no: 'AK2501',
    manufactured_on: '2026-03-30',
    expires_on: '2028-04-08',
    lot_status: 'usable',
    lot_status_reason: null,
    unit_price: 33_600,
    amount: 336_000,
    cost: null,
    book_quantity: null,
    counted_quantity: null,
    picks: [],
    ...patch,
  };
}

describe('printed receipt', () => {
  it('prints an import at its purchase price with its lot, adds up the quantities and writes the total in words', () => {
    const rows = printRows({
      kind: 'import',
      lines: [
        line({}),
        line({
          id: 'l2',
          product_name: 'Vitamin C',
          variant_name: 'Hương cam',
          quantity: 22,
          document_quantity: null,
          unit_price: 26_600,
          amount: 585_200,
          lot_no: 'AK2607',
          expires_on: '2027-02-18',
        }),
      ],
    });
    expect(rows.map((row) => [row.no, row.name, row.documentQuantity, row.quantity, row.unitPrice, row.amount, row.lots])).toEqual([
      [1, 'Hapacol 500', 12, 10, 33_600, 336_000, ['Lô AK2501 – HD 08/04/2028']],
      [2, 'Vitamin C – Hương cam', null, 22, 26_600, 585_200, ['Lô AK2607 – HD 18/02/2027']],
    ]);
    expect(printTotals(rows)).toEqual({
      documentQuantity: 12,
      quantity: 32,
      receivedQuantity: 0,
      amount: 921_200,
      words: 'Chín trăm hai mươi mốt nghìn hai trăm đồng',
    });
  });

  it('prints a posted export at the cost it took, with the lots it picked', () => {
    const [row] = printRows({
      kind: 'export',
      lines: [
        line({
          quantity: 3,
          unit_price: 0,
          amount: 0,
          lot_id: null,
          lot_no: null,
          expires_on: null,
          cost: 100_001,
          picks: [
            { lot_id: 4, lot_no: 'AK2601', expires_on: '2026-12-20', base_quantity: 100 },
            { lot_id: 5, lot_no: 'AK2501', expires_on: '2028-04-08', base_quantity: 200 },
          ],
        }),
      ],
    });
    expect(row).toMatchObject({ unitPrice: 33_334, amount: 100_001, lots: ['Lô AK2601 – HD 20/12/2026', 'Lô AK2501 – HD 08/04/2028'] });
  });

  it('leaves the price of an unposted export without one blank (no words), and lists a transfer lot once', () => {
    const rows = printRows({ kind: 'export', lines: [line({ unit_price: 0, amount: 0, lot_no: null, expires_on: null })] });
    expect(rows[0]).toMatchObject({ unitPrice: null, amount: null, lots: [] });
    expect(printTotals(rows).words).toBe('');
    const [transfer] = printRows({
      kind: 'transfer',
      lines: [
        line({
          received_quantity: 9,
          picks: [
            { lot_id: 4, lot_no: 'AK2601', expires_on: '2026-12-20', base_quantity: 1_000 },
            { lot_id: 4, lot_no: 'AK2601', expires_on: '2026-12-20', base_quantity: 900 },
          ],
        }),
      ],
    });
    expect(transfer).toMatchObject({ receivedQuantity: 9, lots: ['Lô AK2601 – HD 20/12/2026'] });
  });

  it('writes dates as Vietnamese documents do', () => {
    expect(documentDate('2026-11-05')).toBe('Ngày 05 tháng 11 năm 2026');
    expect(lotLabel(null, null)).toBe('');
    expect(lotLabel('A1', null)).toBe('Lô A1');
  });
});
