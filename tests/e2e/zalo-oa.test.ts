/**
 * Zalo OA in the browser (docs/messaging.md): the owner of An Khang connects the OA through the
 * Zalo simulator's consent page, syncs the followers and confirms the customer suggested for one,
 * then sends a ZNS to 200 customers and watches the progress bar; the server is killed (SIGKILL)
 * mid-campaign and started again on the same data, and every recipient gets exactly one message.
 * A follower's message then appears in the inbox without a reload and is answered.
 *
 * The server runs as a child process on a persistent PGlite folder (tests/faults/support/
 * child-server.ts) with the simulator in this process, so Zalo's side survives the crash as it would.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startSimulatorHost, type SimulatorHost } from '@simulators/host';
import { SIMULATORS } from '@simulators/index';
import { DEMO_APP, DEMO_OA_ID } from '@simulators/zalo/world';
import { launchBrowser, newPage, VIEWPORTS } from '@tests/support/browser';
import { DIST_DIR } from '@tests/support/e2e-server';
import { COMPANIES, eventually, signInTo, toast, waitForPath, WAIT_MS } from '@tests/support/e2e-app';
import { apiCall, officeSignIn, type Office } from '@tests/support/office-api';
import { startChildServer, type ChildServer } from '@tests/faults/support/child-server';

const CUSTOMERS = 200;
const phoneOf = (n: number) => `0982${String(n).padStart(6, '0')}`;

let sims: SimulatorHost<{ [K in keyof typeof SIMULATORS]: ReturnType<(typeof SIMULATORS)[K]> }>;
let server: ChildServer;
let browser: Browser;
let tmp: string;
let port: number;
let appUrl: string | null = null;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(free));
    });
  });
}

async function startApp(): Promise<ChildServer> {
  const child = await startChildServer({
    dataDir: path.join(tmp, 'data'),
    logFile: path.join(tmp, 'server.log'),
    env: { PORT: String(port), STATIC_DIR: DIST_DIR, SIMULATOR_URL: sims.url, JOB_POLL_MS: '100', JOB_RETRY_BASE_MS: '300' },
  });
  appUrl = child.url;
  return child;
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'zalo-e2e-'));
  port = await freePort();
  // Zalo's side: it lives on when the app dies, and sends its webhooks to wherever the app is.
  sims = await startSimulatorHost(SIMULATORS, { port: await freePort(), appUrl: () => appUrl });
  server = await startApp();
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await sims?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function addCustomers(office: Office): Promise<void> {
  const queue = Array.from({ length: CUSTOMERS }, (_, n) => n);
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let n = queue.shift(); n !== undefined; n = queue.shift()) {
        const answer = await apiCall(server.url, '/customer/api/customer/', {
          token: office.token,
          // Pharmacies are household businesses: a campaign reaches them only with their owner's consent.
          body: {
            company: office.companyId,
            name: `Nhà thuốc Chiến dịch ${n}`,
            kind: 'Nhà thuốc',
            phone: phoneOf(n),
            person: true,
            consent: { method: 'paper', given_at: new Date().toISOString() },
          },
        });
        expect(answer.status).toBe(201);
      }
    }),
  );
}

const zns = () => sims.simulators.zalo.world.messages.filter((message) => message.kind === 'zns' && message.phone?.startsWith('84982'));

async function openTab(page: Page, label: RegExp | string) {
  await page.getByRole('tab', { name: label }).click();
}

describe('Zalo OA in the office (1440x900)', () => {
  it('connects, syncs followers, links one, sends to 200 through a crash, and answers the inbox', async () => {
    const { context, page } = await newPage(browser, server.url, VIEWPORTS.desktop);
    context.setDefaultTimeout(WAIT_MS);
    const events: string[] = [];
    page.on('console', (message) => message.type() === 'error' && events.push(message.text()));
    page.on('pageerror', (error) => events.push(String(error)));
    page.on('requestfailed', (request) => events.push(`${request.url()} failed`));
    try {
      await signInTo(page, COMPANIES.anKhang);
      await page.goto('/zalo-oa');
      await waitForPath(page, '/zalo-oa');

      // Connect through Zalo's consent page (the simulator's), with the app's id and secrets.
      await page.getByTestId('zalo-connect').click();
      await page.getByTestId('zalo-connect-environment').click();
      await page.getByRole('option', { name: /Trình giả lập/ }).click();
      await page.getByTestId('zalo-connect-app-id').fill(DEMO_APP.appId);
      await page.getByTestId('zalo-connect-app-secret').fill(DEMO_APP.secret);
      await page.getByTestId('zalo-connect-oa-secret').fill(DEMO_APP.oaSecretKey);
      await page.getByTestId('zalo-connect-submit').click();
      await page.waitForURL((url) => url.port === String(sims.port) && url.pathname.endsWith('/v4/oa/permission'));
      await page.getByLabel('Dược phẩm An Khang').check();
      await page.getByRole('button', { name: 'Cho phép' }).click();
      await waitForPath(page, '/zalo-oa');
      await toast(page, 'success', 'Đã kết nối OA Dược phẩm An Khang').waitFor();
      await expect(page.getByTestId('zalo-oa-card').first().getAttribute('data-status')).resolves.toBe('connected');

      // Followers: synced from Zalo, and the customer suggested by phone confirmed.
      // (A person followed the OA since the demo's first sync: the sync brings them.)
      await openTab(page, 'Người quan tâm');
      const newcomer = {
        userId: '848880001',
        displayName: 'Trương Mỹ Linh',
        avatar: '',
        phone: null,
        tags: [],
        isFollower: true,
        lastInteractionAt: new Date(),
      };
      sims.simulators.zalo.world.oas.get(DEMO_OA_ID)!.users.set(newcomer.userId, newcomer);
      await page.getByTestId('zalo-followers-sync').click();
      await eventually(() => page.getByTestId('zalo-followers-synced').innerText(), 30_000).toContain('31 người quan tâm');
      await page.locator('[data-testid="zalo-follower-row"][data-name="Trương Mỹ Linh"]').waitFor();
      await page.getByTestId('zalo-follower-links').getByText('Có gợi ý').click();
      const phucAn = page.locator('[data-testid="zalo-follower-row"][data-name="Phạm Phúc An"]');
      await expect(phucAn.innerText()).resolves.toContain('Gợi ý: Nhà thuốc Phúc An');
      await phucAn.getByTestId('zalo-follower-confirm').click();
      await toast(page, 'success', 'Đã liên kết với khách hàng').waitFor();
      await page.getByTestId('zalo-follower-links').getByText('Đã liên kết').click();
      await expect(phucAn.getByTestId('zalo-follower-customer').innerText()).resolves.toBe('Nhà thuốc Phúc An');

      // 200 customers, then one campaign to all of them.
      await addCustomers(await officeSignIn(server.url));
      await openTab(page, 'Gửi hàng loạt');
      await page.getByTestId('zalo-campaign-create').click();
      await page.getByTestId('zalo-campaign-name').fill('Chương trình tháng 12');
      await page.getByTestId('zalo-campaign-template').click();
      await page.getByRole('option', { name: 'Thông báo chương trình tháng' }).click();
      await page.getByTestId('zalo-campaign-search').fill('chien dich');
      await page.getByTestId('zalo-campaign-submit').click();
      await expect(page.getByTestId('zalo-campaign-audience').innerText()).resolves.toContain(`${CUSTOMERS} người nhận`);
      await page.getByTestId('zalo-campaign-submit').click();
      await toast(page, 'success', `Đang gửi tới ${CUSTOMERS} người nhận`).waitFor();
      const progress = page.getByTestId('zalo-campaign-detail').getByTestId('zalo-campaign-progress');
      await eventually(async () => Number(await progress.getAttribute('data-progress'))).toBeGreaterThan(0);

      // The server dies mid-campaign and comes back on the same data.
      await eventually(() => zns().length, 30_000).toBeGreaterThanOrEqual(40);
      await server.kill9();
      const sentBeforeCrash = zns().length;
      expect(sentBeforeCrash).toBeLessThan(CUSTOMERS);
      server = await startApp();
      await page.reload();
      await openTab(page, 'Gửi hàng loạt');
      await page.getByTestId('zalo-campaign-open').first().click();
      await eventually(() => page.getByTestId('zalo-campaign-status').textContent(), 60_000).toBe('Hoàn tất');
      // The rows agree with the header: none left "Đang chờ" once it says done.
      await eventually(() => page.locator('[data-testid="zalo-recipient"][data-status="waiting"]').count()).toBe(0);
      // Zalo keeps no send-once key (server/modules/messaging/messages-send.ts): a send the kill cut
      // off is not sent again but ends "lỗi" for a person to check, one per job running at the kill.
      const counts = /^Đã gửi (\d+)\/(\d+) · lỗi (\d+) · đang chờ 0/.exec(await page.getByTestId('zalo-campaign-counts').innerText());
      const [sent, total, failed] = [Number(counts?.[1]), Number(counts?.[2]), Number(counts?.[3])];
      expect([total, sent + failed]).toEqual([CUSTOMERS, CUSTOMERS]);
      expect(failed).toBeLessThanOrEqual(2);

      // At most one message at Zalo for any recipient, and one for every recipient sent.
      const perPhone = new Map<string, number>();
      for (const message of zns()) perPhone.set(message.phone!, (perPhone.get(message.phone!) ?? 0) + 1);
      expect([...perPhone.values()].every((count) => count === 1)).toBe(true);
      expect(perPhone.size).toBeGreaterThanOrEqual(sent);
      expect(perPhone.size).toBeLessThanOrEqual(CUSTOMERS);

      // A follower writes to the OA: the inbox shows it without a reload, and it is answered.
      await openTab(page, /Hội thoại/);
      await fetch(`${sims.url}/zalo/__sim/users/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ user_id: '847000000001', text: 'Cho chị đặt 10 hộp Panadol nhé' }),
      });
      const conversation = page.locator('[data-testid="zalo-conversation"][data-name="Phạm Phúc An"]');
      await eventually(() => conversation.getAttribute('data-unread'), 20_000).toBe('1');
      await expect(page.getByTestId('zalo-unread-total').innerText()).resolves.toBe('1');
      await conversation.click();
      await eventually(() => page.getByTestId('zalo-thread').innerText()).toContain('Cho chị đặt 10 hộp Panadol nhé');
      await page.getByTestId('zalo-reply').fill('Dạ em lên đơn 10 hộp Panadol cho chị ạ');
      await page.getByTestId('zalo-reply-send').click();
      const reply = page.locator('[data-testid="zalo-message"][data-direction="out"]').filter({ hasText: 'Dạ em lên đơn 10 hộp' });
      await eventually(() => reply.getAttribute('data-status'), 20_000).toBe('sent');
      await eventually(() => conversation.getAttribute('data-unread')).toBe('0');
      const atZalo = sims.simulators.zalo.world.messages.filter((message) => message.kind === 'cs' && message.userId === '847000000001');
      expect(atZalo.map((message) => message.text)).toEqual(['Dạ em lên đơn 10 hộp Panadol cho chị ạ']);
      expect(server.errors).toEqual([]);
    } catch (error) {
      await page.screenshot({ path: path.join(os.tmpdir(), 'zalo-oa-e2e-failure.png') }).catch(() => undefined);
      console.error(
        `zalo-oa e2e failed on ${page.url()}:\n${(
          await page
            .locator('body')
            .innerText()
            .catch(() => '')
        ).slice(0, 3000)}\n${events.join('\n')}`,
      );
      throw error;
    } finally {
      await context.close();
    }
  }, 300_000);
});
