/**
 * GHTK and Viettel Post end to end against their simulators (form webhooks, the waybill that comes
 * by webhook, the password exchanged and never kept), a delivery that comes back (the order
 * returned and its goods back in stock through the warehouse's return receipt), and the demo's
 * deliveries seeded through the real path.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryPaths, type CarrierAccountRecord, type DeliveryRecord } from '@contract/delivery';
import type { OrderRecord } from '@contract/orders';
import { deliveryOrders, stockReceipts } from '@server/kernel/db/schema';
import { seedDemoDelivery } from '@server/seed/demo-delivery';
import { startDeliveryKit, type DeliveryKit } from '@server/testing/delivery.kit';

let kit: DeliveryKit;

const orderStatus = async (id: string) => (await kit.get<OrderRecord>(`/order/api/ordercompany/${id}/`)).body.data.status;

beforeAll(async () => {
  kit = await startDeliveryKit();
});
afterAll(async () => {
  await kit?.stop();
});

describe('GHTK', () => {
  it('creates with our code, walks by form webhooks to delivered, then the COD paid out (status 6)', async () => {
    await kit.connect('ghtk');
    const order = await kit.confirmedOrder();
    const quotes = await kit.quote(order);
    expect(quotes.quotes.filter((quote) => quote.carrier === 'ghtk').map((quote) => quote.service_id)).toEqual(['road', 'fly']);
    const booked = await kit.book(order, 'ghtk');
    await kit.drain();
    const waiting = await kit.delivery(booked.id);
    expect(waiting.tracking_code).toMatch(/^S22925\./);
    await kit.walk('ghtk', waiting.tracking_code!, { steps: 4 });
    const delivered = await kit.delivery(booked.id);
    expect(delivered).toMatchObject({ status: 'delivered', carrier_status: '5' });
    expect(delivered.cod).toMatchObject({ collected: order.total, state: 'collected' });
    expect(await orderStatus(order.id)).toBe('completed');
    await kit.walk('ghtk', waiting.tracking_code!);
    expect((await kit.delivery(booked.id)).cod).toMatchObject({ paid_out: order.total, state: 'paid' });
  });
});

describe('Viettel Post', () => {
  it('keeps the long-lived token, not the password', async () => {
    const account = await kit.connect('vtp', { token: 'mat-khau-vtp-2026' });
    expect(account.secret_hints.token).toBe(`••••${'vtp-long-ankhang@vtp.vn'.slice(-4)}`);
    const list = await kit.get<CarrierAccountRecord[]>(deliveryPaths.accounts);
    expect(JSON.stringify(list.body)).not.toContain('mat-khau-vtp-2026');
  });

  it('is refused with a Vietnamese reason for a wrong password', async () => {
    const answer = await kit.send('POST', deliveryPaths.accounts, {
      carrier: 'vtp',
      environment: 'simulator',
      account_key: 'sai@vtp.vn',
      token: 'invalid-password',
      sender: { name: 'Kho', phone: '0901234567', address: '1 Lê Lợi', province: 'Hà Nội', ward: 'Phường Hoàn Kiếm' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Tên đăng nhập hoặc mật khẩu Viettel Post không đúng');
  });

  it('creates, walks to delivered by webhook and records the COD', async () => {
    const order = await kit.confirmedOrder('KH000003');
    const booked = await kit.book(order, 'vtp');
    await kit.drain();
    const waiting = await kit.delivery(booked.id);
    expect(waiting.status).toBe('waiting_pickup');
    expect(waiting.tracking_code).toMatch(/^18574/);
    await kit.walk('vtp', waiting.tracking_code!, { steps: 9 });
    const delivered = await kit.delivery(booked.id);
    expect(delivered).toMatchObject({ status: 'delivered', carrier_status: '501' });
    expect(delivered.cod.collected).toBe(order.total);
    expect(await orderStatus(order.id)).toBe('completed');
  });
});

describe('a delivery that comes back', () => {
  it('returns the order and brings its goods back through the warehouse’s return receipt', async () => {
    await kit.connect('ghn');
    const order = await kit.confirmedOrder('KH000004');
    const booked = await kit.book(order, 'ghn');
    await kit.drain();
    const code = (await kit.delivery(booked.id)).tracking_code!;
    await kit.walk('ghn', code, { steps: 3 });
    expect(await orderStatus(order.id)).toBe('delivering');
    for (const to of ['delivering', 'delivery_fail', 'waiting_to_return', 'return', 'returning', 'returned'])
      await kit.walk('ghn', code, { to });
    const returned = await kit.delivery(booked.id);
    expect(returned.status).toBe('returned');
    // Returned before anything was collected: the COD no longer waits.
    expect(returned.cod.state).toBe('void');
    expect(await orderStatus(order.id)).toBe('returned');
    const receipts = await kit.server.deps.db
      .select({ kind: stockReceipts.kind, isReturn: stockReceipts.isReturn, status: stockReceipts.status })
      .from(stockReceipts)
      .where(and(eq(stockReceipts.companyId, kit.anKhang), eq(stockReceipts.orderId, order.id)));
    expect(receipts).toEqual(
      expect.arrayContaining([
        { kind: 'export', isReturn: false, status: 'completed' },
        { kind: 'import', isReturn: true, status: 'completed' },
      ]),
    );
  });
});

describe('the demo', () => {
  it('connects An Khang to the three simulators and books two deliveries that the queue creates', async () => {
    await seedDemoDelivery(kit.server.deps);
    await kit.drain();
    const accounts = (await kit.get<CarrierAccountRecord[]>(deliveryPaths.accounts)).body.data;
    const demoKeys = ['2509881', 'S2509881', 'ankhang.demo@viettelpost'];
    expect(
      accounts
        .filter((account) => demoKeys.includes(account.account_key))
        .map((account) => [account.carrier, account.environment, account.status]),
    ).toEqual([
      ['ghn', 'simulator', 'connected'],
      ['ghtk', 'simulator', 'connected'],
      ['vtp', 'simulator', 'connected'],
    ]);
    expect(accounts.some((account) => account.carrier === 'self')).toBe(true);
    const demo = await kit.server.deps.db
      .select({ status: deliveryOrders.status, note: deliveryOrders.note })
      .from(deliveryOrders)
      .where(eq(deliveryOrders.note, 'Giao giờ hành chính'));
    expect(demo.map((row) => row.status)).toEqual(['waiting_pickup', 'waiting_pickup']);
    const list = await kit.get<DeliveryRecord[]>(deliveryPaths.deliveries, { status: 'waiting_pickup' });
    expect(list.body.data.length).toBeGreaterThanOrEqual(2);
  });
});
