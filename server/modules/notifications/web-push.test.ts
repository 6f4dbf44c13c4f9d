/**
 * Web Push against a local push service (server/testing/push-endpoint.ts): a browser's subscription
 * is kept for its account; a notification reaches it encrypted for that browser (decrypted here with
 * the subscriber's keys) and signed with the server's VAPID key; a send repeated after a lost answer
 * carries the same Topic; a subscription the service calls gone is forgotten.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LoginAnswer } from '@contract/auth';
import { PUSH_ENDPOINT_INVALID, PUSH_ENDPOINT_UNKNOWN, type PushPayload } from '@contract/notifications';
import { appSecrets, jobs, pushSubscriptions } from '@server/kernel/db/schema';
import { DEMO } from '@server/seed/demo';
import { addAccount } from '@server/testing/fixtures';
import { decryptPush, startPushEndpoint, subscriberKeys, verifyVapid, type PushEndpoint } from '@server/testing/push-endpoint';
import { startDemoServer, type TestServer } from '@server/testing/test-server';

let server: TestServer;
let endpoint: PushEndpoint;
let an: LoginAnswer;
let anKhang: number;

beforeAll(async () => {
  endpoint = await startPushEndpoint();
  // The local push service is at 127.0.0.1, which only a setting lets the server call.
  ({ server, an, anKhang } = await startDemoServer({ pushServiceHosts: ['127.0.0.1'] }, { backgroundJobs: false }));
});
afterAll(async () => {
  await server?.stop();
  await endpoint?.stop();
});
beforeEach(() => {
  endpoint.deliveries.length = 0;
  endpoint.answerWith(201);
});

async function subscribe(token: string, name: string) {
  const keys = subscriberKeys();
  const url = `${endpoint.url}/push/${name}`;
  const answer = await server.call('/notification/api/push/subscription/', {
    token,
    body: { endpoint: url, keys: { p256dh: keys.p256dh, auth: keys.auth } },
  });
  expect(answer.status).toBe(201);
  return { keys, url };
}

/** A join request from a new person: An, An Khang's owner, is notified. */
async function raiseJoinRequest(fullName: string) {
  const { phone, password } = await addAccount(server.deps.db, { fullName });
  const person = await server.login(phone, password);
  await server.call(`/account/api/account-register-company/${anKhang}/`, { method: 'PUT', token: person.access });
}

describe('Web Push', () => {
  it('sends the notification encrypted for the browser and signed with the VAPID key kept by the server', async () => {
    const browser = await subscribe(an.access, 'an-laptop');
    await raiseJoinRequest('Tạ Minh Khôi');
    await server.deps.jobs.drain({ untilIdle: true });

    expect(endpoint.deliveries).toHaveLength(1);
    const [delivery] = endpoint.deliveries;
    expect(delivery!.path).toBe('/push/an-laptop');
    expect(delivery!.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(delivery!.headers.ttl)).toBeGreaterThan(0);
    expect(delivery!.headers.topic).toMatch(/^n\d+$/);
    const payload = JSON.parse(decryptPush(delivery!.body, browser.keys)) as PushPayload;
    expect(payload).toMatchObject({ title: 'Tạ Minh Khôi xin tham gia công ty', link: '/join-requests', company: anKhang });
    expect(delivery!.headers.topic).toBe(`n${payload.id}`);

    const key = await server.call<{ public_key: string }>('/notification/api/push/key/', { token: an.access });
    const claims = await verifyVapid(delivery!.headers.authorization, key.body.data.public_key);
    expect(claims.aud).toBe(endpoint.url);
    expect(claims.sub).toBe('mailto:hotro@salesfield.vn');
    // The pair is kept in the database like the JWT secret: every process and restart signs the same.
    const [kept] = await server.deps.db.select().from(appSecrets).where(eq(appSecrets.name, 'vapid'));
    expect((JSON.parse(kept!.value) as { publicKey: string }).publicKey).toBe(key.body.data.public_key);
  });

  it('retries a browser whose push service failed, with the same Topic, and forgets one that is gone', async () => {
    await subscribe(an.access, 'an-phone');
    endpoint.answerWith(503);
    await raiseJoinRequest('Mai Văn Lực');
    await server.deps.jobs.drain();
    const failed = endpoint.deliveries.length;
    expect(failed).toBeGreaterThan(0);
    endpoint.answerWith(201);
    await server.deps.jobs.drain({ untilIdle: true });
    const toPhone = endpoint.deliveries.filter((delivery) => delivery.path === '/push/an-phone');
    expect(new Set(toPhone.map((delivery) => delivery.headers.topic)).size).toBe(1);
    const sendJobs = await server.deps.db.select().from(jobs).where(eq(jobs.queue, 'notifications.push-send'));
    expect(sendJobs.every((job) => job.state === 'done')).toBe(true);

    endpoint.answerWith(410);
    await raiseJoinRequest('Đoàn Thị Gấm');
    await server.deps.jobs.drain({ untilIdle: true });
    const left = await server.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.accountId, an.account.id));
    expect(left).toEqual([]);
  });

  it('lets only the account a subscription belongs to end it, and refuses a malformed one', async () => {
    const browser = await subscribe(an.access, 'shared-tablet');
    const binh = await server.login(DEMO.binh.phone);
    const other = await server.call('/notification/api/push/subscription/', {
      method: 'DELETE',
      token: binh.access,
      body: { endpoint: browser.url },
    });
    expect(other.status).toBe(200);
    expect(await server.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, browser.url))).toHaveLength(1);
    await server.call('/notification/api/push/subscription/', { method: 'DELETE', token: an.access, body: { endpoint: browser.url } });
    expect(await server.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, browser.url))).toHaveLength(0);
    const bad = await server.call('/notification/api/push/subscription/', {
      token: an.access,
      body: { endpoint: 'khong-phai-url', keys: { p256dh: 'x', auth: 'y' } },
    });
    expect([bad.status, bad.body.fields?.endpoint]).toEqual([400, PUSH_ENDPOINT_INVALID]);
  });
});

