/**
 * Web Push against a local push service (server/testing/push-endpoint.ts): a browser's subscription
 * is kept for its account; a notification reaches it encrypted for that browser (decrypted here with
 * the subscriber's keys) and signed with the server's VAPID key; a send repeated after a lost answer
 * carries the same Topic; a subscription the service calls gone is forgotten.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LoginAnswer } from '@contract/auth';
import type { PushPayload } from '@contract/notifications';
import { appSecrets, jobs, pushSubscriptions } from '@server/kernel/db/schema';
import { DEMO } from '@server/seed/demo';
import { addAccount } from '@server/testing/fixtures';
import { decryptPush, startPushEndpoint, subscriberKeys, verifyVapid, type PushEndpoint } from '@server/testing/push-endpoint';
import { startTestServer, type TestServer } from '@server/testing/test-server';

let server: TestServer;
let endpoint: PushEndpoint;
let an: LoginAnswer;
let anKhang: number;

beforeAll(async () => {
  server = await startTestServer({}, { backgroundJobs: false });
  endpoint = await startPushEndpoint();
  an = await server.login(DEMO.an.phone);
  anKhang = an.account.company_data.find((m) => m.company_data.title === DEMO.anKhang.title)!.company;
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
    expect([bad.status, bad.body.fields?.endpoint]).toEqual([400, 'Địa chỉ nhận thông báo không hợp lệ']);
  });
});
