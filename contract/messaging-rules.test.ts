import { describe, expect, it } from 'vitest';
import { campaignProgress, campaignStatus } from './messaging-campaigns';
import { csWindow, fillTemplateData, fromZaloPhone, guessBindings, toZaloPhone } from './messaging-rules';

const HOUR = 3600_000;
const now = new Date('2026-11-27T10:00:00Z');
const ago = (hours: number) => new Date(now.getTime() - hours * HOUR);

describe('the 7-day window for customer-service messages', () => {
  it('is free for 48 hours, paid until 7 days, closed after and when the user never wrote', () => {
    expect(csWindow(ago(47), now)).toMatchObject({ open: true, free: true });
    expect(csWindow(ago(49), now)).toMatchObject({ open: true, free: false });
    expect(csWindow(ago(7 * 24 - 1), now).open).toBe(true);
    expect(csWindow(ago(7 * 24 + 1), now).open).toBe(false);
    expect(csWindow(null, now)).toEqual({ open: false, free: false, closesAt: null });
    expect(csWindow(ago(1), now).closesAt).toBe(new Date(ago(1).getTime() + 7 * 24 * HOUR).toISOString());
  });
});

describe('phones for ZNS', () => {
  it('go to 84… and back', () => {
    expect(toZaloPhone('0909111222')).toBe('84909111222');
    expect(fromZaloPhone('84909111222')).toBe('0909111222');
    expect(fromZaloPhone('+84909111222')).toBe('0909111222');
    expect(fromZaloPhone('12345')).toBe('12345');
  });
});

describe('template data bound to an order and a customer', () => {
  const params = [
    { name: 'customer_name', type: 'STRING', require: true, max_length: 12 },
    { name: 'order_code', type: 'STRING', require: true, max_length: 30 },
    { name: 'total', type: 'STRING', require: true, max_length: 30 },
    { name: 'order_date', type: 'STRING', require: false, max_length: 20 },
    { name: 'note', type: 'STRING', require: false, max_length: 50 },
  ];
  const source = {
    customer: { name: 'Nhà thuốc Phúc An', code: 'KH2', phone: '0909111222', ownerName: null, address: null },
    order: { code: 'DH000123', total: 1_250_000, createdAt: '2026-11-26T18:30:00Z', status: 'confirmed', deliveryDate: null },
  };

  it('fills each parameter from its field, in Vietnamese formats, cut to its length', () => {
    const bindings = guessBindings(params);
    expect(bindings).toEqual({
      customer_name: { field: 'customer.name' },
      order_code: { field: 'order.code' },
      total: { field: 'order.total' },
      order_date: { field: 'order.date' },
    });
    const filled = fillTemplateData(params, { ...bindings, note: { text: 'Cảm ơn quý khách' } }, source);
    // 18:30 UTC on the 26th is already the 27th in Vietnam.
    expect(filled).toEqual({
      data: {
        customer_name: 'Nhà thuốc P…',
        order_code: 'DH000123',
        total: '1.250.000\u00a0₫',
        order_date: '27/11/2026',
        note: 'Cảm ơn quý khách',
      },
      missing: [],
    });
  });

  it('names the required parameters left empty, and lets given values win', () => {
    const filled = fillTemplateData(params, guessBindings(params), { customer: source.customer }, { order_code: 'DH9' });
    expect(filled.missing).toEqual(['total']);
    expect(filled.data.order_code).toBe('DH9');
  });
});

describe('a campaign', () => {
  it('is scheduled, sending, done or stopped, with its progress', () => {
    const counts = { total: 4, waiting: 2, sent: 1, failed: 1 };
    const later = { scheduled_at: new Date(now.getTime() + HOUR).toISOString(), cancelled_at: null };
    expect(campaignStatus(later, { ...counts, waiting: 4, sent: 0, failed: 0 }, now)).toBe('scheduled');
    expect(campaignStatus({ ...later, scheduled_at: ago(1).toISOString() }, counts, now)).toBe('sending');
    expect(campaignStatus(later, { ...counts, waiting: 0, sent: 3 }, now)).toBe('done');
    expect(campaignStatus({ ...later, cancelled_at: now.toISOString() }, counts, now)).toBe('cancelled');
    expect(campaignProgress(counts)).toBe(50);
    expect(campaignProgress({ total: 0, waiting: 0, sent: 0, failed: 0 })).toBe(100);
  });
});
