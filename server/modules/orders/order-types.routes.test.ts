/**
 * Order types (server/modules/orders/order-types.ts): the company's defaults, adding and changing
 * types, who may use which (type_list, insert_or_update_type, using_type_for_user, getlisttypeadd),
 * the phones hearing of it through the pull, and the server's own check of the type an order
 * arrives with.
 */
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderTypeRecord, UserOrderTypes } from '@contract/orders-types';
import type { PullAnswer } from '@contract/sync';
import { companyFeatures, orders } from '@server/kernel/db/schema';
import { startRegionKit, type RegionKit } from '@server/testing/regions.kit';

let kit: RegionKit;
beforeAll(async () => {
  kit = await startRegionKit();
});
afterAll(async () => {
  await kit?.stop();
});

const typeList = async (token = kit.an.access) =>
  (await kit.get<OrderTypeRecord[]>('/service/api/type_list/', { company: kit.anKhang }, token)).body.data;
const byCode = async (code: string) => (await typeList()).find((type) => type.code === code)!;
const saveType = (body: Record<string, unknown>, token = kit.an.access) =>
  kit.server.call<OrderTypeRecord>('/service/api/insert_or_update_type/', { token, body: { company: kit.anKhang, ...body } });
const setUserTypes = (account: number, typeIds: number[], token = kit.an.access) =>
  kit.server.call<UserOrderTypes>('/service/api/using_type_for_user/', {
    token,
    method: 'PUT',
    body: { company: kit.anKhang, account, type_ids: typeIds },
  });
const usable = async (token: string) =>
  (await kit.get<OrderTypeRecord[]>('/order/api/getlisttypeadd/', { company: kit.anKhang }, token)).body.data.map((type) => type.code);

/** One Smecta line (gói: 4.200 đ retail, 3.600 đ wholesale) for the rep's own customer. */
function smectaOrder(orderTypeId?: number | null) {
  const payload = kit.payloadOf({
    customerCode: 'KH000004',
    lines: [{ variant: kit.variant('Smecta'), unit: 'gói', quantity: 2, quotedUnitPrice: 10_000_000 }],
  });
  return orderTypeId === undefined ? payload : { ...payload, orderTypeId };
}

