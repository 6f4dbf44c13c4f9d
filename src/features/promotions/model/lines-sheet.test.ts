import { describe, expect, it } from 'vitest';
import { linesImportRows, linesOutcome, mapLinesSheet } from './lines-sheet';

describe('the sheet of SKUs', () => {
  it('finds the SKU column by its name (or another usual one) and keeps each row’s number', () => {
    const sheet = mapLinesSheet([
      { row: 1, cells: ['Mã SKU', 'Tên sản phẩm'] },
      { row: 2, cells: ['SMECTA-GOI', 'Smecta'] },
      { row: 3, cells: [null, null] },
      { row: 4, cells: [893_456, 'Mã số'] },
    ]);
    expect(sheet.missingColumns).toEqual([]);
    expect(linesImportRows(sheet.rows)).toEqual([
      { 'Mã SKU': 'SMECTA-GOI', _row: 2 },
      { 'Mã SKU': 893_456, _row: 4 },
    ]);
    expect(
      mapLinesSheet([
        { row: 1, cells: ['ma bien the'] },
        { row: 2, cells: ['A1'] },
      ]).rows,
    ).toEqual([{ 'Mã SKU': 'A1', _row: 2 }]);
    expect(mapLinesSheet([{ row: 1, cells: ['Tên sản phẩm'] }]).missingColumns).toEqual(['Mã SKU']);
  });

  it('tells how many variants were new to the programme and which rows were not found', () => {
    const answer = {
      variant_ids: [3, 4],
      rows: [
        { row: 2, sku: 'A', variant_id: 3, name: 'A', problem: null },
        { row: 3, sku: 'B', variant_id: 4, name: 'B', problem: null },
        { row: 4, sku: 'X', variant_id: null, name: null, problem: 'Không có sản phẩm mã X' },
      ],
    };
    expect(linesOutcome(answer, [3])).toEqual({ found: 2, added: 1, missing: [answer.rows[2]] });
  });
});
