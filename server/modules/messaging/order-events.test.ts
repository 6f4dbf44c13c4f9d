/**
 * Messages on order events, the OTP sender and requests for a new OA (docs/messaging.md): a
 * confirmed order's customer gets the template the company chose, bound from the order, once even
 * when the delivery module reports the same event; nothing when the company chose none; an OTP by
 * ZNS for the verification flows; submit-new-oa kept with its checks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagingPaths, type MessageRecord, type NewOaRequestRecord, type OaRecord, type TemplateRecord } from '@contract/messaging';
import type { CustomerRecord } from '@contract/customers';
import type { OrderRecord } from '@contract/orders';
import type { VariantRecord } from '@contract/products';
import { uuidv7 } from '@contract/uuid';
import { type MessagingKit, startConnectedKit } from '@server/testing/messaging.kit';
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { zaloMessages } from '@server/kernel/db/schema';
import type { VerificationMessage } from '@server/lib/verification-sender';
import { sendOtpByZns, zaloFirstSender } from './index';

let kit: MessagingKit;
let oa: number;
let templates: TemplateRecord[];
let localNo = 0;

beforeAll(async () => {
  ({ kit, oa } = await startConnectedKit());
  templates = (await kit.get<TemplateRecord[]>(messagingPaths.templates, { oa })).body.data;
}, 60_000);
afterAll(() => kit.stop());

const templateNamed = (name: string) => templates.find((one) => one.name === name)!;

async function newOrder(customerCode: string): Promise<OrderRecord> {
  const customers = (await kit.get<CustomerRecord[]>('/customer/api/customer/', { limit: 100 })).body.data;
  const [variant] = (await kit.get<VariantRecord[]>('/product/api/variant/', { limit: 5 })).body.data;
  localNo += 1;
  const created = await kit.send<OrderRecord>('POST', '/order/api/ordercompany', {
    orderId: uuidv7(),
    localNo: `ZL-TEST-${localNo}`,
    customerId: customers.find((one) => one.code === customerCode)!.id,
    lines: [
      {
        lineId: uuidv7(),
        variantId: variant!.id,
        unit: variant!.units[0]!.unit,
        quantity: 1,
        quotedUnitPrice: variant!.units[0]!.price,
        discount: null,
      },
    ],
    quotedTotal: 0,
    createdAt: new Date().toISOString(),
  });
  if (created.status >= 300) throw new Error(JSON.stringify(created.body));
  return created.body.data;
}

const confirm = (order: OrderRecord) => kit.send('PUT', `/order/api/updatestatusordercompany/${order.id}`, { status: 'confirmed' });
const znsTo = (phone: string) =>
  kit.sim.world.messages.filter((message) => message.kind === 'zns' && message.phone === `84${phone.slice(1)}`);

describe('messages on order events', () => {
  it('sends nothing while the company has not chosen a template for the event', async () => {
    const order = await newOrder('KH000002');
    expect((await confirm(order)).status).toBe(200);
    await kit.drain();
    expect(znsTo('0909111222')).toEqual([]);
  });

  it("sends the chosen template to the order's customer when the order is confirmed, once", async () => {
    const saved = await kit.send<OaRecord>('PUT', messagingPaths.oa(oa), {
      order_events: {
        confirmed: templateNamed('Xác nhận đơn hàng').id,
        delivering: templateNamed('Đơn hàng đang giao').id,
        delivered: null,
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.order_events.confirmed).toBe(templateNamed('Xác nhận đơn hàng').id);
    const order = await newOrder('KH000003');
    await confirm(order);
    await kit.drain();
    const sent = znsTo('0918333444');
    expect(sent).toEqual([expect.objectContaining({ templateId: 310001 })]);
    expect(sent[0]!.templateData).toMatchObject({ customer_name: 'Quầy thuốc Đức Hạnh', order_code: order.code });
    expect(sent[0]!.templateData!.total).toMatch(/^[\d.]+\s₫$/);
    // Shipped (by the office, or by a carrier's news through the delivery module): its template, once.
    const ship = () => kit.send('PUT', `/order/api/updatestatusordercompany/${order.id}`, { status: 'delivering' });
    expect((await ship()).status).toBe(200);
    expect((await ship()).status).toBeGreaterThanOrEqual(400);
    await kit.drain();
    expect(znsTo('0918333444').map((message) => message.templateId)).toEqual([310001, 310002]);
    const log = (await kit.get<MessageRecord[]>(messagingPaths.messages, { kind: 'zns' })).body.data;
    expect(
      log
        .filter((one) => one.phone === '0918333444')
        .map((one) => one.origin)
        .sort(),
    ).toEqual(['order:confirmed', 'order:delivering']);
  });

  it('refuses a template of another OA or company for an event', async () => {
    const refused = await kit.send('PUT', messagingPaths.oa(oa), { order_events: { confirmed: 999999 } });
    expect(refused.status).toBe(404);
  });
});

describe('the OTP sender', () => {
  it("sends the OTP through the company's OTP template, and answers null where there is none", async () => {
    const id = await sendOtpByZns(kit.server.deps, { companyId: kit.anKhang, phone: '0912345678', code: '482913' });
    expect(id).not.toBeNull();
    await kit.drain();
    expect(znsTo('0912345678')).toEqual([expect.objectContaining({ templateId: 310004, templateData: { otp: '482913' }, trackingId: id })]);
    // Sent, the code is no longer readable where the message is kept.
    const [kept] = await kit.server.deps.db
      .select({ status: zaloMessages.status, templateData: zaloMessages.templateData })
      .from(zaloMessages)
      .where(eq(zaloMessages.id, id!));
    expect(kept).toEqual({ status: 'sent', templateData: { otp: '******' } });
    expect(await sendOtpByZns(kit.server.deps, { companyId: kit.minhPhat, phone: '0912345678', code: '1' })).toBeNull();
  });

  it("sends the app's codes by ZNS from the configured company's OA, once per code, and the rest to the other sender", async () => {
    const others: VerificationMessage[] = [];
    const fallback = { send: async (message: VerificationMessage) => void others.push(message) };
    const message = (to: string, channel: 'sms' | 'email' = 'sms'): VerificationMessage => ({
      channel,
      to,
      code: '731946',
      purpose: 'registration',
      requestId: crypto.randomUUID(),
      expiresAt: new Date(Date.now() + 600_000),
    });
    const byZalo = zaloFirstSender(kit.server.deps, kit.anKhang, fallback);
    const code = message('0912345679');
    await byZalo.send(code);
    await byZalo.send(code);
    await kit.drain();
    expect(znsTo('0912345679')).toEqual([expect.objectContaining({ templateData: { otp: '731946' }, trackingId: code.requestId })]);
    await byZalo.send(message('an@ankhang.vn', 'email'));
    await zaloFirstSender(kit.server.deps, kit.minhPhat, fallback).send(message('0912345670'));
    expect(others.map((sent) => sent.to)).toEqual(['an@ankhang.vn', '0912345670']);
  });
});

describe('submit-new-oa', () => {
  it('keeps a request with its checks, listed for the company', async () => {
    const bad = await kit.send('POST', messagingPaths.newOa, { name: '', sector: 'Khác', phone: '123' });
    expect(bad.status).toBe(400);
    const made = await kit.send('POST', messagingPaths.newOa, {
      name: 'Nhà thuốc An Khang 24h',
      sector: 'Dược phẩm, y tế',
      phone: '0901 234 567',
      email: 'oa@ankhang.vn',
    });
    expect(made.status).toBe(201);
    expect(made.body.message).toContain('Đã gửi yêu cầu đăng ký OA mới');
    const list = await kit.get<NewOaRequestRecord[]>(messagingPaths.newOa);
    expect(list.body.data[0]).toMatchObject({
      name: 'Nhà thuốc An Khang 24h',
      phone: '0901234567',
      status: 'submitted',
      created_by: 'Nguyễn Văn An',
    });
    const theirs = await kit.server.call(`${messagingPaths.newOa}?company=${kit.anKhang}`, { token: kit.binh.access });
    expect(theirs.status).toBe(403);
  });
});
