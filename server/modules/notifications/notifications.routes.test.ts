/**
 * Notifications per event (docs/notifications.md "What notifies whom"): who is told, that the one
 * who acted is not, that a waiting item stops counting for everyone once acted on; the calls
 * (list, unread count, read, read all) and that a person sees only their own, in companies they
 * are an accepted member of.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginAnswer } from '@contract/auth';
import type { NotificationRecord, UnreadCount } from '@contract/notifications';
import type { OrderRecord } from '@contract/orders';
import type { PromotionRecord } from '@contract/promotions';
import { vietnamDay } from '@contract/price-policy';
import { roles } from '@server/kernel/db/schema';
import { addAccount } from '@server/testing/fixtures';
import { startRegionKit, type RegionKit } from '@server/testing/regions.kit';

let kit: RegionKit;
let keeper: LoginAnswer;
beforeAll(async () => {
  kit = await startRegionKit();
  keeper = await kit.server.login('0912000005');
});
afterAll(async () => {
  await kit?.stop();
});

const unread = async (who: LoginAnswer, company = kit.anKhang) =>
  (await kit.server.call<UnreadCount>(`/notification/api/unread/?company=${company}`, { token: who.access })).body.data.count;
const list = async (who: LoginAnswer, company = kit.anKhang) =>
  (await kit.server.call<NotificationRecord[]>(`/notification/api/notification/?company=${company}&limit=50`, { token: who.access })).body
    .data;
const about = (rows: NotificationRecord[], kind: string, text: string) =>
  rows.filter((row) => row.kind === kind && `${row.title} ${row.body}`.includes(text));

async function waitingDiscountOrder(): Promise<OrderRecord> {
  const smecta = kit.variant('Smecta');
  const payload = kit.payloadOf({
    customerCode: 'KH000004',
    lines: [{ variant: smecta, unit: 'gói', quantity: 2, quotedUnitPrice: 10_000_000, discount: { kind: 'percent', value: 35 } }],
  });
  const result = await kit.submitPayload(payload, { token: kit.rep.access });
  expect(result.order?.discount_approval?.state).toBe('needed');
  return result.order!;
}

describe('an order waiting for discount approval', () => {
  it('tells the owner, company-wide approvers and the rep’s manager, not the rep or those who cannot approve', async () => {
    const before = {
      an: await unread(kit.an),
      manager: await unread(kit.manager),
      accountant: await unread(kit.accountant),
      rep: await unread(kit.rep),
      keeper: await unread(keeper),
    };
    const order = await waitingDiscountOrder();
    expect(await unread(kit.an)).toBe(before.an + 1);
    expect(await unread(kit.manager)).toBe(before.manager + 1);
    expect(await unread(kit.accountant)).toBe(before.accountant + 1);
    expect(await unread(kit.rep)).toBe(before.rep);
    expect(await unread(keeper)).toBe(before.keeper);
    const [told] = about(await list(kit.accountant), 'discount_approval', order.code!);
    expect(told).toMatchObject({
      title: `Đơn ${order.code} chờ duyệt chiết khấu`,
      link: `/order/${order.id}`,
      read: false,
      resolved: false,
    });
    expect(told!.body).toContain('vượt mức tối đa 10 %');

    // The accountant confirms it: it waits on nobody any more, and the rep hears of it.
    const confirmed = await kit.server.call(`/order/api/updatestatusordercompany/${order.id}/`, {
      method: 'PUT',
      token: kit.accountant.access,
      body: { company: kit.anKhang, status: 'confirmed' },
    });
    expect(confirmed.status).toBe(200);
    expect(await unread(kit.an)).toBe(before.an);
    expect(await unread(kit.manager)).toBe(before.manager);
    expect(about(await list(kit.an), 'discount_approval', order.code!)[0]?.resolved).toBe(true);
    const [status] = about(await list(kit.rep), 'order_status', order.code!);
    expect(status).toMatchObject({ title: `Đơn ${order.code}: Đã xác nhận`, body: 'Từ "Chờ xác nhận" sang "Đã xác nhận".' });
    // The accountant who confirmed is not told of their own move.
    expect(about(await list(kit.accountant), 'order_status', order.code!)).toEqual([]);
  });

  it('refused, the rep is told why', async () => {
    const order = await waitingDiscountOrder();
    await kit.server.call(`/order/api/updatestatusordercompany/${order.id}/`, {
      method: 'PUT',
      token: kit.an.access,
      body: { company: kit.anKhang, status: 'rejected', reason: 'Chiết khấu quá cao' },
    });
    const [status] = about(await list(kit.rep), 'order_status', order.code!);
    expect(status).toMatchObject({ body: 'Lý do: Chiết khấu quá cao' });
    expect(about(await list(kit.an), 'discount_approval', order.code!)[0]?.resolved).toBe(true);
  });
});

describe('a join request', () => {
  it('tells the owners only; decided, it stops waiting and the person is told', async () => {
    const { phone, password } = await addAccount(kit.server.deps.db, { fullName: 'Lâm Thị Xuân' });
    const person = await kit.server.login(phone, password);
    const before = await unread(kit.an);
    await kit.server.call(`/account/api/account-register-company/${kit.anKhang}/`, { method: 'PUT', token: person.access });
    expect(await unread(kit.an)).toBe(before + 1);
    const [request] = about(await list(kit.an), 'join_request', 'Lâm Thị Xuân');
    expect(request).toMatchObject({ title: 'Lâm Thị Xuân xin tham gia công ty', link: '/join-requests' });
    expect(about(await list(kit.accountant), 'join_request', 'Lâm Thị Xuân')).toEqual([]);
    // Not a member yet: the person cannot read An Khang's notifications.
    expect((await kit.server.call(`/notification/api/unread/?company=${kit.anKhang}`, { token: person.access })).status).toBe(403);

    const members = await kit.server.call<{ id: number; account: { id: number } }[]>(
      `/company/api/accountcompany/?company=${kit.anKhang}`,
      {
        token: kit.an.access,
      },
    );
    const membership = members.body.data.find((member) => member.account.id === person.account.id)!;
    await kit.server.call(`/company/api/accountcompany/${membership.id}/`, {
      method: 'PUT',
      token: kit.an.access,
      body: { status: 'accept' },
    });
    expect(await unread(kit.an)).toBe(before);
    const told = await list(person);
    expect(about(told, 'join_decision', 'đã chấp nhận')).toEqual([
      expect.objectContaining({ title: 'Công ty Dược phẩm An Khang đã chấp nhận yêu cầu tham gia của bạn', link: '/' }),
    ]);
  });
});

describe('a programme and a role change waiting for approval', () => {
  it('tell those who may approve them, and stop counting once decided', async () => {
    // Let the accountant draw up programmes (approving stays the owner's).
    const [accountantRole] = (await kit.server.deps.db.select().from(roles).where(eq(roles.companyId, kit.anKhang))).filter(
      (role) => role.name === 'Kế toán',
    );
    await kit.server.deps.db
      .update(roles)
      .set({ permissions: { ...(accountantRole!.permissions as object), promotions: ['view', 'create'] } })
      .where(eq(roles.id, accountantRole!.id));
    const before = await unread(kit.an);
    const day = (offset: number) => vietnamDay(new Date(Date.now() + offset * 86_400_000));
    const made = await kit.server.call<PromotionRecord>('/promotion/api/promotion/', {
      token: kit.accountant.access,
      body: {
        company: kit.anKhang,
        name: 'Giảm 6% Smecta tháng này',
        kind: 'discount',
        starts_on: day(0),
        ends_on: day(20),
        variant_ids: [kit.variant('Smecta').id],
        tiers: [{ threshold: 1, reward: 'percent', value: 6, gift_variant_id: null, gift_quantity: 0 }],
      },
    });
    expect(made.status).toBe(201);
    expect(await unread(kit.an)).toBe(before + 1);
    expect(about(await list(kit.an), 'promotion_approval', made.body.data.code)[0]).toMatchObject({
      title: `Chương trình ${made.body.data.code} chờ duyệt`,
      body: 'Giảm 6% Smecta tháng này',
    });
    await kit.server.call(`/promotion/api/statuspromotion/${made.body.data.id}/`, {
      token: kit.an.access,
      body: { company: kit.anKhang, action: 'approve' },
    });
    expect(await unread(kit.an)).toBe(before);

    // The regional manager asks for another role for the rep: the owner approves roles.
    const [salesManager] = (await kit.server.deps.db.select().from(roles).where(eq(roles.companyId, kit.anKhang))).filter(
      (role) => role.name === 'Quản lý vùng',
    );
    const asked = await kit.server.call(`/account/api/employee/${kit.rep.account.id}/`, {
      method: 'PUT',
      token: kit.manager.access,
      body: { company: kit.anKhang, role: salesManager!.id },
    });
    expect(asked.status).toBe(200);
    const [roleRequest] = about(await list(kit.an), 'role_request', 'Lê Văn Trình');
    expect(roleRequest).toMatchObject({
      title: 'Đổi vai trò của Lê Văn Trình chờ duyệt',
      body: 'Vai trò mới: Quản lý vùng.',
      link: '/role?tab=requests',
    });
    const requests = await kit.server.call<{ id: number }[]>(`/role/api/approle/?company=${kit.anKhang}`, { token: kit.an.access });
    await kit.server.call('/role/api/approle/', {
      token: kit.an.access,
      body: { company: kit.anKhang, request: requests.body.data[0]!.id, approve: false },
    });
    expect(about(await list(kit.an), 'role_request', 'Lê Văn Trình')[0]?.resolved).toBe(true);
  });
});

describe('the calls', () => {
  it('mark one read, then all; the count follows', async () => {
    await waitingDiscountOrder();
    const rows = await list(kit.manager);
    const first = rows.find((row) => !row.read && !row.resolved)!;
    const before = await unread(kit.manager);
    const read = await kit.server.call<NotificationRecord>(`/notification/api/notification/${first.id}/read/`, {
      method: 'PUT',
      token: kit.manager.access,
    });
    expect([read.status, read.body.data.read]).toEqual([200, true]);
    expect(await unread(kit.manager)).toBe(before - 1);
    const all = await kit.server.call('/notification/api/read-all/', {
      method: 'PUT',
      token: kit.manager.access,
      body: { company: kit.anKhang },
    });
    expect(all.status).toBe(200);
    expect(await unread(kit.manager)).toBe(0);
    const onlyUnread = await kit.server.call<NotificationRecord[]>(`/notification/api/notification/?company=${kit.anKhang}&unread=1`, {
      token: kit.manager.access,
    });
    expect(onlyUnread.body.data).toEqual([]);
  });

  it('keep each person to their own notifications and their own companies', async () => {
    const [mine] = await list(kit.an);
    // Another person cannot read it as theirs or mark it read.
    const foreign = await kit.server.call(`/notification/api/notification/${mine!.id}/read/`, { method: 'PUT', token: kit.binh.access });
    expect(foreign.status).toBe(404);
    expect((await list(kit.an)).find((row) => row.id === mine!.id)?.read).toBe(mine!.read);
    // Bình is not of An Khang; An is still pending at Hòa Bình.
    for (const [who, company] of [
      [kit.binh, kit.anKhang],
      [kit.an, kit.an.account.company_data.find((m) => m.status_display === 'pending')!.company],
    ] as const) {
      const answer = await kit.server.call(`/notification/api/notification/?company=${company}`, { token: who.access });
      expect([answer.status, answer.body.error]).toEqual([403, 'NOT_A_MEMBER']);
      const readAll = await kit.server.call('/notification/api/read-all/', { method: 'PUT', token: who.access, body: { company } });
      expect(readAll.status).toBe(403);
    }
    // In Minh Phát, An sees nothing of An Khang's.
    expect((await list(kit.an, kit.minhPhat)).some((row) => row.company === kit.anKhang)).toBe(false);
    expect((await kit.server.call(`/notification/api/unread/?company=${kit.anKhang}`)).status).toBe(401);
  });
});
