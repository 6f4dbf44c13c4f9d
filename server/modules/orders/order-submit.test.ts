import { and, count, eq, sql } from 'drizzle-orm';
import { fold } from '@contract/fold';
import { formatMoney } from '@contract/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushAnswer } from '@contract/sync';
import { uuidv7 } from '@contract/uuid';
import { companyCounters, orders } from '@server/kernel/db/schema';
import { stockLevel, stockTo } from '@server/testing/warehouse.kit';
import { startOrderKit, type OrderKit } from '@server/testing/orders.kit';

let kit: OrderKit;
beforeAll(async () => {
  kit = await startOrderKit();
});
afterAll(async () => {
  await kit?.stop();
});

async function orderCount(id: string) {
  const [row] = await kit.server.deps.db.select({ n: count() }).from(orders).where(eq(orders.id, id));
  return Number(row?.n);
}

describe('order.submit', () => {
  it('applies an order at list price with VAT, gives it an official code, and keeps the phone’s number', async () => {
    const hapacol = kit.variant('Hapacol 500');
    const result = await kit.submit({
      customerCode: 'KH000002',
      lines: [{ variant: hapacol, unit: 'vỉ', quantity: 3 }],
      note: 'Giao buổi sáng',
    });
    expect(result.outcome).toBe('applied');
    const order = result.order!;
    expect(order.code).toMatch(/^DH\d{6}$/);
    expect(order.local_no).toMatch(/^NVA-TEST-\d+$/);
    expect(order).toMatchObject({
      status: 'pending',
      payment_status: 'unpaid',
      customer_name: 'Nhà thuốc Phúc An',
      account_name: 'Nguyễn Văn An',
      note: 'Giao buổi sáng',
      vat_on: true,
    });
    const strip = hapacol.units.find((unit) => unit.unit === 'vỉ')!;
    expect(order.lines).toEqual([
      expect.objectContaining({ product_name: 'Hapacol 500', unit: 'vỉ', factor: 10, quantity: 3, unit_price: strip.price, vat_rate: 5 }),
    ]);
    const net = strip.price * 3;
    const vat = Math.round((net * 5) / 100);
    expect([order.subtotal, order.vat_total, order.total]).toEqual([net, vat, net + vat]);
    expect(order.customer_address).toContain('Phường Sài Gòn');
  });

  it('replayed 20 times, records the order once with the same answer', async () => {
    const opId = uuidv7();
    const orderId = uuidv7();
    const payload = kit.payloadOf({
      orderId,
      customerCode: 'KH000001',
      lines: [{ variant: kit.variant('Smecta'), unit: 'hộp', quantity: 1 }],
    });
    const answers = [];
    for (let i = 0; i < 20; i += 1) answers.push(await kit.submitPayload(payload, { opId }));
    expect(await orderCount(orderId)).toBe(1);
    for (const answer of answers) expect(answer).toEqual(answers[0]);
  });

  it('refuses a raised price with each raise in Vietnamese, then accepts it when sent again at the new price', async () => {
    const smecta = kit.variant('Smecta');
    const box = smecta.units.find((unit) => unit.unit === 'hộp')!;
    const orderId = uuidv7();
    const refused = await kit.submit({
      orderId,
      customerCode: 'KH000003',
      lines: [{ variant: smecta, unit: 'hộp', quantity: 2, quotedUnitPrice: box.price - 5000 }],
    });
    expect(refused.outcome).toBe('rejected');
    expect(refused.error?.code).toBe('PRICE_CHANGED');
    expect(refused.error?.message).toMatch(
      /^Giá đã thay đổi: Giá Smecta \(hộp\) đã tăng .+ Vui lòng xác nhận với khách hàng và gửi lại\.$/,
    );
    expect(await orderCount(orderId)).toBe(0);
    const again = await kit.submit({
      orderId,
      customerCode: 'KH000003',
      lines: [{ variant: smecta, unit: 'hộp', quantity: 2, quotedUnitPrice: box.price }],
    });
    expect(again.outcome).toBe('applied');
    expect(await orderCount(orderId)).toBe(1);
    // The refusal named the raise and the total the order comes to at the new price (the kit quotes 0).
    expect(refused.changes).toEqual([
      {
        field: 'lines.0.unitPrice',
        from: box.price - 5000,
        to: box.price,
        message: expect.stringMatching(/^Giá Smecta \(hộp\) đã tăng từ .+ lên .+$/),
      },
      {
        field: 'total',
        from: 0,
        to: again.order!.total,
        message: `Tổng tiền từ ${formatMoney(0)} thành ${formatMoney(again.order!.total)}`,
      },
    ]);
  });

  it('applies a lower server price than quoted (cheaper is fine)', async () => {
    const smecta = kit.variant('Smecta');
    const box = smecta.units.find((unit) => unit.unit === 'hộp')!;
    const result = await kit.submit({
      customerCode: 'KH000003',
      lines: [{ variant: smecta, unit: 'hộp', quantity: 1, quotedUnitPrice: box.price + 10_000 }],
    });
    expect(result.outcome).toBe('applied');
    expect(result.order?.lines[0]?.unit_price).toBe(box.price);
  });

  it('prices by the customer’s group policy and by wholesale, with the same function as the phone', async () => {
    const amoxicillin = kit.variant('Amoxicillin 500mg');
    // KH000006 is a hospital pharmacy: the policy's fixed box price applies.
    const hospital = await kit.submit({
      customerCode: 'KH000006',
      lines: [{ variant: amoxicillin, unit: 'hộp', quantity: 1, quotedUnitPrice: 76_000 }],
    });
    expect(hospital.order?.lines[0]).toMatchObject({ unit_price: 76_000, policy_title: 'Nhà thuốc bệnh viện – giá ưu đãi' });
    // KH000008 is in the wholesale group "Đại lý cấp 1".
    const hapacol = kit.variant('Hapacol 500');
    const strip = hapacol.units.find((unit) => unit.unit === 'vỉ')!;
    const wholesale = await kit.submit({
      customerCode: 'KH000008',
      lines: [{ variant: hapacol, unit: 'vỉ', quantity: 10, quotedUnitPrice: strip.wholesale_price! }],
    });
    expect(wholesale.order?.lines[0]).toMatchObject({ unit_price: strip.wholesale_price, list_price: strip.wholesale_price });
  });

  it('lowers what stock cannot cover, and refuses an order of nothing but sold-out goods', async () => {
    const berberin = kit.variant('Berberin 100mg');
    await stockTo(kit.server, kit.an.access, kit.anKhang, berberin, 250);
    const partial = await kit.submit({ customerCode: 'KH000001', lines: [{ variant: berberin, unit: 'lọ', quantity: 5 }] });
    expect(partial.outcome).toBe('applied_with_changes');
    expect(partial.changes).toEqual([
      { field: 'lines.0.quantity', from: 5, to: 2, message: 'Berberin 100mg chỉ còn 2 lọ, đã giảm từ 5 xuống 2' },
      // The order's new total, from what the phone quoted (the kit quotes 0).
      {
        field: 'total',
        from: 0,
        to: partial.order!.total,
        message: `Tổng tiền từ ${formatMoney(0)} thành ${formatMoney(partial.order!.total)}`,
      },
    ]);
    expect(partial.order?.lines[0]?.quantity).toBe(2);
    expect(await stockLevel(kit.server, kit.anKhang, berberin.id)).toEqual({ onHand: 250, reserved: 200 });
    const none = await kit.submit({ customerCode: 'KH000001', lines: [{ variant: berberin, unit: 'lọ', quantity: 1 }] });
    expect(none.outcome).toBe('rejected');
    expect(none.error?.code).toBe('STOCK_INSUFFICIENT');
    expect(none.changes?.[0]?.message).toBe('Berberin 100mg đã hết hàng, đã bỏ khỏi đơn');
  });

  it('refuses inactive customers and unknown units with messages naming them', async () => {
    const customer = kit.customers.get('KH000005')!;
    await kit.server.call(`/customer/api/customer/${customer.id}/status/`, {
      method: 'PUT',
      token: kit.an.access,
      body: { company: kit.anKhang, status: 'inactive' },
    });
    const inactive = await kit.submit({ customerCode: 'KH000005', lines: [{ variant: kit.variant('Smecta'), unit: 'gói', quantity: 1 }] });
    expect(inactive.error).toMatchObject({ code: 'CUSTOMER_INACTIVE', message: 'Khách hàng Nhà thuốc Thủ Đức Xanh đã ngừng hoạt động' });
    const unit = await kit.submit({
      customerCode: 'KH000001',
      lines: [{ variant: kit.variant('Smecta'), unit: 'thùng', quantity: 1, quotedUnitPrice: 1 }],
    });
    expect(unit.error).toMatchObject({ code: 'UNIT_NOT_FOUND', message: 'Sản phẩm Smecta không bán theo đơn vị "thùng"' });
  });
});

