/**
 * updateexportstatusorder/{id}/ : an order's export status is read from its export
 * receipts; `exported` takes a confirmed order's goods out once (one receipt, the hold released, the
 * order Đang giao), asking again changes nothing, `not_exported` after the goods left is refused with
 * the receipt's code; a pending order cannot be exported; bad input is a 400 in Vietnamese, a member
 * without the permission a 403, another company's order is not found and left alone.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderRecord } from '@contract/orders';
import type { OrderExportState } from '@contract/orders-export';
import { orders, stockReceipts } from '@server/kernel/db/schema';
import { addAccount } from '@server/testing/fixtures';
import { startOrderKit, type OrderKit } from '@server/testing/orders.kit';
import { stockLevel } from '@server/testing/warehouse.kit';

let kit: OrderKit;
beforeAll(async () => {
  kit = await startOrderKit();
});
afterAll(async () => {
  await kit?.stop();
});

type Answer = {
  status: number;
  body: { data: OrderRecord; message?: string; error?: string; fields?: Record<string, string>; bonus?: { export: OrderExportState } };
};
const setExport = (id: string, body: Record<string, unknown>, token = kit.an.access) =>
  kit.server.call<OrderRecord>(`/order/api/updateexportstatusorder/${id}/`, { method: 'PUT', token, body }) as Promise<Answer>;
const smecta = () => kit.variant('Smecta');
const newOrder = (quantity = 2) => kit.createOrder({ customerCode: 'KH000001', lines: [{ variant: smecta(), unit: 'gói', quantity }] });
const confirm = (id: string) =>
  kit.server.call(`/order/api/updatestatusordercompany/${id}/`, {
    method: 'PUT',
    token: kit.an.access,
    body: { company: kit.anKhang, status: 'confirmed' },
  });
const exportReceipts = (orderId: string) =>
  kit.server.deps.db
    .select({ code: stockReceipts.code, status: stockReceipts.status })
    .from(stockReceipts)
    .where(and(eq(stockReceipts.companyId, kit.anKhang), eq(stockReceipts.orderId, orderId), eq(stockReceipts.kind, 'export')));

describe('updateexportstatusorder', () => {
  it('exports a confirmed order once through its export receipt, and never takes it back by hand', async () => {
    const order = await newOrder(2);
    const factor = order.lines[0]!.factor;
    const early = await setExport(order.id, { company: kit.anKhang, export_status: 'exported' });
    expect([early.status, early.body.error, early.body.message]).toEqual([
      409,
      'ORDER_TRANSITION_INVALID',
      'Đơn hàng "Chờ xác nhận" chưa được xác nhận nên chưa thể xuất kho',
    ]);
    expect(await exportReceipts(order.id)).toEqual([]);

    expect((await confirm(order.id)).status).toBe(200);
    const before = await stockLevel(kit.server, kit.anKhang, smecta().id);
    const same = await setExport(order.id, { company: kit.anKhang, export_status: 'not_exported' });
    expect([same.status, same.body.message, same.body.data.status]).toEqual([
      200,
      'Đơn hàng chưa xuất kho, không có gì thay đổi',
      'confirmed',
    ]);
    expect(same.body.bonus?.export).toMatchObject({ status: 'not_exported', label: 'Chưa xuất kho', receipts: [] });

    const exported = await setExport(order.id, { company: kit.anKhang, export_status: 'exported' });
    expect(exported.status).toBe(200);
    const [receipt] = await exportReceipts(order.id);
    expect(receipt).toMatchObject({ status: 'completed', code: expect.stringMatching(/^PX\d+$/) });
    expect(exported.body.message).toBe(`Đã xuất kho đơn hàng theo phiếu ${receipt!.code}`);
    expect(exported.body.data.status).toBe('delivering');
    expect(exported.body.bonus?.export).toMatchObject({
      status: 'exported',
      label: 'Đã xuất kho',
      lines: [{ variant_id: smecta().id, ordered: 2 * factor, exported: 2 * factor }],
      receipts: [{ code: receipt!.code, status: 'completed' }],
    });
    const after = await stockLevel(kit.server, kit.anKhang, smecta().id);
    expect(after).toEqual({ onHand: before.onHand - 2 * factor, reserved: before.reserved - 2 * factor });

    const again = await setExport(order.id, { company: kit.anKhang, export_status: 'exported' });
    expect([again.status, again.body.message]).toEqual([200, 'Đơn hàng đã xuất kho, không có gì thay đổi']);
    expect(await exportReceipts(order.id)).toHaveLength(1);
    expect(await stockLevel(kit.server, kit.anKhang, smecta().id)).toEqual(after);

    const back = await setExport(order.id, { company: kit.anKhang, export_status: 'not_exported' });
    expect([back.status, back.body.message]).toEqual([
      409,
      `Hàng của đơn đã rời kho theo phiếu xuất ${receipt!.code}. Muốn đưa hàng về kho, hãy lập phiếu nhập trả hàng hoặc hủy phiếu xuất tại kho`,
    ]);
  });

  it('refuses a cancelled order', async () => {
    const order = await newOrder(1);
    await kit.server.call(`/order/api/cancelorder/${order.id}/`, {
      method: 'PUT',
      token: kit.an.access,
      body: { company: kit.anKhang, reason: 'Khách đổi ý' },
    });
    const answer = await setExport(order.id, { company: kit.anKhang, export_status: 'exported' });
    expect([answer.status, answer.body.message]).toEqual([
      409,
      'Đơn hàng "Đã hủy" không thể xuất kho: chỉ xuất kho được đơn hàng đã xác nhận',
    ]);
    expect(await exportReceipts(order.id)).toEqual([]);
  });

  it('answers bad input with 400 in Vietnamese and an unknown order with 404', async () => {
    const order = await newOrder(1);
    const partial = await setExport(order.id, { company: kit.anKhang, export_status: 'partial' });
    expect([partial.status, partial.body.error, partial.body.fields?.export_status]).toEqual([
      400,
      'VALIDATION_FAILED',
      'Trạng thái xuất kho chỉ nhận "exported" (Đã xuất kho) hoặc "not_exported" (Chưa xuất kho)',
    ]);
    const noCompany = await setExport(order.id, { export_status: 'exported' });
    expect([noCompany.status, noCompany.body.fields?.company]).toEqual([400, 'Vui lòng nhập công ty']);
    const notJson = await setExport(order.id, [] as unknown as Record<string, unknown>);
    expect([notJson.status, notJson.body.error]).toEqual([400, 'VALIDATION_FAILED']);
    expect((await setExport('khong-phai-uuid', { company: kit.anKhang, export_status: 'exported' })).status).toBe(404);
    expect(await exportReceipts(order.id)).toEqual([]);
  });

  it('is 403 without the permission or the company, and another company’s order is not found and untouched', async () => {
    const order = await newOrder(1);
    expect((await confirm(order.id)).status).toBe(200);
    const stranger = await addAccount(kit.server.deps.db, { memberships: [{ companyId: kit.anKhang, status: 'accept' }] });
    const signedIn = await kit.server.login(stranger.phone, stranger.password);
    const noRole = await setExport(order.id, { company: kit.anKhang, export_status: 'exported' }, signedIn.access);
    expect([noRole.status, noRole.body.error]).toEqual([403, 'FORBIDDEN']);
    const binh = await setExport(order.id, { company: kit.anKhang, export_status: 'exported' }, kit.binh.access);
    expect(binh.status).toBe(403);
    // Bình names Minh Phát, which she owns, with An Khang's order.
    const across = await setExport(order.id, { company: kit.minhPhat, export_status: 'exported' }, kit.binh.access);
    expect([across.status, across.body.message]).toEqual([404, 'Không tìm thấy đơn hàng']);
    const [row] = await kit.server.deps.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe('confirmed');
    expect(await exportReceipts(order.id)).toEqual([]);
  });
});
