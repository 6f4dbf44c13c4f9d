/**
 * Notifications on a device (docs/notifications.md): the service worker shows a pushed notification, with its
 * title, body and link, and the open page's bell counts the new one at once, without waiting for
 * its next poll. Chromium's DevTools deliver the push message to the app's worker (real push
 * services are unreachable here; the server's side of Web Push is tested against a local endpoint,
 * server/modules/notifications/web-push.test.ts).
 */
import { describe, it } from 'vitest';
import type { Envelope } from '@contract/envelope';
import type { NotificationRecord, PushPayload } from '@contract/notifications';
import { VIEWPORTS } from '@tests/support/browser';
import { COMPANIES, DEMO_ACCOUNT, eventually, setupE2e, signInTo, waitForServiceWorker } from '@tests/support/e2e-app';

const app = setupE2e();

async function call<T>(path: string, body?: unknown, token?: string, method = body === undefined ? 'GET' : 'POST'): Promise<T> {
  const response = await fetch(`${app.server.url}/api/${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return ((await response.json()) as Envelope<T>).data;
}

/** A person asks to join An Khang through the API: its owner, the demo account, gets a notification. Answers An Khang's id. */
async function joinRequest(phone: string, fullName: string): Promise<number> {
  const post = call;
  const password = 'ThongBao@2026';
  const started = await post<{ access_token: string }>('account/api/register-v2', {
    phone,
    full_name: fullName,
    password,
    password_confirm: password,
  });
  const code = app.server.sentCodes.filter((entry) => entry.to === phone).at(-1)!.code;
  const { access } = await post<{ access: string }>('account/api/verify-v2', { access_token: started.access_token, otp: code });
  const found = await post<{ company: { id: number } }>('company/api/checkcompany/', { tax_code: '0312345673' }, access);
  await post(`account/api/account-register-company/${found.company.id}/`, {}, access, 'PUT');
  return found.company.id;
}

describe('a pushed notification', () => {
  it('is shown by the service worker, and the open page’s bell counts it at once', async () => {
    const { context, page } = await app.open(VIEWPORTS.desktop, { serviceWorkers: 'allow' });
    await context.grantPermissions(['notifications']);
    await signInTo(page, COMPANIES.anKhang);
    await waitForServiceWorker(page);
    const bell = page.getByTestId('notification-bell');
    const count = async () => Number(/(\d+) chưa đọc/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1] ?? 0);
    const before = await count();

    const anKhang = await joinRequest('0386000303', 'Hứa Văn Phúc');
    const owner = await call<{ access: string }>('account/api/login/', { phone: DEMO_ACCOUNT.phone, password: DEMO_ACCOUNT.password });
    const [created] = await call<NotificationRecord[]>(
      `notification/api/notification/?company=${anKhang}&limit=1`,
      undefined,
      owner.access,
    );

    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: { registrationId: string; scopeURL: string }[] }) => {
      registrations.push(...event.registrations);
    });
    await cdp.send('ServiceWorker.enable');
    await eventually(() => registrations.length).toBeGreaterThan(0);
    const payload: PushPayload = { id: created!.id, title: created!.title, body: created!.body, link: created!.link, company: anKhang };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: app.server.url,
      registrationId: registrations[0]!.registrationId,
      data: JSON.stringify(payload),
    });

    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((notification) => ({
          title: notification.title,
          body: notification.body,
          tag: notification.tag,
          link: (notification.data as { link?: string } | null)?.link,
        })),
      );
    await eventually(shown).toEqual([
      {
        title: 'Hứa Văn Phúc xin tham gia công ty',
        body: 'Số điện thoại 0386000303. Chấp nhận hoặc từ chối yêu cầu.',
        tag: `notification-${created!.id}`,
        link: '/join-requests',
      },
    ]);
    // The worker told the page: the bell asked the server at once (its poll is 30 s away).
    await eventually(count, 5_000).toBe(before + 1);
  });
});
