/**
 * The calls the other files use only on the way (docs/messaging.md "Calls"): an OA's label and
 * webhook key changed, disconnecting (sends refused, history kept) and connecting again; follower
 * and template syncs asked for by a person; one follower, one template, one conversation read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  messagingPaths,
  type ConversationRecord,
  type FollowerRecord,
  type MessageRecord,
  type OaRecord,
  type TemplateRecord,
} from '@contract/messaging';
import { connectDemoOa, oaOf, startConnectedKit, type MessagingKit } from '@server/testing/messaging.kit';
import { DEMO_OA_ID } from '@simulators/zalo/world';

let kit: MessagingKit;
let oa: number;

beforeAll(async () => {
  ({ kit, oa } = await startConnectedKit());
}, 60_000);
afterAll(() => kit.stop());

const world = () => kit.sim.world.oas.get(DEMO_OA_ID)!;

describe('an OA', () => {
  it('takes a new label and webhook key, never answering the key', async () => {
    const saved = await kit.send<OaRecord>('PUT', messagingPaths.oa(oa), {
      label: 'OA chăm sóc nhà thuốc',
      oa_secret_key: 'khoa-moi-1234',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      label: 'OA chăm sóc nhà thuốc',
      status: 'connected',
      secret_hints: { oa_secret_key: '••••1234' },
    });
    expect(JSON.stringify(saved.body)).not.toContain('khoa-moi-1234');
  });

  it('is disconnected: sending is refused with the reason, followers and history stay, and it connects again', async () => {
    const followersBefore = (await oaOf(kit, oa)).follower_count;
    const gone = await kit.send<OaRecord>('DELETE', `${messagingPaths.oa(oa)}?company=${kit.anKhang}`, {});
    expect(gone.status).toBe(200);
    expect(gone.body.data).toMatchObject({ status: 'disconnected', access_expires_at: null, follower_count: followersBefore });
    const otp = (await kit.get<TemplateRecord[]>(messagingPaths.templates, { oa })).body.data.find(
      (one) => one.name === 'Mã xác thực OTP',
    )!;
    const id = crypto.randomUUID();
    await kit.send('POST', messagingPaths.messages, {
      kind: 'zns',
      id,
      oa,
      template: otp.id,
      phone: '0909111222',
      template_data: { otp: '111111' },
    });
    await kit.drain();
    const log = (await kit.get<MessageRecord[]>(messagingPaths.messages, { kind: 'zns' })).body.data;
    expect(log.find((one) => one.id === id)).toMatchObject({ status: 'failed', error: 'OA đã ngắt kết nối' });
    expect(await connectDemoOa(kit)).toBe(oa);
    expect((await oaOf(kit, oa)).status).toBe('connected');
  });
});

describe('syncs asked for by a person', () => {
  it('brings a new follower and marks one who left', async () => {
    world().users.set('849990777', {
      userId: '849990777',
      displayName: 'Quách Thị Mới',
      avatar: '',
      phone: '0966000777',
      tags: ['Mới'],
      isFollower: true,
      lastInteractionAt: new Date(),
    });
    world().users.get('847000000002')!.isFollower = false;
    const started = await kit.send<OaRecord>('POST', messagingPaths.followersSync, { oa });
    expect(started.status).toBe(200);
    expect(started.body.data.sync.state).toBe('running');
    await kit.drain();
    expect((await oaOf(kit, oa)).sync).toMatchObject({ state: 'done', done: 30, total: 30 });
    const [newcomer] = (await kit.get<FollowerRecord[]>(messagingPaths.followers, { oa, search: 'quach thi moi' })).body.data;
    const one = await kit.get<FollowerRecord>(messagingPaths.follower(newcomer!.id));
    expect(one.body.data).toMatchObject({ display_name: 'Quách Thị Mới', phone: '0966000777', tags: ['Mới'], is_follower: true });
    const [left] = (await kit.get<FollowerRecord[]>(messagingPaths.followers, { oa, search: 'do duc hanh' })).body.data;
    expect(left!.is_follower).toBe(false);
  });

  it('brings a new template and disables one Zalo no longer lists', async () => {
    world().templates.push({ ...world().templates[0]!, templateId: 310099, templateName: 'Cảm ơn khách hàng' });
    world().templates.splice(
      world().templates.findIndex((one) => one.templateId === 310006),
      1,
    );
    const synced = await kit.send<TemplateRecord[]>('POST', messagingPaths.templatesSync, { oa });
    expect(synced.status).toBe(200);
    expect(synced.body.message).toBe('Đã đồng bộ 6 mẫu ZNS từ Zalo');
    const byName = new Map(synced.body.data.map((one) => [one.name, one]));
    expect(byName.get('Cảm ơn khách hàng')?.status).toBe('enabled');
    expect(byName.get('Khuyến mãi cuối năm (cũ)')?.status).toBe('disabled');
    const one = await kit.get<TemplateRecord>(messagingPaths.template(byName.get('Cảm ơn khách hàng')!.id));
    expect(one.body.data.template_id).toBe('310099');
  });

  it('answers 424 with the reason when Zalo cannot be reached', async () => {
    kit.server.sims!.faults.zalo.push({ kind: 'fail', path: '/template/all', times: 10 });
    try {
      const failed = await kit.send('POST', messagingPaths.templatesSync, { oa });
      expect(failed.status).toBe(424);
      expect(failed.body.message).toBe('Đối tác đang gặp lỗi (500)');
    } finally {
      kit.server.sims!.faults.zalo.clear();
    }
  });
});

describe('a conversation', () => {
  it('is read once opened', async () => {
    await fetch(`${kit.server.sims!.url}/zalo/__sim/users/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: '847000000004', text: 'Shop ơi' }),
    });
    await kit.drain();
    const [row] = (await kit.get<ConversationRecord[]>(messagingPaths.conversations, { oa, search: 'vu thi lan' })).body.data;
    expect(row).toMatchObject({ display_name: 'Vũ Thị Lan', unread: 1 });
    expect((await kit.get<ConversationRecord>(messagingPaths.conversation(row!.id))).body.data.unread).toBe(1);
    const read = await kit.send<ConversationRecord>('POST', `${messagingPaths.conversation(row!.id)}read/`, {});
    expect(read.body.data.unread).toBe(0);
    expect(
      (await kit.get<ConversationRecord[]>(messagingPaths.conversations, { oa, unread: '1' })).body.data.some((one) => one.id === row!.id),
    ).toBe(false);
  });
});
