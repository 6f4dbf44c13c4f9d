import { describe, expect, it } from 'vitest';
import { confirmText, receiptActions } from './receipt-actions';

const ALL = { edit: true, approve: true };
const moves = (actions: ReturnType<typeof receiptActions>) => actions.map((action) => action.to);

describe('receipt status buttons', () => {
  it('offers a draft import: send, complete, cancel — the moves of the table', () => {
    expect(moves(receiptActions('import', 'draft', ALL))).toEqual(['pending', 'completed', 'cancelled']);
    expect(receiptActions('import', 'pending', ALL).map((action) => action.label)).toEqual([
      'Trả về nháp',
      'Duyệt và hoàn thành',
      'Hủy phiếu',
    ]);
  });

  it('leaves out the moves the role may not make: completing needs approve, the others edit', () => {
    expect(moves(receiptActions('export', 'draft', { edit: true, approve: false }))).toEqual(['pending', 'cancelled']);
    expect(moves(receiptActions('export', 'pending', { edit: false, approve: true }))).toEqual(['completed']);
    expect(receiptActions('export', 'draft', { edit: false, approve: false })).toEqual([]);
  });

  it('asks a reason for cancelling a receipt that moved stock, and only approvers may', () => {
    const [cancel] = receiptActions('import', 'completed', ALL);
    expect(cancel).toMatchObject({ to: 'cancelled', needsReason: true, tone: 'danger' });
    expect(receiptActions('import', 'completed', { edit: true, approve: false })).toEqual([]);
    expect(receiptActions('import', 'draft', ALL).find((action) => action.to === 'cancelled')?.needsReason).toBe(false);
    expect(receiptActions('import', 'cancelled', ALL)).toEqual([]);
  });

  it('sends a transfer on its way, then receives it (asking what arrived)', () => {
    expect(receiptActions('transfer', 'draft', ALL).map((action) => action.label)).toEqual([
      'Gửi duyệt',
      'Xuất kho chuyển đi',
      'Hủy phiếu',
    ]);
    const inTransit = receiptActions('transfer', 'in_transit', ALL);
    expect(inTransit.map((action) => [action.to, action.receive, action.needsReason])).toEqual([
      ['completed', true, false],
      ['cancelled', false, true],
    ]);
  });

  it('asks before a move that changes stock', () => {
    const [, complete] = receiptActions('check', 'draft', ALL);
    expect(confirmText('check', 'KK000001', complete!)).toContain('Chênh lệch');
    const [send] = receiptActions('import', 'draft', ALL);
    expect(confirmText('import', 'PN000001', send!)).toBeNull();
  });
});
