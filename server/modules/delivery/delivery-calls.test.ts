/**
 * Every delivery call: lists and counts with the spec's filter, the booking draft, receiver
 * methods, pick shifts, edit, cancel (before pickup only, at the carrier too), refresh by polling
 * when a webhook was lost, labels (GHN's page, GHTK's PDF through us, our own for self delivery),
 * self delivery to delivered with its COD, COD reconciliation, deleting a failed delivery,
 * disconnecting; refusals: bad input in Vietnamese, the DLO switch off, another company's
 * deliveries, a member whose role does not allow it.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryPaths, type CarrierAccountRecord, type DeliveryCounts, type DeliveryRecord, type PrintJob } from '@contract/delivery';
import type { OrderRecord } from '@contract/orders';
import { receivablePaths, type OrderReceivable } from '@contract/receivables';
import { companyFeatures } from '@server/kernel/db/schema';
import { recordPayment } from '@server/modules/receivables';
import { DEMO_STAFF } from '@server/seed/demo-employees';
import { startDeliveryKit, type DeliveryKit } from '@server/testing/delivery.kit';

let kit: DeliveryKit;
let ghn: CarrierAccountRecord;
let booked: DeliveryRecord;
let order: OrderRecord;

beforeAll(async () => {
  kit = await startDeliveryKit();
  ghn = await kit.connect('ghn');
  await kit.connect('ghtk');
  order = await kit.confirmedOrder();
  booked = await kit.book(order, 'ghn');
  await kit.drain();
  booked = await kit.delivery(booked.id);
});
afterAll(async () => {
  await kit?.stop();
});

describe('reading', () => {
  it('lists with the filter and counts per status', async () => {
    const byCarrier = await kit.get<DeliveryRecord[]>(deliveryPaths.deliveries, {
      carrier: 'ghn',
      status: 'waiting_pickup',
      print_status: 'not_printed',
    });
    expect(byCarrier.body.data.map((row) => row.id)).toContain(booked.id);
    const bySearch = await kit.get<DeliveryRecord[]>(deliveryPaths.deliveries, { search: booked.tracking_code! });
    expect(bySearch.body.data.map((row) => row.id)).toEqual([booked.id]);
    const otherCarrier = await kit.get<DeliveryRecord[]>(deliveryPaths.deliveries, { carrier: 'ghtk' });
    expect(otherCarrier.body.data.map((row) => row.id)).not.toContain(booked.id);
    const counts = await kit.get<DeliveryCounts>(deliveryPaths.counts);
    expect(counts.body.data.waiting_pickup).toBeGreaterThanOrEqual(1);
    expect(counts.body.data.all).toBeGreaterThanOrEqual(counts.body.data.waiting_pickup);
    expect(counts.body.data.not_printed).toBeGreaterThanOrEqual(1);
  });

  it('gives the booking draft of an order: receiver, parcel from the variants, COD, carriers', async () => {
    const draft = await kit.get<{
      receiver: { phone: string; province: string };
      parcel: { weight_grams: number };
      cod_amount: number;
      accounts: CarrierAccountRecord[];
    }>(deliveryPaths.draft, { order: order.id });
    expect(draft.status).toBe(200);
    expect(draft.body.data.receiver).toMatchObject({ phone: '0909111222', province: 'Thành phố Hồ Chí Minh' });
    expect(draft.body.data.parcel.weight_grams).toBeGreaterThan(0);
    expect(draft.body.data.cod_amount).toBe(order.total);
    expect(draft.body.data.accounts.map((account) => account.carrier).sort()).toEqual(['ghn', 'ghtk']);
  });

  it('asks as COD only what the order still owes after a payment', async () => {
    const paidInPart = await kit.confirmedOrder('KH000003');
    const part = Math.floor(paidInPart.total / 3);
    await kit.server.deps.db.transaction((tx) =>
      recordPayment(tx, {
        companyId: kit.anKhang,
        orderId: paidInPart.id,
        amount: part,
        method: 'cash',
        source: 'office',
        collectedBy: kit.an.account.id,
      }),
    );
    const draft = await kit.get<{ cod_amount: number }>(deliveryPaths.draft, { order: paidInPart.id });
    expect(draft.body.data.cod_amount).toBe(paidInPart.total - part);
  });

  it('lists receiver methods and GHN’s pick shifts', async () => {
    const methods = await kit.get<{ value: string; label: string }[]>(deliveryPaths.receiverMethods);
    expect(methods.body.data.map((method) => method.label)).toEqual(['Cho xem hàng, không cho thử', 'Không cho xem hàng', 'Cho thử hàng']);
    const shifts = await kit.get<{ id: string; title: string }[]>(deliveryPaths.pickShifts, { connection: ghn.id });
    expect(shifts.body.data.length).toBeGreaterThan(0);
  });

  it('checks an account and reads its details from the carrier, never its token', async () => {
    const checked = await kit.send<{ account: CarrierAccountRecord; details: Record<string, string> }>(
      'POST',
      deliveryPaths.checkAccount(ghn.id),
    );
    expect(checked.status).toBe(200);
    expect(checked.body.data.account.status).toBe('connected');
    const detail = await kit.get<{ details: Record<string, string> }>(deliveryPaths.accountDetail(ghn.id));
    expect(detail.body.data.details['Mã cửa hàng']).toBe('885');
    expect(JSON.stringify(detail.body)).not.toContain('ghn-token-ankhang-0001');
  });
});

describe('writing', () => {
  it('edits the note, then polls the carrier when its webhook was lost', async () => {
    const edited = await kit.send<DeliveryRecord>('PUT', deliveryPaths.delivery(booked.id), { note: 'Gọi trước khi giao' });
    expect(edited.body.data.note).toBe('Gọi trước khi giao');
    const hooks = kit.sims.simulators.ghn.sim.hooks;
    const saved = new Map(hooks);
    hooks.clear();
    await kit.walk('ghn', booked.tracking_code!, { steps: 2 });
    expect((await kit.delivery(booked.id)).status).toBe('waiting_pickup');
    for (const [key, value] of saved) hooks.set(key, value);
    const refreshed = await kit.send<DeliveryRecord>('POST', deliveryPaths.refresh(booked.id));
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.data.status).toBe('picked');
    expect(refreshed.body.data.events!.some((event) => event.source === 'poll')).toBe(true);
  });

  it('refuses to cancel after pickup with the reason, and cancels before it at the carrier too', async () => {
    const late = await kit.send('POST', deliveryPaths.cancel(booked.id), { reason: 'Khách đổi ý' });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('Hãng chỉ cho hủy đơn khi chưa lấy hàng');
    const another = await kit.book(await kit.confirmedOrder('KH000003'), 'ghn');
    await kit.drain();
    const noReason = await kit.send('POST', deliveryPaths.cancel(another.id), { reason: '  ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe('Vui lòng nhập lý do hủy');
    // While the carrier is out with its COD, the order's receivable says so (a payment there too is taken twice).
    const codOf = async (orderId: string) =>
      (await kit.get<OrderReceivable>(receivablePaths.info, { order: orderId })).body.data.cod_under_way;
    expect(await codOf(another.order_id)).toBe(another.cod_amount);
    expect(another.cod_amount).toBeGreaterThan(0);
    const cancelled = await kit.send<DeliveryRecord>('POST', deliveryPaths.cancel(another.id), { reason: 'Khách đổi ý' });
    expect(cancelled.status).toBe(200);
    expect(await codOf(another.order_id)).toBe(0);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', cancel_reason: 'Khách đổi ý' });
    const tracking = (await kit.delivery(another.id)).tracking_code!;
    expect(kit.sims.simulators.ghn.sim.shipments.get(tracking)?.status).toBe('cancel');
  });

  it('prints labels: GHN’s page with its code, GHTK’s PDF through us; marks them printed', async () => {
    const ghtkDelivery = await kit.book(await kit.confirmedOrder('KH000004'), 'ghtk');
    await kit.drain();
    const printed = await kit.send<PrintJob[]>('POST', deliveryPaths.printTags, { deliveries: [booked.id, ghtkDelivery.id], size: 'a5' });
    expect(printed.status).toBe(200);
    const ghnJob = printed.body.data.find((job) => job.carrier === 'ghn')!;
    const page = await fetch(ghnJob.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(booked.tracking_code!);
    const ghtkJob = printed.body.data.find((job) => job.carrier === 'ghtk')!;
    const pdf = await fetch(`${kit.server.url}/api${ghtkJob.url}`, { headers: { authorization: `Bearer ${kit.an.access}` } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    expect(new TextDecoder().decode(await pdf.arrayBuffer())).toMatch(/^%PDF-1\.4/);
    const rows = await kit.get<DeliveryRecord[]>(deliveryPaths.deliveries, { print_status: 'printed' });
    expect(rows.body.data.map((row) => row.id).sort()).toEqual([booked.id, ghtkDelivery.id].sort());
    expect((await kit.delivery(booked.id)).print_count).toBe(1);
  });

  it('refuses bad input in Vietnamese and changes nothing', async () => {
    const before = (await kit.get<DeliveryRecord[]>(deliveryPaths.deliveries)).body.count;
    const bad = await kit.send('POST', deliveryPaths.deliveries, {
      order: order.id,
      connection_id: ghn.id,
      service_id: '53320',
      fee: -1,
      parcel: { weight_grams: 0, length_cm: 20, width_cm: 15, height_cm: 10 },
      cod_amount: 0,
      receiver_method: 'cho_xem',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/không được âm|tối thiểu/);
    const unconfirmed = await kit.createOrder({
      customerCode: 'KH000002',
      lines: [{ variant: kit.variants[0]!, unit: kit.variants[0]!.units[0]!.unit, quantity: 1 }],
    });
    const quote = await kit.send('POST', deliveryPaths.deliveries, {
      order: unconfirmed.id,
      connection_id: ghn.id,
      service_id: '53320',
      fee: 20000,
      parcel: { weight_grams: 200, length_cm: 20, width_cm: 15, height_cm: 10 },
      cod_amount: 0,
      receiver_method: 'cho_xem',
    });
    expect(quote.status).toBe(409);
    expect(quote.body.message).toBe('Chỉ tạo đơn vận chuyển cho đơn hàng đã xác nhận');
    expect((await kit.get<DeliveryRecord[]>(deliveryPaths.deliveries)).body.count).toBe(before);
  });

  it('reconciles COD: what the carrier paid out, a difference flagged', async () => {
    await kit.walk('ghn', booked.tracking_code!, { steps: 4 });
    const delivered = await kit.delivery(booked.id);
    expect(delivered.status).toBe('delivered');
    expect(delivered.cod.state).toBe('collected');
    const short = await kit.send<DeliveryRecord>('POST', deliveryPaths.reconcile(booked.id), {
      paid_out: delivered.cod.collected! - 50,
      note: 'Bảng đối soát tuần 48',
    });
    expect(short.body.data.cod).toMatchObject({ state: 'mismatch', difference: -50, note: 'Bảng đối soát tuần 48' });
    const mismatched = await kit.get<DeliveryRecord[]>(deliveryPaths.deliveries, { cod: 'mismatch' });
    expect(mismatched.body.data.map((row) => row.id)).toContain(booked.id);
    const fixed = await kit.send<DeliveryRecord>('POST', deliveryPaths.reconcile(booked.id), {
      paid_out: delivered.cod.collected!,
      note: null,
    });
    expect(fixed.body.data.cod.state).toBe('paid');
  });
});

describe('self delivery', () => {
  it('books with the company’s own staff, prints our label, and completes with the COD collected', async () => {
    const staff = await kit.get<{ shippers: { id: number; name: string }[] }>(deliveryPaths.selfDelivery);
    const shipper = staff.body.data.shippers[0]!;
    const saved = await kit.send<CarrierAccountRecord>('POST', deliveryPaths.selfDelivery, {
      fee: 15000,
      shipper_ids: [shipper.id],
      sender: {
        name: 'Kho An Khang',
        phone: '0901234567',
        address: '123 Nguyễn Trãi',
        province: 'Thành phố Hồ Chí Minh',
        ward: 'Phường Bến Thành',
      },
    });
    expect(saved.status).toBe(201);
    const stranger = await kit.send('POST', deliveryPaths.selfDelivery, { fee: 1, shipper_ids: [999_999], sender: saved.body.data.sender });
    expect(stranger.status).toBe(400);
    const mine = await kit.confirmedOrder('KH000005');
    const quotes = await kit.quote(mine);
    expect(quotes.quotes.find((quote) => quote.carrier === 'self')).toMatchObject({ fee: 15000 });
    const delivery = await kit.book(mine, 'self', { shipper_id: shipper.id });
    expect(delivery).toMatchObject({ status: 'waiting_pickup', shipper: { id: shipper.id } });
    const printed = await kit.send<PrintJob[]>('POST', deliveryPaths.printTags, { deliveries: [delivery.id], size: '80mm' });
    expect(printed.body.data).toEqual([
      { carrier: 'self', ids: [delivery.id], url: `/transport/labels?ids=${delivery.id}&size=80mm`, message: null },
    ]);
    const done = await kit.send<DeliveryRecord>('POST', deliveryPaths.selfMove(delivery.id), {
      to: 'delivered',
      cod_collected: mine.total - 1000,
    });
    expect(done.status).toBe(200);
    expect(done.body.data.cod).toMatchObject({ collected: mine.total - 1000, state: 'mismatch', difference: -1000 });
    // The shipper has the money in hand: it waits for the cashier, as a rep's collection does.
    const collected = (await kit.get<OrderReceivable>(receivablePaths.info, { order: mine.id })).body.data;
    expect(collected.payments.map((payment) => [payment.method, payment.amount, payment.state, payment.collected_by])).toEqual([
      ['cod', mine.total - 1000, 'pending', shipper.id],
    ]);
    expect(collected.open).toBe(mine.total);
    const completed = await kit.get<OrderRecord>(`/order/api/ordercompany/${mine.id}/`);
    expect(completed.body.data.status).toBe('completed');
    const again = await kit.send('POST', deliveryPaths.selfMove(delivery.id), { to: 'picked' });
    expect(again.status).toBe(409);
  });
});

describe('refusals', () => {
  it('a carrier’s delivery cannot be moved by hand, a failed one can be deleted, an account in use not disconnected', async () => {
    const manual = await kit.send('POST', deliveryPaths.selfMove(booked.id), { to: 'delivered' });
    expect(manual.status).toBe(409);
    const failed = await kit.book(await kit.confirmedOrder('KH000002'), 'ghn', { cod_amount: 70_000_000 });
    await kit.drain();
    expect((await kit.delivery(failed.id)).status).toBe('create_failed');
    expect((await kit.send('DELETE', deliveryPaths.delivery(failed.id))).status).toBe(200);
    expect((await kit.get(deliveryPaths.delivery(failed.id))).status).toBe(404);
    const ghtk = (await kit.get<CarrierAccountRecord[]>(deliveryPaths.accounts)).body.data.find((account) => account.carrier === 'ghtk')!;
    const inUse = await kit.send('DELETE', deliveryPaths.account(ghtk.id));
    expect(inUse.status).toBe(409);
    expect(inUse.body.message).toContain('chưa kết thúc');
  });

  it('a rep without the edit permission may not book or connect', async () => {
    const rep = await kit.server.login(DEMO_STAFF.repSouth);
    const book = await kit.send(
      'POST',
      deliveryPaths.deliveries,
      { order: order.id, connection_id: ghn.id, service_id: '1', fee: 1, parcel: booked.parcel, cod_amount: 0, receiver_method: 'cho_xem' },
      rep.access,
    );
    expect(book.status).toBe(403);
    const connect = await kit.send(
      'POST',
      deliveryPaths.accounts,
      { carrier: 'ghn', environment: 'simulator', account_key: '1', token: 'x', sender: booked.receiver },
      rep.access,
    );
    expect(connect.status).toBe(403);
  });

  it('another company sees none of An Khang’s deliveries or accounts, and a company with DLO off is refused', async () => {
    const minhPhat = kit.minhPhat;
    const off = await kit.server.call(`${deliveryPaths.deliveries}?company=${minhPhat}`, { token: kit.an.access });
    expect(off.status).toBe(403);
    expect(off.body.error).toBe('FEATURE_OFF');
    const db = kit.server.deps.db;
    await db
      .update(companyFeatures)
      .set({ isEnabled: true })
      .where(and(eq(companyFeatures.companyId, minhPhat), eq(companyFeatures.code, 'DLO')));
    try {
      const one = await kit.server.call(`${deliveryPaths.delivery(booked.id)}?company=${minhPhat}`, { token: kit.an.access });
      expect(one.status).toBe(404);
      const list = await kit.server.call<DeliveryRecord[]>(`${deliveryPaths.deliveries}?company=${minhPhat}`, { token: kit.an.access });
      expect(list.body.data).toEqual([]);
      const account = await kit.server.call(`${deliveryPaths.accountDetail(ghn.id)}?company=${minhPhat}`, { token: kit.an.access });
      expect([403, 404]).toContain(account.status);
      expect(JSON.stringify(account.body)).not.toContain(ghn.label);
      const cancel = await kit.server.call(deliveryPaths.cancel(booked.id), {
        method: 'POST',
        token: kit.an.access,
        body: { company: minhPhat, reason: 'x' },
      });
      expect([403, 404]).toContain(cancel.status);
      expect((await kit.delivery(booked.id)).status).not.toBe('cancelled');
      const binh = await kit.server.call(`${deliveryPaths.deliveries}?company=${kit.anKhang}`, { token: kit.binh.access });
      expect(binh.status).toBe(403);
    } finally {
      await db
        .update(companyFeatures)
        .set({ isEnabled: false })
        .where(and(eq(companyFeatures.companyId, minhPhat), eq(companyFeatures.code, 'DLO')));
    }
  });

  it('a webhook for a company whose DLO went off is kept but not applied', async () => {
    const db = kit.server.deps.db;
    const another = await kit.book(await kit.confirmedOrder('KH000003'), 'ghn');
    await kit.drain();
    const tracking = (await kit.delivery(another.id)).tracking_code!;
    await db
      .update(companyFeatures)
      .set({ isEnabled: false })
      .where(and(eq(companyFeatures.companyId, kit.anKhang), eq(companyFeatures.code, 'DLO')));
    try {
      await kit.walk('ghn', tracking);
      const off = await kit.server.call(deliveryPaths.delivery(another.id) + `?company=${kit.anKhang}`, { token: kit.an.access });
      expect(off.status).toBe(403);
    } finally {
      await db
        .update(companyFeatures)
        .set({ isEnabled: true })
        .where(and(eq(companyFeatures.companyId, kit.anKhang), eq(companyFeatures.code, 'DLO')));
    }
    expect((await kit.delivery(another.id)).status).toBe('waiting_pickup');
  });
});