describe('order.submit: the batch it comes in, its ids and numbers, its payload and official code', () => {
  it('accepts an order for a customer created in the same batch, after it', async () => {
    const customerId = uuidv7();
    const createOp = {
      opId: uuidv7(),
      type: 'customer.create',
      schemaVersion: 1,
      clientCreatedAt: new Date().toISOString(),
      payload: { id: customerId, name: 'Nhà thuốc Mới Mở' },
    };
    const smecta = kit.variant('Smecta');
    const orderOp = {
      opId: uuidv7(),
      type: 'order.submit',
      schemaVersion: 1,
      clientCreatedAt: new Date().toISOString(),
      dependsOn: [createOp.opId],
      payload: {
        orderId: uuidv7(),
        localNo: 'NVA-TEST-9999',
        customerId,
        lines: [{ lineId: uuidv7(), variantId: smecta.id, unit: 'gói', quantity: 4, quotedUnitPrice: smecta.units[0]!.price }],
        quotedTotal: 0,
        createdAt: new Date().toISOString(),
      },
    };
    const answer = await kit.server.call<PushAnswer>('/sync/push', {
      token: kit.an.access,
      body: { company: kit.anKhang, deviceId: uuidv7(), ops: [createOp, orderOp] },
    });
    expect(answer.body.data.results.map((r) => r.outcome)).toEqual(['applied', 'applied']);
  });

  it('does not take a second order with an id already accepted, and refuses other tenants', async () => {
    const orderId = uuidv7();
    await kit.createOrder({ orderId, customerCode: 'KH000001', lines: [{ variant: kit.variant('Smecta'), unit: 'gói', quantity: 1 }] });
    const again = await kit.submit({
      orderId,
      customerCode: 'KH000001',
      lines: [{ variant: kit.variant('Smecta'), unit: 'gói', quantity: 9 }],
    });
    expect(again.error?.code).toBe('ORDER_ALREADY_ACCEPTED');
    await expect(
      kit.submit(
        { customerCode: 'KH000001', lines: [{ variant: kit.variant('Smecta'), unit: 'gói', quantity: 1 }] },
        { token: kit.binh.access },
      ),
    ).rejects.toThrow(/403/);
  });

  it('refuses an order at a customer the company does not have, and says first that its id was already taken', async () => {
    const unknown = {
      ...kit.payloadOf({ customerCode: 'KH000001', lines: [{ variant: kit.variant('Smecta'), unit: 'gói', quantity: 1 }] }),
      customerId: uuidv7(),
    };
    expect(await kit.submitPayload(unknown)).toMatchObject({
      outcome: 'rejected',
      error: { code: 'CUSTOMER_NOT_FOUND', message: 'Không tìm thấy khách hàng của đơn hàng' },
    });
    const taken = kit.payloadOf({ customerCode: 'KH000001', lines: [{ variant: kit.variant('Smecta'), unit: 'gói', quantity: 1 }] });
    expect((await kit.submitPayload(taken)).outcome).toBe('applied');
    // The same order id again, now at a customer that does not exist: its id is what is refused.
    const again = await kit.submitPayload({ ...taken, customerId: uuidv7() });
    expect(again.error?.code).toBe('ORDER_ALREADY_ACCEPTED');
  });

  it('refuses, for good, a new order under a phone number another order already has', async () => {
    const first = kit.payloadOf({ customerCode: 'KH000001', lines: [{ variant: kit.variant('Smecta'), unit: 'gói', quantity: 1 }] });
    expect((await kit.submitPayload(first)).outcome).toBe('applied');
    const clash = {
      ...kit.payloadOf({ customerCode: 'KH000002', lines: [{ variant: kit.variant('Smecta'), unit: 'gói', quantity: 2 }] }),
      localNo: first.localNo,
    };
    const answer = await kit.submitPayload(clash);
    // Rejected, not "retry": sending it again could never succeed.
    expect(answer).toMatchObject({
      outcome: 'rejected',
      error: { code: 'LOCAL_NO_TAKEN', message: `Số đơn ${first.localNo} đã được dùng cho một đơn hàng khác` },
    });
    const [row] = await kit.server.deps.db.select({ n: count() }).from(orders).where(eq(orders.localNo, first.localNo));
    expect(row!.n).toBe(1);
    const viaOffice = await kit.server.call('/order/api/ordercompany/', {
      token: kit.an.access,
      body: { company: kit.anKhang, ...clash, orderId: uuidv7() },
    });
    expect(viaOffice.status).toBe(409);
  });

  it('rejects malformed lines with field messages', async () => {
    const answer = await kit.server.call<PushAnswer>('/sync/push', {
      token: kit.an.access,
      body: {
        company: kit.anKhang,
        deviceId: uuidv7(),
        ops: [
          {
            opId: uuidv7(),
            type: 'order.submit',
            schemaVersion: 1,
            clientCreatedAt: new Date().toISOString(),
            payload: {
              orderId: uuidv7(),
              localNo: 'x',
              customerId: uuidv7(),
              lines: [{ lineId: uuidv7(), variantId: 1, unit: 'hộp', quantity: 0, quotedUnitPrice: -1 }],
              quotedTotal: 0,
              createdAt: 'hôm nay',
            },
          },
        ],
      },
    });
    const result = answer.body.data.results[0]!;
    expect(result.outcome).toBe('rejected');
    expect(result.error?.fields).toMatchObject({
      localNo: 'Số đơn trên máy không hợp lệ',
      'lines.0.quantity': 'Số lượng phải lớn hơn 0',
      'lines.0.quotedUnitPrice': 'Giá không được âm',
      createdAt: 'Thời điểm tạo đơn không hợp lệ',
    });
  });

  it('gives the next free code when the counter’s next one is taken, and files the order under it for search', async () => {
    const smecta = kit.variant('Smecta');
    const first = (await kit.submit({ customerCode: 'KH000001', lines: [{ variant: smecta, unit: 'hộp', quantity: 1 }] })).order!;
    // The counter one behind: its next value is the code the first order holds (as after an import).
    await kit.server.deps.db
      .update(companyCounters)
      .set({ value: sql`${companyCounters.value} - 1` })
      .where(and(eq(companyCounters.companyId, kit.anKhang), eq(companyCounters.name, 'order')));
    const second = (await kit.submit({ customerCode: 'KH000002', lines: [{ variant: smecta, unit: 'hộp', quantity: 1 }] })).order!;
    expect(second.code).toBe(`DH${String(Number(first.code!.slice(2)) + 1).padStart(6, '0')}`);
    const [stored] = await kit.server.deps.db
      .select({ code: orders.code, searchText: orders.searchText })
      .from(orders)
      .where(eq(orders.id, second.id));
    expect(stored).toEqual({
      code: second.code,
      searchText: fold(
        [second.code, second.local_no, second.customer_code, second.customer_name, second.customer_phone].filter(Boolean).join(' '),
      ),
    });
  });
});
