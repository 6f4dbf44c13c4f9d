import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  FAILURE_MESSAGES,
  failureReasonIssues,
  failureReasonText,
  SELF_MOVES,
  SELF_NEXT_MOVES,
  selfMoveRefusal,
  selfMovesFrom,
  SelfMoveSchema,
} from './delivery-self';
import { DELIVERY_STATUSES, FINAL_DELIVERY_STATUSES } from './delivery-status';

describe('the steps a self delivery may take from where it stands', () => {
  it('waiting for pickup: picked up, or straight to delivered or failed at the door', () => {
    expect(selfMovesFrom('waiting_pickup')).toEqual(['picked', 'delivered', 'delivery_failed']);
  });

  it('on its way: delivered or failed, never picked up again', () => {
    expect(selfMovesFrom('picked')).toEqual(['delivered', 'delivery_failed']);
    expect(selfMovesFrom('delivering')).toEqual(['delivered', 'delivery_failed']);
  });

  it('failed: tried again, delivered after all, or brought back to the warehouse', () => {
    expect(selfMovesFrom('delivery_failed')).toEqual(['delivering', 'delivered', 'returned']);
  });

  it('coming back: only brought back', () => {
    expect(selfMovesFrom('returning')).toEqual(['returned']);
  });

  it('ended or never started: nothing left', () => {
    for (const status of [...FINAL_DELIVERY_STATUSES, 'creating', 'incident'] as const) expect(selfMovesFrom(status)).toEqual([]);
  });

  it('names every status, and only steps a self delivery has', () => {
    expect(Object.keys(SELF_NEXT_MOVES).sort()).toEqual([...DELIVERY_STATUSES].sort());
    for (const moves of Object.values(SELF_NEXT_MOVES)) for (const move of moves) expect(SELF_MOVES).toContain(move);
  });

  it('never offers the status the delivery already has', () => {
    for (const status of DELIVERY_STATUSES) expect(selfMovesFrom(status) as readonly string[]).not.toContain(status);
  });
});

describe('a refused step, in Vietnamese', () => {
  it('is null for a step that follows', () => {
    expect(selfMoveRefusal('picked', 'delivered')).toBeNull();
  });

  it('says where the delivery stands and what it may do instead', () => {
    expect(selfMoveRefusal('delivering', 'picked')).toBe(
      'Đơn vận chuyển đang "Đang giao", không chuyển được sang "Đã lấy hàng, bắt đầu giao". Chỉ có thể: Đã giao hàng, Giao không thành công',
    );
  });

  it('says a finished delivery has ended', () => {
    expect(selfMoveRefusal('delivered', 'picked')).toBe(
      'Đơn vận chuyển đang "Đã giao", không chuyển được sang "Đã lấy hàng, bắt đầu giao": đơn đã kết thúc',
    );
  });
});

describe('the reason of a failed attempt', () => {
  const body = (fields: Record<string, unknown>) => ({ company: 1, to: 'delivery_failed', ...fields });

  it('is required, as a field message', () => {
    const result = v.safeParse(SelfMoveSchema, body({}));
    expect(result.success).toBe(false);
    expect(result.issues?.map((issue) => [issue.path?.map((item) => item.key).join('.'), issue.message])).toEqual([
      ['failure_reason', FAILURE_MESSAGES.reasonRequired],
    ]);
  });

  it('"Khác" asks for the words', () => {
    const result = v.safeParse(SelfMoveSchema, body({ failure_reason: 'other', failure_detail: '  ' }));
    expect(result.issues?.map((issue) => [issue.path?.map((item) => item.key).join('.'), issue.message])).toEqual([
      ['failure_detail', FAILURE_MESSAGES.detailRequired],
    ]);
    expect(v.safeParse(SelfMoveSchema, body({ failure_reason: 'other', failure_detail: 'Nhà thuốc đóng cửa' })).success).toBe(true);
  });

  it('is one of the usual reasons, and not asked of other steps', () => {
    expect(v.safeParse(SelfMoveSchema, body({ failure_reason: 'lost_in_space' })).success).toBe(false);
    expect(v.safeParse(SelfMoveSchema, body({ failure_reason: 'unreachable' })).success).toBe(true);
    expect(v.safeParse(SelfMoveSchema, { company: 1, to: 'delivered' }).success).toBe(true);
    expect(failureReasonIssues({ to: 'picked', failure_reason: null, failure_detail: null })).toEqual({});
  });

  it('is kept in the usual words, or the shipper’s own for "Khác"', () => {
    expect(failureReasonText('refused', null)).toBe('Khách không nhận hàng');
    expect(failureReasonText('wrong_address', 'ignored')).toBe('Sai địa chỉ');
    expect(failureReasonText('other', 'Nhà thuốc đóng cửa')).toBe('Nhà thuốc đóng cửa');
  });
});