describe('order types', () => {
  it('start as bán lẻ (default), bán sỉ and đổi trả, read by members and the phones alike', async () => {
    const types = await typeList();
    expect(types.map((type) => [type.code, type.name, type.is_default, type.wholesale, type.everyone])).toEqual([
      ['BL', 'Bán lẻ', true, false, true],
      ['BS', 'Bán sỉ', false, true, true],
      ['DT', 'Đổi trả', false, false, true],
    ]);
    // Read twice, made once.
    expect((await typeList()).map((type) => type.id)).toEqual(types.map((type) => type.id));
    const pulled = await kit.get<PullAnswer>('/sync/pull', { company: kit.anKhang, cursor: '0', limit: '2000' }, kit.rep.access);
    const mirrored = pulled.body.data.changes.filter((change) => change.entity === 'order_type');
    expect(mirrored.map((change) => (change.data as OrderTypeRecord).code).sort()).toEqual(['BL', 'BS', 'DT']);
    expect(await usable(kit.rep.access)).toEqual(['BL', 'BS', 'DT']);
  });

  it('gives an order without a type (phones of older builds) the default, and prices bán sỉ at wholesale prices', async () => {
    const legacy = await kit.submitPayload(smectaOrder(), { token: kit.rep.access });
    expect(legacy.outcome).toBe('applied');
    expect(legacy.order).toMatchObject({ order_type_name: 'Bán lẻ', order_type_id: (await byCode('BL')).id });
    const wholesale = await kit.submitPayload(smectaOrder((await byCode('BS')).id), { token: kit.rep.access });
    expect(wholesale.outcome).toBe('applied');
    expect(wholesale.order).toMatchObject({ order_type_name: 'Bán sỉ' });
    // The list price is the wholesale one (the company's price policy then applies on top, as for any order).
    expect([legacy.order!.lines[0]!.list_price, wholesale.order!.lines[0]!.list_price]).toEqual([4_200, 3_600]);
    expect(wholesale.order!.lines[0]!.unit_price).toBeLessThan(legacy.order!.lines[0]!.unit_price);
    // The list filter and the export name it.
    const listed = await kit.get<{ id: string }[]>(
      '/order/api/ordercompany/',
      { company: kit.anKhang, order_type: String((await byCode('BS')).id), limit: '100' },
      kit.an.access,
    );
    expect(listed.body.data.map((order) => order.id)).toContain(wholesale.order!.id);
    expect(listed.body.data.map((order) => order.id)).not.toContain(legacy.order!.id);
    const response = await fetch(
      `${kit.server.url}/api/order/api/exportdata/?company=${kit.anKhang}&customer=${legacy.order!.customer_id}`,
      {
        headers: { authorization: `Bearer ${kit.an.access}` },
      },
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.getWorksheet('Đơn hàng')!;
    const headers = sheet.getRow(1).values as unknown[];
    const typeOf = new Map<string, string>();
    sheet.eachRow((row, index) => {
      if (index > 1)
        typeOf.set(String(row.getCell(headers.indexOf('Mã đơn')).value), String(row.getCell(headers.indexOf('Loại đơn')).value));
    });
    expect([typeOf.get(legacy.order!.code!), typeOf.get(wholesale.order!.code!)]).toEqual(['Bán lẻ', 'Bán sỉ']);
  });

  it('refuses a type the rep may not use, one that stopped, one of another company, and bán sỉ with WHOLESALE off', async () => {
    const returns = await byCode('DT');
    const repId = kit.rep.account.id;
    const answer = await setUserTypes(repId, [(await byCode('BL')).id, (await byCode('BS')).id]);
    expect(answer.status).toBe(200);
    expect(answer.body.data.type_ids).not.toContain(returns.id);
    // "Everyone but the rep": the others keep it.
    const after = await byCode('DT');
    expect(after.everyone).toBe(false);
    expect(after.account_ids).toContain(kit.an.account.id);
    expect(after.account_ids).not.toContain(repId);
    expect(await usable(kit.rep.access)).toEqual(['BL', 'BS']);

    const refused = await kit.submitPayload(smectaOrder(returns.id), { token: kit.rep.access });
    expect(refused).toMatchObject({
      outcome: 'rejected',
      error: { code: 'ORDER_TYPE_FORBIDDEN', message: 'Bạn không được phép tạo đơn hàng loại "Đổi trả"' },
    });
    const stored = await kit.server.deps.db.select().from(orders).where(eq(orders.id, smectaOrder().orderId));
    expect(stored).toEqual([]);
    // The office route answers the same rule as a 400 with the message.
    const byRoute = await kit.server.call('/order/api/ordercompany/', {
      token: kit.rep.access,
      body: { company: kit.anKhang, ...smectaOrder(returns.id) },
    });
    expect([byRoute.status, byRoute.body.message]).toEqual([400, 'Bạn không được phép tạo đơn hàng loại "Đổi trả"']);

    const minhPhatTypes = await kit.get<OrderTypeRecord[]>('/service/api/type_list/', { company: kit.minhPhat }, kit.an.access);
    const foreign = await kit.submitPayload(smectaOrder(minhPhatTypes.body.data[0]!.id), { token: kit.rep.access });
    expect(foreign).toMatchObject({ outcome: 'rejected', error: { code: 'ORDER_TYPE_NOT_FOUND' } });

    const db = kit.server.deps.db;
    await db
      .update(companyFeatures)
      .set({ isEnabled: false })
      .where(and(eq(companyFeatures.companyId, kit.anKhang), eq(companyFeatures.code, 'WHOLESALE')));
    try {
      const off = await kit.submitPayload(smectaOrder((await byCode('BS')).id), { token: kit.rep.access });
      expect(off).toMatchObject({ outcome: 'rejected', error: { message: 'Loại đơn hàng "Bán sỉ" cần bật chức năng Bán sỉ' } });
      expect(await usable(kit.rep.access)).toEqual(['BL']);
    } finally {
      await db
        .update(companyFeatures)
        .set({ isEnabled: true })
        .where(and(eq(companyFeatures.companyId, kit.anKhang), eq(companyFeatures.code, 'WHOLESALE')));
    }

    const stop = await saveType({ ...(await byCode('BS')), is_active: false });
    expect(stop.status).toBe(200);
    const stopped = await kit.submitPayload(smectaOrder((await byCode('BS')).id), { token: kit.rep.access });
    expect(stopped).toMatchObject({ outcome: 'rejected', error: { message: 'Loại đơn hàng "Bán sỉ" đã ngừng sử dụng' } });
    await saveType({ ...(await byCode('BS')), is_active: true });
  });

  it('adds a type for chosen members, moves the default, and refuses bad input with Vietnamese messages', async () => {
    const made = await saveType({
      code: 'ks',
      name: 'Khuyến mãi sỉ',
      everyone: false,
      account_ids: [kit.rep2.account.id],
      is_default: true,
    });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ code: 'KS', is_default: true, everyone: false, account_ids: [kit.rep2.account.id] });
    expect((await byCode('BL')).is_default).toBe(false);
    expect(await usable(kit.rep2.access)).toContain('KS');
    expect(await usable(kit.rep.access)).not.toContain('KS');
    // The rep whom the new default does not name still gets a type when sending none: their first.
    const legacy = await kit.submitPayload(smectaOrder(), { token: kit.rep.access });
    expect(legacy.order?.order_type_name).toBe('Bán lẻ');

    const taken = await saveType({ code: 'BL', name: 'Trùng' });
    expect([taken.status, taken.body.message]).toEqual([409, 'Mã loại đơn "BL" đã được dùng']);
    const noDefault = await saveType({ ...made.body.data, is_default: false });
    expect(noDefault.status).toBe(400);
    const stranger = await saveType({ code: 'X1', name: 'Lạ', everyone: false, account_ids: [kit.binh.account.id] });
    expect([stranger.status, stranger.body.message]).toEqual([400, 'Có nhân viên không thuộc công ty']);
    const blank = await saveType({ code: '', name: '' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toMatch(/Vui lòng nhập/);
    await saveType({ ...(await byCode('BL')), is_default: true });
  });

  it('lets only those who may change the configuration change types; others of the company and strangers are refused', async () => {
    const bl = await byCode('BL');
    expect((await saveType({ ...bl, name: 'Bán lẻ (rep)' }, kit.rep.access)).status).toBe(403);
    expect((await setUserTypes(kit.rep.account.id, [bl.id], kit.rep.access)).status).toBe(403);
    const readByRep = await kit.get(
      '/service/api/using_type_for_user/',
      { company: kit.anKhang, account: String(kit.rep.account.id) },
      kit.rep.access,
    );
    expect(readByRep.status).toBe(403);
    expect((await kit.get('/service/api/type_list/', { company: kit.anKhang }, kit.binh.access)).status).toBe(403);
    expect((await kit.get('/order/api/getlisttypeadd/', { company: kit.anKhang }, kit.binh.access)).status).toBe(403);
    const foreignMember = await setUserTypes(kit.binh.account.id, [bl.id]);
    expect([foreignMember.status, foreignMember.body.message]).toEqual([404, 'Không tìm thấy nhân viên']);
  });
});
