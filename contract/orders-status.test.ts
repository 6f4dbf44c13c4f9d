import { describe, expect, it } from 'vitest';
import { canMove, moveProblem, ORDER_STATUSES, ORDER_TRANSITIONS } from './orders-status';

describe('order transitions', () => {
  it('follows the distributor flow', () => {
    expect(canMove('pending', 'confirmed')).toBe(true);
    expect(canMove('confirmed', 'delivering')).toBe(true);
    expect(canMove('delivering', 'completed')).toBe(true);
    expect(canMove('pending', 'rejected')).toBe(true);
    expect(canMove('rejected', 'pending')).toBe(true);
  });

  it('allows cancelling until the order ships, never after', () => {
    for (const from of ['draft', 'pending', 'confirmed', 'rejected'] as const) expect(canMove(from, 'cancelled')).toBe(true);
    for (const from of ['delivering', 'completed', 'cancelled'] as const) expect(canMove(from, 'cancelled')).toBe(false);
  });

  it('has no way out of completed and cancelled, and no skipping ahead', () => {
    expect(ORDER_TRANSITIONS.completed).toEqual([]);
    expect(ORDER_TRANSITIONS.cancelled).toEqual([]);
    expect(canMove('pending', 'delivering')).toBe(false);
    expect(canMove('pending', 'completed')).toBe(false);
    expect(canMove('confirmed', 'pending')).toBe(false);
  });

  it('only ever names known statuses', () => {
    for (const targets of Object.values(ORDER_TRANSITIONS)) for (const target of targets) expect(ORDER_STATUSES).toContain(target);
  });

  it('explains refusals in Vietnamese', () => {
    expect(moveProblem('completed', 'cancelled')).toBe('Đơn hàng "Hoàn thành" không thể chuyển trạng thái nữa');
    expect(moveProblem('pending', 'delivering')).toBe('Không thể chuyển đơn hàng từ "Chờ xác nhận" sang "Đang giao"');
    expect(moveProblem('pending', 'pending')).toBe('Đơn hàng đã ở trạng thái "Chờ xác nhận"');
    expect(moveProblem('pending', 'confirmed')).toBeNull();
  });
});