describe('endpoints the server will call', () => {
  const post = (token: string, url: string, keys = subscriberKeys()) =>
    server.call('/notification/api/push/subscription/', { token, body: { endpoint: url, keys: { p256dh: keys.p256dh, auth: keys.auth } } });

  it('are only those of browsers’ push services, over HTTPS', async () => {
    const refused: Array<[string, number, string | undefined]> = [];
    for (const url of [
      'https://10.0.0.1/push',
      'https://169.254.169.254/latest/meta-data/',
      'https://localhost:5432/',
      'https://fcm.googleapis.com.evil.example/fcm/send/x',
      'https://user:pw@fcm.googleapis.com/fcm/send/x',
    ]) {
      const answer = await post(an.access, url);
      refused.push([url, answer.status, answer.body.fields?.endpoint]);
    }
    expect(refused).toEqual([
      ['https://10.0.0.1/push', 400, PUSH_ENDPOINT_UNKNOWN],
      ['https://169.254.169.254/latest/meta-data/', 400, PUSH_ENDPOINT_UNKNOWN],
      ['https://localhost:5432/', 400, PUSH_ENDPOINT_UNKNOWN],
      ['https://fcm.googleapis.com.evil.example/fcm/send/x', 400, PUSH_ENDPOINT_UNKNOWN],
      ['https://user:pw@fcm.googleapis.com/fcm/send/x', 400, PUSH_ENDPOINT_INVALID],
    ]);
    expect((await post(an.access, 'http://127.0.0.1/push/plain')).status).toBe(400);
    expect((await post(an.access, 'https://fcm.googleapis.com/fcm/send/an-phone')).status).toBe(201);
    expect((await post(an.access, 'https://web.push.apple.com/QGx-an-mac')).status).toBe(201);
    const stored = await server.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.accountId, an.account.id));
    expect(stored.map((row) => row.endpoint).filter((url) => !url.startsWith(endpoint.url))).toEqual([
      'https://fcm.googleapis.com/fcm/send/an-phone',
      'https://web.push.apple.com/QGx-an-mac',
    ]);
  });

  it('never calls an endpoint kept from before the rule, and forgets it', async () => {
    const [kept] = await server.deps.db
      .insert(pushSubscriptions)
      .values({ accountId: an.account.id, endpoint: 'https://169.254.169.254/latest/meta-data/', p256dh: 'x', auth: 'y' })
      .returning();
    await raiseJoinRequest('Lý Thị Hạnh');
    await server.deps.jobs.drain({ untilIdle: true });
    expect(await server.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, kept!.id))).toEqual([]);
  });

  it('move to another account only with the browser’s own keys', async () => {
    const browser = await subscribe(an.access, 'office-pc');
    const binh = await server.login(DEMO.binh.phone);
    const taken = await post(binh.access, browser.url);
    expect([taken.status, taken.body.message]).toEqual([409, 'Địa chỉ nhận thông báo này đang thuộc một thiết bị của tài khoản khác']);
    const owner = async () =>
      (await server.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, browser.url)))[0]!.accountId;
    expect(await owner()).toBe(an.account.id);
    // The same browser, Bình signed in on it: its subscription carries the same keys.
    expect((await post(binh.access, browser.url, browser.keys)).status).toBe(201);
    expect(await owner()).toBe(binh.account.id);
  });

  it('are kept ten per account, the oldest dropped', async () => {
    const { phone, password } = await addAccount(server.deps.db, { fullName: 'Trần Văn Mười Một' });
    const person = await server.login(phone, password);
    for (let n = 1; n <= 11; n += 1)
      expect((await post(person.access, `https://fcm.googleapis.com/fcm/send/device-${n}`)).status).toBe(201);
    const kept = await server.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.accountId, person.account.id));
    expect(kept.map((row) => row.endpoint.split('-').pop()).sort((a, b) => Number(a) - Number(b))).toEqual([
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
      '11',
    ]);
  });
});
