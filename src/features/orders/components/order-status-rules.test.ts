import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, ORDER_TRANSITIONS } from '@contract/orders-status';
import { bulkTargets, MOVE_LABELS, movesFrom, needsReason } from './order-status-rules';

describe('bulkTargets', () => {
  it('offers nothing for an empty selection', () => {
    expect(bulkTargets([])).toEqual([]);
  });

  it('offers the moves of a single status, all of the selection movable', () => {
    expect(bulkTargets(['pending', 'pending'])).toEqual([
      { status: 'confirmed', movable: 2, total: 2 },
      { status: 'rejected', movable: 2, total: 2 },
      { status: 'cancelled', movable: 2, total: 2 },
    ]);
  });

  it('offers a status allowed for at least one selected order, with how many can move', () => {
    const targets = bulkTargets(['pending', 'confirmed', 'completed']);
    expect(targets.map((target) => target.status)).toEqual(['confirmed', 'delivering', 'rejected', 'cancelled']);
    expect(targets.find((target) => target.status === 'cancelled')).toEqual({ status: 'cancelled', movable: 2, total: 3 });
    expect(targets.find((target) => target.status === 'delivering')).toEqual({ status: 'delivering', movable: 1, total: 3 });
  });

  it('offers nothing when every selected order is finished', () => {
    expect(bulkTargets(['completed', 'cancelled'])).toEqual([]);
  });

  it('never offers a move the transition table refuses to all of them', () => {
    for (const from of ORDER_STATUSES) {
      for (const target of bulkTargets([from])) expect(ORDER_TRANSITIONS[from]).toContain(target.status);
    }
  });
});

describe('an order’s own moves', () => {
  it('follow the transition table, with the office’s verbs', () => {
    expect(movesFrom('pending').map((status) => MOVE_LABELS[status])).toEqual(['Xác nhận', 'Từ chối', 'Hủy đơn']);
    expect(movesFrom('confirmed').map((status) => MOVE_LABELS[status])).toEqual(['Bắt đầu giao', 'Hủy đơn']);
    expect(movesFrom('delivering').map((status) => MOVE_LABELS[status])).toEqual(['Hoàn thành', 'Hoàn trả (hàng về kho)']);
    expect(movesFrom('completed')).toEqual([]);
  });

  it('ask a reason to refuse or cancel only', () => {
    expect(ORDER_STATUSES.filter(needsReason)).toEqual(['rejected', 'cancelled']);
  });
});
