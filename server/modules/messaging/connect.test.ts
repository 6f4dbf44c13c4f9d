/**
 * Connecting an OA and using it: OAuth v4 with PKCE through the simulator's consent page, the OA
 * shown without its secrets, followers synced by paging and linked to a customer by phone,
 * templates with their status and bound preview, one ZNS sent (and never twice after a lost answer); the ZALO switch off and another
 * company's member refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  messagingPaths,
  type FollowerRecord,
  type MessageRecord,
  type OaRecord,
  type TemplatePreview,
  type TemplateRecord,
} from '@contract/messaging';
import { companyFeatures, zaloMessages } from '@server/kernel/db/schema';
import { DEMO_ZALO } from '@server/seed/demo-messaging';
import { connectDemoOa, consent, oaOf, startMessagingKit, type MessagingKit } from '@server/testing/messaging.kit';
import { DEMO_OA_ID } from '@simulators/zalo/world';
import { IN_FLIGHT, UNCONFIRMED_REASON } from './messages-send';

let kit: MessagingKit;
let oa: number;

beforeAll(async () => {
  kit = await startMessagingKit();
  // 75 followers: two pages of Zalo's follower list (50 at most a call).
  const users = kit.sim.world.oas.get(DEMO_OA_ID)!.users;
  for (let index = 0; index < 45; index += 1) {
    const userId = `84${8000000000 + index}`;
    users.set(userId, {
      userId,
      displayName: `Khách thử ${index}`,
      avatar: '',
      phone: null,
      tags: [],
      isFollower: true,
      lastInteractionAt: null,
    });
  }
  oa = await connectDemoOa(kit);
  await kit.drain();
}, 60_000);
afterAll(() => kit.stop());

async function setZalo(company: number, on: boolean) {
  await kit.server.deps.db
    .update(companyFeatures)
    .set({ isEnabled: on })
    .where(and(eq(companyFeatures.companyId, company), eq(companyFeatures.code, 'ZALO')));
}

describe('connecting an OA', () => {
  it('exchanges the code with its PKCE verifier and shows the OA connected, secrets only as hints', async () => {
    const record = await oaOf(kit, oa);
    expect(record).toMatchObject({ oa_id: DEMO_ZALO.oaId, name: DEMO_ZALO.oaName, status: 'connected', environment: 'simulator' });
    expect(record.secret_hints.app_secret).toMatch(/^••••/);
    const text = JSON.stringify((await kit.get(messagingPaths.oas)).body);
    for (const secret of [DEMO_ZALO.appSecret, DEMO_ZALO.oaSecretKey]) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/zat\.|zrt\./);
    // Zalo's token lifetimes: about 25 hours, refreshed an hour before.
    const hours = (Date.parse(record.access_expires_at!) - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(24.5);
    expect(kit.sim.world.counters.tokenExchanges).toBeGreaterThanOrEqual(1);
  });

  it('answers the ZNS quota with the OA', async () => {
    const detail = await kit.get<OaRecord & { quota: { daily: number; remaining: number } }>(messagingPaths.oa(oa));
    expect(detail.body.data.quota).toEqual({ daily: 2000, remaining: expect.any(Number) });
  });

  it('refuses a used or unknown state at the callback, and a wrong code verifier at Zalo', async () => {
    const again = await fetch(`${kit.server.url}/api/zalo-oa/zalo-oas/callback/?state=nope&code=x&oa_id=1`, { redirect: 'manual' });
    expect(decodeURIComponent(again.headers.get('location') ?? '')).toContain('đã hết hạn hoặc đã được dùng');
    const nul = await fetch(`${kit.server.url}/api/zalo-oa/zalo-oas/callback/?state=a%00b&code=x&oa_id=1`, { redirect: 'manual' });
    expect(nul.status).toBe(302);
  });

  it('needs the app secret on a first connect, and refuses a bad app id with the field named', async () => {
    const missing = await kit.send('POST', messagingPaths.oas, { environment: 'simulator', app_id: '99999999' });
    expect(missing.status).toBe(400);
    expect(missing.body.fields?.app_secret).toBe('Vui lòng nhập khóa bí mật ứng dụng');
    const bad = await kit.send('POST', messagingPaths.oas, { environment: 'simulator', app_id: 'abc', app_secret: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields?.app_id).toBe('App ID gồm 6–25 chữ số');
  });
});

describe('followers', () => {
  it('are synced by paging (every follower, over several pages) and suggested customers by phone', async () => {
    const record = await oaOf(kit, oa);
    expect(record.sync).toMatchObject({ state: 'done', done: 75, total: 75 });
    const all = await kit.get<FollowerRecord[]>(messagingPaths.followers, { oa, limit: 100 });
    expect(all.body.count).toBe(75);
    expect(new Set(all.body.data.map((one) => one.user_id)).size).toBe(75);
    const suggested = await kit.get<FollowerRecord[]>(messagingPaths.followers, { oa, link: 'suggested' });
    const phucAn = suggested.body.data.find((one) => one.display_name === 'Phạm Phúc An')!;
    expect(phucAn.suggestions).toEqual([expect.objectContaining({ name: 'Nhà thuốc Phúc An', phone: '0909111222' })]);
    const search = await kit.get<FollowerRecord[]>(messagingPaths.followers, { oa, search: 'phuc an' });
    expect(search.body.data.map((one) => one.display_name)).toEqual(['Phạm Phúc An']);
  });

  it('links a follower to the suggested customer when a person confirms, and unlinks', async () => {
    const [phucAn] = (await kit.get<FollowerRecord[]>(messagingPaths.followers, { oa, search: 'phuc an' })).body.data;
    const linked = await kit.send<FollowerRecord>('PUT', messagingPaths.follower(phucAn!.id), { customer: phucAn!.suggestions[0]!.id });
    expect(linked.status).toBe(200);
    expect(linked.body.data.customer?.name).toBe('Nhà thuốc Phúc An');
    expect((await kit.get<FollowerRecord[]>(messagingPaths.followers, { oa, link: 'linked' })).body.data.map((one) => one.id)).toEqual([
      phucAn!.id,
    ]);
    expect((await oaOf(kit, oa)).linked_count).toBe(1);
    const other = await kit.send('PUT', messagingPaths.follower(phucAn!.id), { customer: '00000000-0000-7000-8000-000000000000' });
    expect(other.status).toBe(404);

    // "Bỏ liên kết": the follower is nobody's again.
    const unlinked = await kit.send<FollowerRecord>('PUT', messagingPaths.follower(phucAn!.id), { customer: null });
    expect([unlinked.status, unlinked.body.data.customer]).toEqual([200, null]);
    expect((await kit.get<FollowerRecord[]>(messagingPaths.followers, { oa, link: 'linked' })).body.data).toEqual([]);
    expect((await oaOf(kit, oa)).linked_count).toBe(0);
    // Linked again: the template tests below send to this customer's follower.
    expect((await kit.send('PUT', messagingPaths.follower(phucAn!.id), { customer: phucAn!.suggestions[0]!.id })).status).toBe(200);
  });
});

describe('templates', () => {
  it('come with their status, parameters, sample data and bindings guessed from the names', async () => {
    const templates = (await kit.get<TemplateRecord[]>(messagingPaths.templates, { oa })).body.data;
    expect(templates.map((one) => [one.name, one.status])).toEqual(
      expect.arrayContaining([
        ['Xác nhận đơn hàng', 'enabled'],
        ['Nhắc công nợ', 'pending'],
        ['Khuyến mãi cuối năm (cũ)', 'rejected'],
      ]),
    );
    const confirm = templates.find((one) => one.name === 'Xác nhận đơn hàng')!;
    expect(confirm.params.map((param) => param.name)).toEqual(['customer_name', 'order_code', 'order_date', 'total']);
    expect(confirm.bindings).toEqual({
      customer_name: { field: 'customer.name' },
      order_code: { field: 'order.code' },
      order_date: { field: 'order.date' },
      total: { field: 'order.total' },
    });
    expect(confirm.sample_data.total).toBe('1.250.000 ₫');
  });

  it('preview a template with a customer bound, naming what stays missing', async () => {
    const templates = (await kit.get<TemplateRecord[]>(messagingPaths.templates, { oa, status: 'enabled' })).body.data;
    const promo = templates.find((one) => one.name === 'Thông báo chương trình tháng')!;
    const [phucAn] = (await kit.get<FollowerRecord[]>(messagingPaths.followers, { oa, search: 'phuc an' })).body.data;
    const saved = await kit.send<TemplateRecord>('PUT', messagingPaths.template(promo.id), {
      bindings: { customer_name: { field: 'customer.name' }, company_name: { text: 'Dược An Khang' } },
    });
    expect(saved.status).toBe(200);
    const preview = await kit.get<TemplatePreview>(messagingPaths.templatePreview(promo.id), { customer: phucAn!.customer!.id });
    expect(preview.body.data).toEqual({ data: { customer_name: 'Nhà thuốc Phúc An', company_name: 'Dược An Khang' }, missing: [] });
    const confirm = templates.find((one) => one.name === 'Xác nhận đơn hàng')!;
    const partial = await kit.get<TemplatePreview>(messagingPaths.templatePreview(confirm.id), { customer: phucAn!.customer!.id });
    expect(partial.body.data.missing).toEqual(['order_code', 'order_date', 'total']);
  });
});

describe('one ZNS', () => {
  it('is sent by phone with the data bound from the customer, once, with its id as the tracking id', async () => {
    const templates = (await kit.get<TemplateRecord[]>(messagingPaths.templates, { oa, status: 'enabled' })).body.data;
    const promo = templates.find((one) => one.name === 'Thông báo chương trình tháng')!;
    const [phucAn] = (await kit.get<FollowerRecord[]>(messagingPaths.followers, { oa, search: 'phuc an' })).body.data;
    const id = crypto.randomUUID();
    const body = { kind: 'zns', id, oa, template: promo.id, phone: '0909 111 222', customer: phucAn!.customer!.id };
    const sent = await kit.send<MessageRecord>('POST', messagingPaths.messages, body);
    expect(sent.status).toBe(201);
    expect(sent.body.data).toMatchObject({ status: 'waiting', phone: '0909111222', template_data: { customer_name: 'Nhà thuốc Phúc An' } });
    const twice = await kit.send<MessageRecord>('POST', messagingPaths.messages, body);
    expect(twice.status).toBe(200);
    await kit.drain();
    const log = await kit.get<MessageRecord[]>(messagingPaths.messages, { kind: 'zns' });
    expect(log.body.data.find((one) => one.id === id)).toMatchObject({ status: 'sent', error: null });
    const atZalo = kit.sim.world.messages.filter((message) => message.trackingId === id);
    expect(atZalo).toEqual([
      expect.objectContaining({
        phone: '84909111222',
        templateData: { customer_name: 'Nhà thuốc Phúc An', company_name: 'Dược An Khang' },
      }),
    ]);
  });

  it("ends failed with Zalo's reason in Vietnamese when the phone has no Zalo account", async () => {
    const templates = (await kit.get<TemplateRecord[]>(messagingPaths.templates, { oa, status: 'enabled' })).body.data;
    const otp = templates.find((one) => one.name === 'Mã xác thực OTP')!;
    kit.sim.world.config.noZaloPhones.add('84912000999');
    const id = crypto.randomUUID();
    await kit.send('POST', messagingPaths.messages, {
      kind: 'zns',
      id,
      oa,
      template: otp.id,
      phone: '0912000999',
      template_data: { otp: '123456' },
    });
    await kit.drain();
    const log = await kit.get<MessageRecord[]>(messagingPaths.messages, { kind: 'zns' });
    expect(log.body.data.find((one) => one.id === id)).toMatchObject({
      status: 'failed',
      error: 'Số điện thoại chưa đăng ký tài khoản Zalo',
      error_code: '-118',
    });
  });

  it('is not sent again when Zalo took it and its answer was lost, nor after a run that died during the call', async () => {
    const templates = (await kit.get<TemplateRecord[]>(messagingPaths.templates, { oa, status: 'enabled' })).body.data;
    const otp = templates.find((one) => one.name === 'Mã xác thực OTP')!;
    const queue = (id: string, phone: string) =>
      kit.send('POST', messagingPaths.messages, { kind: 'zns', id, oa, template: otp.id, phone, template_data: { otp: '123456' } });
    const lost = crypto.randomUUID();
    kit.server.sims!.faults.zalo.push({ kind: 'fail-after', path: '/message/template' });
    await queue(lost, '0912000777');
    await kit.drain();
    // A run that marked its call in flight and died before the answer: the next run does not call Zalo.
    const died = crypto.randomUUID();
    await queue(died, '0912000778');
    await kit.server.deps.db.update(zaloMessages).set({ errorCode: IN_FLIGHT }).where(eq(zaloMessages.id, died));
    await kit.drain();
    expect(kit.sim.world.messages.filter((message) => message.trackingId === lost)).toHaveLength(1);
    expect(kit.sim.world.messages.filter((message) => message.trackingId === died)).toHaveLength(0);
    const log = (await kit.get<MessageRecord[]>(messagingPaths.messages, { kind: 'zns' })).body.data;
    for (const id of [lost, died]) {
      expect(log.find((one) => one.id === id)).toMatchObject({ status: 'failed', error: UNCONFIRMED_REASON, error_code: 'unconfirmed' });
    }
  });

  it('refuses a template not approved, and required data left empty, changing nothing', async () => {
    const templates = (await kit.get<TemplateRecord[]>(messagingPaths.templates, { oa })).body.data;
    const pending = templates.find((one) => one.status === 'pending')!;
    const refused = await kit.send('POST', messagingPaths.messages, {
      kind: 'zns',
      id: crypto.randomUUID(),
      oa,
      template: pending.id,
      phone: '0909111222',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Mẫu ZNS chưa được duyệt hoặc đã tắt, không gửi được');
    const otp = templates.find((one) => one.name === 'Mã xác thực OTP')!;
    const empty = await kit.send('POST', messagingPaths.messages, {
      kind: 'zns',
      id: crypto.randomUUID(),
      oa,
      template: otp.id,
      phone: '0909111222',
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Thiếu dữ liệu cho tham số bắt buộc của mẫu ZNS: otp');
  });
});

describe('refusals', () => {
  it('refuses every call while the ZALO switch is off, on the server', async () => {
    await setZalo(kit.anKhang, false);
    try {
      for (const answer of [
        await kit.get(messagingPaths.oas),
        await kit.get(messagingPaths.followers, { oa }),
        await kit.get(messagingPaths.templates, { oa }),
        await kit.get(messagingPaths.conversations),
        await kit.send('POST', messagingPaths.messages, { kind: 'zns', id: crypto.randomUUID(), oa, template: 1, phone: '0909111222' }),
      ]) {
        expect(answer.status).toBe(403);
        expect(answer.body.message).toBe('Công ty chưa bật chức năng Zalo OA');
      }
    } finally {
      await setZalo(kit.anKhang, true);
    }
  });

  it('refuses connecting an OA another company has connected (Zalo keeps one live token per OA)', async () => {
    await setZalo(kit.minhPhat, true);
    const exchanges = kit.sim.world.counters.tokenExchanges;
    try {
      const started = await kit.server.call<{ authorize_url: string }>(messagingPaths.oas, {
        token: kit.binh.access,
        body: { company: kit.minhPhat, environment: 'simulator', app_id: DEMO_ZALO.appId, app_secret: DEMO_ZALO.appSecret },
      });
      const back = await fetch(await consent(started.body.data.authorize_url), { redirect: 'manual' });
      expect(decodeURIComponent(back.headers.get('location') ?? '')).toContain('OA này đang được kết nối với một công ty khác');
      // The code was not exchanged: the connected company's token lives on.
      expect(kit.sim.world.counters.tokenExchanges).toBe(exchanges);
      const theirs = await kit.server.call<OaRecord[]>(`${messagingPaths.oas}?company=${kit.minhPhat}`, { token: kit.binh.access });
      expect(theirs.body.data).toEqual([]);
      expect((await oaOf(kit, oa)).status).toBe('connected');
    } finally {
      await setZalo(kit.minhPhat, false);
    }
  });

  it("refuses another company's member, and hides this company's OA from another company", async () => {
    const binh = await kit.get(messagingPaths.oas, {}, kit.binh.access);
    expect(binh.status).toBe(403);
    await setZalo(kit.minhPhat, true);
    try {
      const theirs = await kit.server.call(`${messagingPaths.followers}?company=${kit.minhPhat}&oa=${oa}`, { token: kit.binh.access });
      expect(theirs.status).toBe(404);
      const list = await kit.server.call<OaRecord[]>(`${messagingPaths.oas}?company=${kit.minhPhat}`, { token: kit.binh.access });
      expect(list.body.data).toEqual([]);
    } finally {
      await setZalo(kit.minhPhat, false);
    }
  });
});
