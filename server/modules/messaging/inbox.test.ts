/**
 * Conversations (docs/messaging.md "Conversations"): Zalo's webhook answered at once with its
 * signature checked and each event kept once, a user's message in the inbox with its unread count,
 * a reply inside the 7-day window, the -230 rule outside it (refused before sending when we know,
 * recorded with Zalo's reason when Zalo says so), follow events, and another company refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  messagingPaths,
  type ConversationBonus,
  type ConversationRecord,
  type FollowerRecord,
  type MessageRecord,
} from '@contract/messaging';
import { WINDOW_CLOSED_MESSAGE } from '@contract/messaging-rules';
import { companyFeatures, inboundEvents, zaloConversations } from '@server/kernel/db/schema';
import { DEMO_ZALO } from '@server/seed/demo-messaging';
import { type MessagingKit, startConnectedKit } from '@server/testing/messaging.kit';
import { signEvent } from '@simulators/zalo/webhooks';

let kit: MessagingKit;
let oa: number;
const PHUC_AN = '847000000001';
const XANH = '847000000003';
const DAT = '847000000005';

beforeAll(async () => {
  ({ kit, oa } = await startConnectedKit());
}, 60_000);
afterAll(() => kit.stop());

type Deliveries = { msg_id?: string; deliveries: { status: number | null; ms: number }[] };
async function userWrites(userId: string, text: string, extra: Record<string, unknown> = {}): Promise<Deliveries> {
  const answer = await fetch(`${kit.server.sims!.url}/zalo/__sim/users/send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user_id: userId, text, ...extra }),
  });
  return (await answer.json()) as Deliveries;
}

async function conversationWith(userId: string) {
  const list = await kit.get<ConversationRecord[]>(messagingPaths.conversations, { oa, limit: 100 });
  return { list, one: list.body.data.find((row) => row.user_id === userId) };
}

describe("Zalo's webhook", () => {
  it('answers at once, then the message appears in the inbox, unread', async () => {
    const sent = await userWrites(PHUC_AN, 'Chào shop, cho hỏi giá Panadol?');
    expect(sent.deliveries).toEqual([expect.objectContaining({ status: 200 })]);
    expect(sent.deliveries[0]!.ms).toBeLessThan(2000);
    await kit.drain();
    const { list, one } = await conversationWith(PHUC_AN);
    expect(one).toMatchObject({
      display_name: 'Phạm Phúc An',
      unread: 1,
      last_message_text: 'Chào shop, cho hỏi giá Panadol?',
      window_open: true,
    });
    expect((list.body.bonus as ConversationBonus).unread_total).toBeGreaterThanOrEqual(1);
    const messages = await kit.get<MessageRecord[]>(messagingPaths.messages, { conversation: one!.id });
    expect(messages.body.data).toEqual([
      expect.objectContaining({ direction: 'in', text: 'Chào shop, cho hỏi giá Panadol?', status: 'received' }),
    ]);
  });

  it('keeps an event Zalo delivers twice only once', async () => {
    const before = (await conversationWith(PHUC_AN)).one!.unread;
    const sent = await userWrites(PHUC_AN, 'Còn hàng không ạ?', { duplicate: true });
    expect(sent.deliveries.map((delivery) => delivery.status)).toEqual([200, 200]);
    await kit.drain();
    const { one } = await conversationWith(PHUC_AN);
    expect(one!.unread).toBe(before + 1);
    const events = await kit.server.deps.db
      .select()
      .from(inboundEvents)
      .where(eq(inboundEvents.eventKey, `${oa}:${sent.msg_id}`));
    expect(events).toHaveLength(1);
  });

  it('drops an event whose signature does not match, keeping nothing, yet answers 200 so Zalo does not retry or switch the webhook off', async () => {
    const body = JSON.stringify({
      app_id: DEMO_ZALO.appId,
      event_name: 'user_send_text',
      timestamp: String(Date.now()),
      sender: { id: PHUC_AN },
      recipient: { id: DEMO_ZALO.oaId },
      message: { msg_id: 'forged-1', text: 'giả mạo' },
    });
    const timestamp = JSON.parse(body).timestamp as string;
    const forged = signEvent({ appId: DEMO_ZALO.appId, oaSecretKey: 'not-the-key' }, body, timestamp);
    const answer = await kit.server.call(messagingPaths.webhook, {
      rawBody: body,
      headers: { 'content-type': 'application/json', 'X-ZEvent-Signature': forged },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      data: { received: false },
      message: 'Sự kiện Zalo không khớp OA nào đang kết nối (chữ ký không hợp lệ hoặc OA chưa kết nối): đã bỏ qua',
    });
    const withNul = await kit.server.call(messagingPaths.webhook, {
      rawBody: body.replace('giả mạo', 'giả\\u0000mạo'),
      headers: { 'content-type': 'application/json', 'X-ZEvent-Signature': forged },
    });
    expect(withNul.status).toBe(400);
    const unsigned = await kit.server.call(messagingPaths.webhook, { rawBody: body, headers: { 'content-type': 'application/json' } });
    expect([unsigned.status, unsigned.body.data]).toEqual([200, { received: false }]);
    expect(
      await kit.server.deps.db
        .select()
        .from(inboundEvents)
        .where(eq(inboundEvents.eventKey, `${oa}:forged-1`)),
    ).toEqual([]);
    const good = signEvent({ appId: DEMO_ZALO.appId, oaSecretKey: DEMO_ZALO.oaSecretKey }, body, timestamp);
    const tampered = body.replace('giả mạo', 'đã sửa');
    const tamperedAnswer = await kit.server.call(messagingPaths.webhook, {
      rawBody: tampered,
      headers: { 'content-type': 'application/json', 'X-ZEvent-Signature': good },
    });
    expect([tamperedAnswer.status, tamperedAnswer.body.data]).toEqual([200, { received: false }]);
    expect(
      await kit.server.deps.db
        .select()
        .from(inboundEvents)
        .where(eq(inboundEvents.eventKey, `${oa}:forged-1`)),
    ).toEqual([]);
  });

  it('records a follow with what Zalo says of the user', async () => {
    const answer = await fetch(`${kit.server.sims!.url}/zalo/__sim/users/follow`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: '849990001', display_name: 'Lý Thị Mới', phone: '0977123456' }),
    });
    expect(answer.status).toBe(200);
    await kit.drain();
    const found = await kit.get<FollowerRecord[]>(messagingPaths.followers, { oa, search: 'ly thi moi' });
    expect(found.body.data).toEqual([expect.objectContaining({ display_name: 'Lý Thị Mới', phone: '0977123456', is_follower: true })]);
  });
});

describe('replies and the 7-day window', () => {
  it('sends a reply inside the window, and the conversation is read', async () => {
    const { one } = await conversationWith(PHUC_AN);
    const id = crypto.randomUUID();
    const sent = await kit.send<MessageRecord>('POST', messagingPaths.messages, {
      kind: 'cs',
      id,
      conversation: one!.id,
      text: 'Dạ Panadol còn hàng ạ',
    });
    expect(sent.status).toBe(201);
    await kit.drain();
    const messages = await kit.get<MessageRecord[]>(messagingPaths.messages, { conversation: one!.id });
    expect(messages.body.data[0]).toMatchObject({
      id,
      direction: 'out',
      status: 'sent',
      text: 'Dạ Panadol còn hàng ạ',
      sent_by: 'Nguyễn Văn An',
    });
    expect(
      kit.sim.world.messages.filter((message) => message.kind === 'cs' && message.userId === PHUC_AN).map((message) => message.text),
    ).toEqual(['Dạ Panadol còn hàng ạ']);
    expect((await conversationWith(PHUC_AN)).one!.unread).toBe(0);
  });

  it('refuses a customer-service message outside the window with the -230 rule in Vietnamese, offering ZNS', async () => {
    const [xanh] = (await kit.get<FollowerRecord[]>(messagingPaths.followers, { oa, search: 'nguyen thi xanh' })).body.data;
    const refused = await kit.send('POST', messagingPaths.messages, {
      kind: 'cs',
      id: crypto.randomUUID(),
      follower: xanh!.id,
      text: 'Chào chị',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('ZALO_WINDOW_CLOSED');
    expect(refused.body.message).toBe(WINDOW_CLOSED_MESSAGE);
    expect(refused.body.message).toContain('ZNS');
    expect(kit.sim.world.messages.some((message) => message.userId === XANH)).toBe(false);
    const inbox = await kit.get<ConversationRecord[]>(messagingPaths.conversations, { oa, limit: 100 });
    expect(inbox.body.data.some((row) => row.user_id === XANH)).toBe(false);
  });

  it("records Zalo's -230 with its reason when Zalo knows better than we do", async () => {
    const [dat] = (await kit.get<FollowerRecord[]>(messagingPaths.followers, { oa, search: 'hoang van dat' })).body.data;
    await kit.server.deps.db.insert(zaloConversations).values({
      companyId: kit.anKhang,
      oaRowId: oa,
      userId: DAT,
      displayName: dat!.display_name,
      lastUserAt: new Date(),
      searchText: 'hoang van dat',
    });
    const [conversation] = await kit.server.deps.db
      .select()
      .from(zaloConversations)
      .where(and(eq(zaloConversations.userId, DAT), eq(zaloConversations.oaRowId, oa)));
    const id = crypto.randomUUID();
    expect(
      (await kit.send('POST', messagingPaths.messages, { kind: 'cs', id, conversation: conversation!.id, text: 'Chào anh' })).status,
    ).toBe(201);
    await kit.drain();
    const messages = await kit.get<MessageRecord[]>(messagingPaths.messages, { conversation: conversation!.id });
    expect(messages.body.data[0]).toMatchObject({ id, status: 'failed', error: WINDOW_CLOSED_MESSAGE, error_code: '-230' });
  });
});

describe('another company', () => {
  it("cannot read or answer this company's conversations", async () => {
    const { one } = await conversationWith(PHUC_AN);
    await kit.server.deps.db
      .update(companyFeatures)
      .set({ isEnabled: true })
      .where(and(eq(companyFeatures.companyId, kit.minhPhat), eq(companyFeatures.code, 'ZALO')));
    try {
      const theirs = (path: string) => kit.server.call(`${path}?company=${kit.minhPhat}`, { token: kit.binh.access });
      expect((await theirs(messagingPaths.conversation(one!.id))).status).toBe(404);
      const reply = await kit.server.call(messagingPaths.messages, {
        token: kit.binh.access,
        body: { company: kit.minhPhat, kind: 'cs', id: crypto.randomUUID(), conversation: one!.id, text: 'xin chào' },
      });
      expect(reply.status).toBe(404);
      const list = await kit.server.call<ConversationRecord[]>(`${messagingPaths.conversations}?company=${kit.minhPhat}`, {
        token: kit.binh.access,
      });
      expect(list.body.data).toEqual([]);
    } finally {
      await kit.server.deps.db
        .update(companyFeatures)
        .set({ isEnabled: false })
        .where(and(eq(companyFeatures.companyId, kit.minhPhat), eq(companyFeatures.code, 'ZALO')));
    }
  });
});
