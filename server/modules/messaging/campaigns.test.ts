/**
 * Send to many (docs/messaging.md "Send to many"): recipients from a customer filter or the
 * followers, one message per recipient at Zalo through timeouts, answers lost after the send and
 * Zalo's rate limit; failures with their reason and a retry of them; the quota; a scheduled
 * campaign stopped before it starts; another company's campaign refused.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagingPaths, type TemplateRecord } from '@contract/messaging';
import type { AudienceAnswer, CampaignRecord, RecipientRecord } from '@contract/messaging-campaigns';
import { customers } from '@server/kernel/db/schema';
import { addCustomers, type MessagingKit, startConnectedKit } from '@server/testing/messaging.kit';
import { unguarded } from '@server/testing/change-log-guard';
import { DEMO_OA_ID } from '@simulators/zalo/world';
import { UNCONFIRMED_REASON } from './messages-send';

let kit: MessagingKit;
let oa: number;
let template: TemplateRecord;

beforeAll(async () => {
  ({ kit, oa } = await startConnectedKit());
  template = (await kit.get<TemplateRecord[]>(messagingPaths.templates, { oa })).body.data.find(
    (one) => one.name === 'Thông báo chương trình tháng',
  )!;
  for (const [index, word] of ['Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon'].entries()) await addCustomers(kit, 11, word, index * 100);
}, 60_000);
afterAll(() => kit.stop());

const campaign = (body: Record<string, unknown>) =>
  kit.send<CampaignRecord>('POST', messagingPaths.campaigns, { oa, template: template.id, source: 'customers', name: 'Tháng 12', ...body });
const sentTo = (phone: string) =>
  kit.sim.world.messages.filter((message) => message.kind === 'zns' && message.phone === `84${phone.slice(1)}`);
const recipients = async (id: number, status?: string) =>
  (await kit.get<RecipientRecord[]>(messagingPaths.campaignRecipients(id), { limit: 200, ...(status ? { status } : {}) })).body.data;

describe('the audience', () => {
  it('counts the customers a filter picks with a valid mobile phone, once per phone, with their data', async () => {
    const answer = await kit.send<AudienceAnswer>('POST', messagingPaths.campaignAudience, {
      oa,
      template: template.id,
      source: 'customers',
      customers: { search: 'nha thuoc alpha' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.count).toBe(11);
    expect(answer.body.data.sample[0]).toMatchObject({
      name: 'Nhà thuốc Alpha 0',
      phone: '0981000000',
      data: { customer_name: 'Nhà thuốc Alpha 0', company_name: 'Công ty Dược phẩm An Khang' },
    });
    expect(answer.body.data.quota?.daily).toBe(2000);
    const all = await kit.send<AudienceAnswer>('POST', messagingPaths.campaignAudience, { oa, template: template.id, source: 'customers' });
    // The demo's landline numbers (028…, 024…) cannot take a ZNS.
    expect(all.body.data.skipped).toBeGreaterThanOrEqual(3);
  });
});

describe('the audience and personal data', () => {
  it('leaves out a household business whose owner has not consented, and takes it once they have', async () => {
    const { db } = kit.server.deps;
    const alpha = and(eq(customers.companyId, kit.anKhang), eq(customers.name, 'Nhà thuốc Alpha 0'));
    const count = async () =>
      (
        await kit.send<AudienceAnswer>('POST', messagingPaths.campaignAudience, {
          oa,
          template: template.id,
          source: 'customers',
          customers: { search: 'nha thuoc alpha' },
        })
      ).body.data;
    await unguarded(db, (tx) => tx.update(customers).set({ person: true, consentAt: null }).where(alpha));
    try {
      const without = await count();
      expect(without.count).toBe(10);
      expect(without.sample.map((recipient) => recipient.name)).not.toContain('Nhà thuốc Alpha 0');
      await unguarded(db, (tx) => tx.update(customers).set({ consentAt: new Date(), consentMethod: 'paper' }).where(alpha));
      expect((await count()).count).toBe(11);
    } finally {
      await unguarded(db, (tx) => tx.update(customers).set({ person: false, consentAt: null, consentMethod: null }).where(alpha));
    }
  });
});

describe('sending', () => {
  it('sends at most one message to each recipient through timeouts, lost answers and the rate limit, and never repeats a send whose answer was lost', async () => {
    kit.server.sims!.faults.zalo.push({ kind: 'timeout', path: '/message/template', times: 2, delayMs: 4_500 });
    kit.server.sims!.faults.zalo.push({ kind: 'fail-after', path: '/message/template', times: 3 });
    kit.server.sims!.faults.zalo.push({ kind: 'rate-limit', path: '/message/template', times: 2 });
    kit.sim.world.config.ratePerSecond = 6;
    try {
      const created = await campaign({ customers: { search: 'beta' } });
      expect(created.status).toBe(201);
      expect(created.body.message).toBe('Đang gửi tới 11 người nhận');
      expect(created.body.data).toMatchObject({ status: 'sending', counts: { total: 11, waiting: 11, sent: 0, failed: 0 }, progress: 0 });
      await kit.server.deps.jobs.drain({ untilIdle: true, timeoutMs: 60_000 });
      const done = (await kit.get<CampaignRecord>(messagingPaths.campaign(created.body.data.id))).body.data;
      // Zalo took the 5 sends whose answers were lost (2 timeouts, 3 errors after the work) and does
      // not de-duplicate on tracking_id: they are not sent again but await a person's check.
      expect(done).toMatchObject({ progress: 100, counts: { total: 11, sent: 6, failed: 5, waiting: 0 } });
      const unconfirmed = await recipients(done.id, 'failed');
      expect(unconfirmed.map((one) => [one.error_code, one.error])).toEqual(Array(5).fill(['unconfirmed', UNCONFIRMED_REASON]));
      for (const recipient of await recipients(done.id)) expect(sentTo(recipient.phone)).toHaveLength(1);
      expect((await recipients(done.id)).some((recipient) => recipient.attempts > 1)).toBe(true);
      const retried = await kit.send<CampaignRecord>('POST', messagingPaths.campaignRetry(done.id), {});
      expect(retried.body.message).toBe('Không có tin lỗi để gửi lại');
      await kit.drain();
      for (const recipient of await recipients(done.id)) expect(sentTo(recipient.phone)).toHaveLength(1);
    } finally {
      kit.sim.world.config.ratePerSecond = 100;
    }
  }, 90_000);

  it('records a failure with its reason, and retries only the failed, still once each', async () => {
    kit.sim.world.config.noZaloPhones = new Set(['84981000201', '84981000202']);
    const created = await campaign({ customers: { search: 'gamma' } });
    await kit.drain();
    const failed = await recipients(created.body.data.id, 'failed');
    expect(failed.map((one) => [one.phone, one.error, one.error_code])).toEqual([
      ['0981000201', 'Số điện thoại chưa đăng ký tài khoản Zalo', '-118'],
      ['0981000202', 'Số điện thoại chưa đăng ký tài khoản Zalo', '-118'],
    ]);
    kit.sim.world.config.noZaloPhones = new Set();
    const retried = await kit.send<CampaignRecord>('POST', messagingPaths.campaignRetry(created.body.data.id), {});
    expect(retried.body.message).toBe('Đang gửi lại 2 tin lỗi');
    await kit.drain();
    const after = (await kit.get<CampaignRecord>(messagingPaths.campaign(created.body.data.id))).body.data;
    expect(after.counts).toEqual({ total: 11, waiting: 0, sent: 11, failed: 0 });
    for (const recipient of await recipients(after.id)) expect(sentTo(recipient.phone)).toHaveLength(1);
  });

  it('refuses a campaign larger than what is left of the daily quota, creating nothing', async () => {
    kit.sim.world.oas.get(DEMO_OA_ID)!.usedQuota = 1995;
    try {
      const before = (await kit.get<CampaignRecord[]>(messagingPaths.campaigns)).body.count;
      const refused = await campaign({ customers: { search: 'delta' } });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain('Hạn mức ZNS còn lại hôm nay của OA là 5 tin, chiến dịch cần 11 tin');
      expect((await kit.get<CampaignRecord[]>(messagingPaths.campaigns)).body.count).toBe(before);
    } finally {
      kit.sim.world.oas.get(DEMO_OA_ID)!.usedQuota = 0;
    }
  });

  it('waits for its time when scheduled, and sends nothing once stopped', async () => {
    const at = new Date(Date.now() + 3600_000).toISOString();
    const created = await campaign({ customers: { search: 'epsilon' }, scheduled_at: at });
    expect(created.body.data.status).toBe('scheduled');
    await kit.drain();
    expect((await recipients(created.body.data.id, 'waiting')).length).toBe(11);
    const stopped = await kit.send<CampaignRecord>('POST', messagingPaths.campaignCancel(created.body.data.id), {});
    expect(stopped.body.data).toMatchObject({ status: 'cancelled', counts: { failed: 11, waiting: 0 } });
    expect(sentTo('0981000401')).toEqual([]);
  });

  it('sends to the followers who shared a phone', async () => {
    const audience = await kit.send<AudienceAnswer>('POST', messagingPaths.campaignAudience, {
      oa,
      template: template.id,
      source: 'followers',
    });
    // 30 demo followers, 22 of whom shared a phone.
    expect(audience.body.data.count).toBe(22);
    expect(audience.body.data.skipped).toBe(8);
  });

  it("refuses bad input in Vietnamese and another company's campaign", async () => {
    const empty = await campaign({ customers: { search: 'khong ai ca' } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Không có người nhận nào có số điện thoại hợp lệ và đủ dữ liệu cho mẫu ZNS');
    const bad = await campaign({ scheduled_at: 'ngày mai' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Thời điểm gửi không hợp lệ');
    const list = (await kit.get<CampaignRecord[]>(messagingPaths.campaigns)).body.data;
    const theirs = await kit.server.call(`${messagingPaths.campaign(list[0]!.id)}?company=${kit.minhPhat}`, { token: kit.binh.access });
    expect(theirs.status).toBe(403);
  });
});
