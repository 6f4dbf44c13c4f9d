import { describe, expect, it } from 'vitest';
import {
  DELIVERY_STATUSES,
  eventMovesDelivery,
  GHN_STATUS_MAP,
  GHTK_STATUS_MAP,
  mapCarrierStatus,
  orderMovesFor,
  VTP_STATUS_MAP,
  type DeliveryStatus,
} from './delivery-status';

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 27, 3, minutes));

describe('carrier statuses in the app’s words', () => {
  it('maps GHN’s flow, its failures and its return', () => {
    const flow = ['ready_to_pick', 'picking', 'picked', 'storing', 'transporting', 'delivering', 'delivered'];
    expect(flow.map((code) => mapCarrierStatus('ghn', code))).toEqual([
      'waiting_pickup',
      'waiting_pickup',
      'picked',
      'picked',
      'picked',
      'delivering',
      'delivered',
    ]);
    expect(mapCarrierStatus('ghn', 'delivery_fail')).toBe('delivery_failed');
    expect(['return', 'returning', 'return_fail'].map((code) => mapCarrierStatus('ghn', code))).toEqual([
      'returning',
      'returning',
      'returning',
    ]);
    expect(mapCarrierStatus('ghn', 'returned')).toBe('returned');
    expect(mapCarrierStatus('ghn', 'cancel')).toBe('cancelled');
    expect(mapCarrierStatus('ghn', 'lost')).toBe('incident');
  });

  it('maps GHTK’s status_id given as a number or text, paid-out COD (6) still delivered', () => {
    expect(mapCarrierStatus('ghtk', -1)).toBe('cancelled');
    expect(mapCarrierStatus('ghtk', 2)).toBe('waiting_pickup');
    expect(mapCarrierStatus('ghtk', '3')).toBe('picked');
    expect(mapCarrierStatus('ghtk', 4)).toBe('delivering');
    expect(mapCarrierStatus('ghtk', 5)).toBe('delivered');
    expect(mapCarrierStatus('ghtk', 6)).toBe('delivered');
    expect(mapCarrierStatus('ghtk', 9)).toBe('delivery_failed');
    expect(mapCarrierStatus('ghtk', 20)).toBe('returning');
    expect(mapCarrierStatus('ghtk', 21)).toBe('returned');
  });

  it('maps Viettel Post’s ORDER_STATUS and keeps an edit (202) or an unknown code as no move', () => {
    expect(mapCarrierStatus('vtp', 100)).toBe('waiting_pickup');
    expect(mapCarrierStatus('vtp', 105)).toBe('picked');
    expect(mapCarrierStatus('vtp', 500)).toBe('delivering');
    expect(mapCarrierStatus('vtp', 501)).toBe('delivered');
    expect(mapCarrierStatus('vtp', 505)).toBe('delivery_failed');
    expect(mapCarrierStatus('vtp', 504)).toBe('returned');
    expect(mapCarrierStatus('vtp', 107)).toBe('cancelled');
    expect(mapCarrierStatus('vtp', 202)).toBeNull();
    expect(mapCarrierStatus('ghn', 'something_new')).toBeNull();
  });

  it('maps only to statuses the app has', () => {
    for (const table of [GHN_STATUS_MAP, GHTK_STATUS_MAP, VTP_STATUS_MAP])
      for (const status of Object.values(table)) expect(DELIVERY_STATUSES).toContain(status);
  });
});

describe('events out of order', () => {
  it('applies a newer event and ignores an older one that arrives late', () => {
    const current = { status: 'delivering' as DeliveryStatus, lastEventAt: at(30) };
    expect(eventMovesDelivery(current, { status: 'delivered', at: at(40) })).toBe(true);
    expect(eventMovesDelivery(current, { status: 'picked', at: at(10) })).toBe(false);
  });

  it('lets a later retry move back from a failed attempt to delivering', () => {
    expect(eventMovesDelivery({ status: 'delivery_failed', lastEventAt: at(30) }, { status: 'delivering', at: at(50) })).toBe(true);
  });

  it('never leaves a final status, and a repeat changes nothing', () => {
    expect(eventMovesDelivery({ status: 'delivered', lastEventAt: at(30) }, { status: 'delivering', at: at(50) })).toBe(false);
    expect(eventMovesDelivery({ status: 'cancelled', lastEventAt: null }, { status: 'waiting_pickup', at: at(50) })).toBe(false);
    expect(eventMovesDelivery({ status: 'picked', lastEventAt: at(30) }, { status: 'picked', at: at(50) })).toBe(false);
  });

  it('orders two events of the same second by the usual flow', () => {
    const current = { status: 'picked' as DeliveryStatus, lastEventAt: at(30) };
    expect(eventMovesDelivery(current, { status: 'delivering', at: at(30) })).toBe(true);
    expect(eventMovesDelivery({ status: 'delivering', lastEventAt: at(30) }, { status: 'picked', at: at(30) })).toBe(false);
  });

  it('moves a delivery still being created once the carrier speaks (its waybill comes by webhook)', () => {
    expect(eventMovesDelivery({ status: 'creating', lastEventAt: null }, { status: 'waiting_pickup', at: at(1) })).toBe(true);
  });
});

describe('what a delivery asks of its order', () => {
  it('ships a confirmed order when the goods leave, and completes it once delivered', () => {
    expect(orderMovesFor('waiting_pickup', 'confirmed')).toEqual([]);
    expect(orderMovesFor('picked', 'confirmed')).toEqual(['delivering']);
    expect(orderMovesFor('delivering', 'delivering')).toEqual([]);
    expect(orderMovesFor('delivered', 'delivering')).toEqual(['completed']);
    expect(orderMovesFor('delivered', 'confirmed')).toEqual(['delivering', 'completed']);
  });

  it('returns the order when the goods come back, and leaves finished or cancelled orders alone', () => {
    expect(orderMovesFor('returned', 'delivering')).toEqual(['returned']);
    expect(orderMovesFor('returned', 'confirmed')).toEqual(['delivering', 'returned']);
    expect(orderMovesFor('delivered', 'completed')).toEqual([]);
    expect(orderMovesFor('picked', 'cancelled')).toEqual([]);
    expect(orderMovesFor('cancelled', 'confirmed')).toEqual([]);
  });
});
